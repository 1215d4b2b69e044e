import { describe, expect, it } from 'vitest';
import {
  casesOpenedAfterRound,
  casesToEliminate,
  isRoundComplete,
  offerRound,
  roundQuota,
} from './quotas.js';

describe('round quotas', () => {
  it.each([
    [1, 6],
    [2, 5],
    [3, 4],
    [4, 3],
    [5, 2],
    [6, 1],
    [7, 1],
    [8, 1],
    [9, 1],
    [10, 1],
    [11, 1],
  ])('round %i opens %i case(s)', (round, quota) => {
    expect(roundQuota(round)).toBe(quota);
  });

  it('opens all 24 other cases over nine rounds', () => {
    expect(casesOpenedAfterRound(9)).toBe(24);
    expect(casesOpenedAfterRound(1)).toBe(6);
    expect(casesOpenedAfterRound(5)).toBe(20);
  });

  it('never asks to open the last case besides the player’s', () => {
    expect(casesToEliminate(1, 25)).toBe(6);
    expect(casesToEliminate(2, 3)).toBe(2);
    expect(casesToEliminate(9, 1)).toBe(0);
  });

  it('a round is complete once the eliminated count reaches the quota', () => {
    expect(isRoundComplete(5, 6)).toBe(false);
    expect(isRoundComplete(6, 6)).toBe(true);
    expect(isRoundComplete(7, 6)).toBe(true);
  });

  it('prices the offer as round 9 when one case remains besides the player’s', () => {
    expect(offerRound(4, 1)).toBe(9);
    expect(offerRound(4, 2)).toBe(4);
    expect(offerRound(9, 1)).toBe(9);
  });
});
