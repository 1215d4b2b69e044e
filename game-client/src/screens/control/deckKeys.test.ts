import { describe, expect, it } from 'vitest';
import { deckCommand } from './deckKeys';

const plain = { ctrl: false, alt: false, meta: false };

describe('the control deck hotkeys', () => {
  it('builds a case number from digits and sends it with Enter', () => {
    expect(deckCommand('1', '', plain)).toEqual({ type: 'digit', digits: '1' });
    expect(deckCommand('7', '1', plain)).toEqual({ type: 'digit', digits: '17' });
    expect(deckCommand('3', '17', plain)).toEqual({ type: 'digit', digits: '73' });
    expect(deckCommand('0', '', plain)).toEqual({ type: 'digit', digits: '' });
    expect(deckCommand('5', '0', plain)).toEqual({ type: 'digit', digits: '5' });
    expect(deckCommand('Enter', '17', plain)).toEqual({ type: 'case', caseNumber: 17 });
    expect(deckCommand('Enter', '26', plain)).toEqual({ type: 'case', caseNumber: 26 });
    expect(deckCommand('Enter', '27', plain)).toEqual({ type: 'clear' });
    expect(deckCommand('Enter', '', plain)).toEqual({ type: 'clear' });
    expect(deckCommand('Escape', '12', plain)).toEqual({ type: 'clear' });
  });

  it('maps D, N, K, S, Space and Ctrl+Enter to the phase buttons, and leaves other keys to the browser', () => {
    expect(deckCommand('d', '', plain)).toEqual({ type: 'deal' });
    expect(deckCommand('D', '', plain)).toEqual({ type: 'deal' });
    expect(deckCommand('n', '', plain)).toEqual({ type: 'noDeal' });
    expect(deckCommand('k', '', plain)).toEqual({ type: 'keep' });
    expect(deckCommand('s', '', plain)).toEqual({ type: 'swap' });
    expect(deckCommand(' ', '', plain)).toEqual({ type: 'continue' });
    expect(deckCommand('Enter', '3', { ...plain, ctrl: true })).toEqual({ type: 'newGame' });
    expect(deckCommand('d', '', { ...plain, ctrl: true })).toBeNull();
    expect(deckCommand('s', '', { ...plain, meta: true })).toBeNull();
    expect(deckCommand('x', '', plain)).toBeNull();
    expect(deckCommand('Tab', '', plain)).toBeNull();
  });
});
