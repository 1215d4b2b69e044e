import { describe, expect, it } from 'vitest';
import { createRng } from '../random.js';
import {
  bankerOffer,
  isPossibleOffer,
  noiseMultiplier,
  offerBounds,
  offerCapMultiple,
  offerWithNoise,
  roundFactor,
  roundOfferDown,
  topTwoPenalty,
} from './banker.js';

const NO_NOISE = () => 0.5;
/** Ten cases of 100,000 coins: no top-two penalty (share 0.2), and offers big enough to show the factor. */
const FLAT = new Array<number>(10).fill(100_000);

describe('step 1 and 2: mean times the round factor', () => {
  it.each([
    [1, 28_000],
    [2, 38_000],
    [3, 50_000],
    [4, 62_000],
    [5, 70_000],
    [6, 76_000],
    [7, 84_000],
    [8, 90_000],
    [9, 95_000],
  ])('round %i offers %i on a flat board of 100,000', (round, offer) => {
    expect(bankerOffer(FLAT, round, NO_NOISE)).toBe(offer);
  });

  it('keeps the round 9 factor after round 9', () => {
    expect(roundFactor(10)).toBe(0.95);
    expect(bankerOffer(FLAT, 10, NO_NOISE)).toBe(95_000);
  });

  it('takes the mean of all remaining values', () => {
    // Mean of 10,000 and 30,000 is 20,000; with two values the top-two share is 1, so the factor drops 0.06.
    expect(bankerOffer([10_000, 30_000], 9, NO_NOISE)).toBe(Math.floor((20_000 * (0.95 - 0.06)) / 50) * 50);
  });
});

describe('step 3: the top-two share reduction', () => {
  it('does nothing at or below a 33% share', () => {
    expect(topTwoPenalty([165, 165, 134, 134, 134, 134, 134])).toBe(0); // exactly 0.33
    expect(topTwoPenalty(FLAT)).toBe(0);
  });

  it('lowers the factor by (share - 0.33) x 0.4', () => {
    expect(topTwoPenalty([170, 170, 132, 132, 132, 132, 132])).toBeCloseTo(0.004, 12); // share 0.34
    const board = [20_000, 20_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]; // share 0.4
    expect(topTwoPenalty(board)).toBeCloseTo(0.028, 12);
    // mean 12,500 x (0.5 - 0.028) = 5,900
    expect(bankerOffer(board, 3, NO_NOISE)).toBe(5900);
  });

  it('lowers it by at most 0.06', () => {
    const board = [40_000, 40_000, 1000, 1000]; // share 0.976
    expect(topTwoPenalty(board)).toBe(0.06);
    // mean 20,500 x (0.7 - 0.06) = 13,120 -> 13,100
    expect(bankerOffer(board, 5, NO_NOISE)).toBe(13_100);
  });
});

describe('step 4: noise of plus or minus 2%', () => {
  it('maps a draw of 0 to 0.98, 0.5 to 1 and the top of [0, 1) to just under 1.02', () => {
    expect(noiseMultiplier(0)).toBeCloseTo(0.98, 12);
    expect(noiseMultiplier(0.5)).toBe(1);
    expect(noiseMultiplier(0.999_999)).toBeLessThan(1.02);
    expect(noiseMultiplier(0.999_999)).toBeGreaterThan(1.0199);
  });

  it('keeps every offer within 2% either side', () => {
    expect(bankerOffer(FLAT, 9, () => 0)).toBe(93_100); // 95,000 x 0.98
    expect(bankerOffer(FLAT, 9, () => 0.999_999)).toBe(96_850); // just under 96,900
    expect(offerBounds(FLAT, 9)).toEqual({ min: 93_100, max: 96_900 });
    const rng = createRng(99);
    const offers = Array.from({ length: 2000 }, () => bankerOffer(FLAT, 9, rng));
    expect(Math.min(...offers)).toBeGreaterThanOrEqual(93_100);
    expect(Math.max(...offers)).toBeLessThanOrEqual(96_900);
    expect(new Set(offers).size).toBeGreaterThan(50); // the noise really varies
  });
});

describe('step 5: the cap', () => {
  it('caps at the mean up to round 7, 1.0 x the mean in round 8, 1.05 x from round 9', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(offerCapMultiple)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(offerCapMultiple(8)).toBe(1);
    expect(offerCapMultiple(9)).toBe(1.05);
    expect(offerCapMultiple(10)).toBe(1.05);
  });

  it.each([
    [1, 100_000],
    [7, 100_000],
    [8, 100_000],
    [9, 105_000],
    [10, 105_000],
  ])('round %i with four times the offer stops at %i', (round, capped) => {
    expect(offerWithNoise(FLAT, round, 4)).toBe(capped);
  });
});

describe('step 6: rounding down', () => {
  it('to a multiple of 25 below 1000', () => {
    expect(roundOfferDown(999.99)).toBe(975);
    expect(roundOfferDown(974.9)).toBe(950);
    expect(roundOfferDown(49)).toBe(25);
  });
  it('to a multiple of 50 from 1000', () => {
    expect(roundOfferDown(1000)).toBe(1000);
    expect(roundOfferDown(1049.9)).toBe(1000);
    expect(roundOfferDown(1075)).toBe(1050);
    expect(roundOfferDown(44_999)).toBe(44_950);
  });
  it('in a real offer', () => {
    // mean 3,000 x 0.28 = 840 -> 825 (a multiple of 25, not of 50)
    expect(bankerOffer(new Array<number>(20).fill(3000), 1, NO_NOISE)).toBe(825);
  });
});

describe('step 7 and 8: the floor, no cases, and the last case', () => {
  it('never offers less than 1', () => {
    expect(bankerOffer([1, 1, 1, 1], 1, NO_NOISE)).toBe(1);
    expect(bankerOffer([1, 5, 10, 20], 1, () => 0)).toBe(1);
  });
  it('offers 0 when no cases are left', () => {
    expect(bankerOffer([], 3, NO_NOISE)).toBe(0);
  });
  it('uses round 9 for a board with one case left besides the player’s (see offerRound in quotas.test.ts)', () => {
    expect(roundFactor(9)).toBe(0.95);
  });
});

describe('isPossibleOffer', () => {
  it('accepts every step between the bounds and nothing else', () => {
    expect(isPossibleOffer(93_100, FLAT, 9)).toBe(true);
    expect(isPossibleOffer(96_900, FLAT, 9)).toBe(true);
    expect(isPossibleOffer(95_000, FLAT, 9)).toBe(true);
    expect(isPossibleOffer(93_050, FLAT, 9)).toBe(false); // below
    expect(isPossibleOffer(96_950, FLAT, 9)).toBe(false); // above
    expect(isPossibleOffer(95_025, FLAT, 9)).toBe(false); // not a step of 50
    expect(isPossibleOffer(95_000.5, FLAT, 9)).toBe(false);
  });
  it('accepts the floor of 1 only where the banker could reach it', () => {
    expect(isPossibleOffer(1, [1, 1, 1, 1], 1)).toBe(true);
    expect(isPossibleOffer(1, FLAT, 9)).toBe(false);
  });
});
