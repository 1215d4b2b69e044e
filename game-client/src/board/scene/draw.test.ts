import { describe, expect, it } from 'vitest';
import { textStyle } from './draw';

describe('textStyle', () => {
  it('keeps the default weight when an option is given as undefined', () => {
    const style = textStyle({ fontSize: 22, fontWeight: undefined, fill: undefined });
    expect(style.fontWeight).toBe('700');
    expect(style.fill).toBeDefined();
    // The canvas refuses a font string with 'undefined' in it and measures in another font.
    expect(style._fontString).not.toContain('undefined');
    expect(style._fontString).toContain('700');
  });
  it('takes the options that are given', () => {
    expect(textStyle({ fontSize: 22, fontWeight: '900' }).fontWeight).toBe('900');
  });
});
