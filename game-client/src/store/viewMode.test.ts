import { describe, expect, it } from 'vitest';
import { DESKTOP_MIN_WIDTH, MOBILE_MAX_WIDTH, viewModeForViewport } from './viewMode';

describe('the view mode of a first visit', () => {
  it.each([
    [320, 568, 'mobile'],
    [390, 844, 'mobile'],
    [430, 932, 'mobile'],
    [768, 1024, 'tablet'],
    [844, 390, 'tablet'],
    [1024, 768, 'tablet'],
    [1080, 1920, 'tablet'],
    [1280, 800, 'desktop'],
    [1366, 768, 'desktop'],
    [1920, 1080, 'desktop'],
  ] as const)('%i x %i is %s', (width, _height, mode) => {
    expect(viewModeForViewport(width)).toBe(mode);
  });

  it('switches exactly at the named thresholds', () => {
    expect(viewModeForViewport(MOBILE_MAX_WIDTH - 1)).toBe('mobile');
    expect(viewModeForViewport(MOBILE_MAX_WIDTH)).toBe('tablet');
    expect(viewModeForViewport(DESKTOP_MIN_WIDTH - 1)).toBe('tablet');
    expect(viewModeForViewport(DESKTOP_MIN_WIDTH)).toBe('desktop');
  });
});
