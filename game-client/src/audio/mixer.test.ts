import { describe, expect, it } from 'vitest';
import { clampVolume, effectiveLevels, INITIAL_VOLUMES, mixerGains } from './mixer';

describe('the mix', () => {
  it('starts at master 0.7, effects 0.8, the music at its own 0.7', () => {
    expect(mixerGains(INITIAL_VOLUMES)).toEqual({ master: 0.7, sfx: 0.8, music: 0.7, ring: 0.6 });
  });

  it('rings at master x sfx x 0.6 and plays the music at half its volume once moved', () => {
    const moved = { master: 0.5, sfx: 0.4, music: 0.6, musicTouched: true };
    const levels = effectiveLevels(moved);
    expect(levels.ring).toBeCloseTo(0.5 * 0.4 * 0.6, 10);
    expect(levels.cues).toBeCloseTo(0.2, 10);
    expect(levels.music).toBeCloseTo(0.5 * 0.3, 10);
  });

  it('keeps a slider inside 0..1 on steps of 0.1', () => {
    expect(clampVolume(1.4)).toBe(1);
    expect(clampVolume(-2)).toBe(0);
    expect(clampVolume(0.34)).toBe(0.3);
    expect(clampVolume(Number.NaN)).toBe(0);
  });
});
