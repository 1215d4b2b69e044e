import {
  BANKER_CAP_FROM_ROUND_9,
  BANKER_CAP_ROUND_8,
  BANKER_CAP_UP_TO_ROUND_7,
  BANKER_FACTORS,
  BANKER_LARGE_OFFER_STEP,
  BANKER_MIN_OFFER,
  BANKER_NO_CASES_OFFER,
  BANKER_NOISE,
  BANKER_SMALL_OFFER_LIMIT,
  BANKER_SMALL_OFFER_STEP,
  BANKER_TOP_TWO_MAX_PENALTY,
  BANKER_TOP_TWO_PENALTY_RATE,
  BANKER_TOP_TWO_SHARE_THRESHOLD,
} from '../constants.js';
import type { Rng } from '../random.js';

/** Step 2: the round factor (rounds past 9 keep the last one). */
export function roundFactor(round: number): number {
  const index = Math.min(Math.max(round, 1), BANKER_FACTORS.length) - 1;
  return BANKER_FACTORS[index] as number;
}

/** Step 3: how much the factor drops when the two highest values hold more than 33% of the total. */
export function topTwoPenalty(values: readonly number[]): number {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total <= 0) return 0;
  const [first = 0, second = 0] = [...values].sort((a, b) => b - a);
  const share = (first + second) / total;
  if (share <= BANKER_TOP_TWO_SHARE_THRESHOLD) return 0;
  return Math.min(
    (share - BANKER_TOP_TWO_SHARE_THRESHOLD) * BANKER_TOP_TWO_PENALTY_RATE,
    BANKER_TOP_TWO_MAX_PENALTY,
  );
}

/** Step 5: the cap, as a multiple of the mean. */
export function offerCapMultiple(round: number): number {
  if (round <= 7) return BANKER_CAP_UP_TO_ROUND_7;
  if (round === 8) return BANKER_CAP_ROUND_8;
  return BANKER_CAP_FROM_ROUND_9;
}

/** Step 6: down to a multiple of 25 below 1000, of 50 from 1000 on. */
export function roundOfferDown(amount: number): number {
  const step = amount < BANKER_SMALL_OFFER_LIMIT ? BANKER_SMALL_OFFER_STEP : BANKER_LARGE_OFFER_STEP;
  return Math.floor(amount / step) * step;
}

/** The noise multiplier for a draw in [0, 1): 0.98 up to (not quite) 1.02. */
export function noiseMultiplier(draw: number): number {
  return 1 + (draw * 2 - 1) * BANKER_NOISE;
}

/** Step 1: the mean of the values still in play (0 when none are left): also the board's average shown beside an offer. */
export function meanValue(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * Steps 1 to 7 for a given noise multiplier. The result only grows with the multiplier, which is what
 * lets offerBounds() give exact limits.
 */
export function offerWithNoise(remainingValues: readonly number[], round: number, noise: number): number {
  if (remainingValues.length === 0) return BANKER_NO_CASES_OFFER;
  const mean = meanValue(remainingValues);
  const factor = roundFactor(round) - topTwoPenalty(remainingValues);
  const capped = Math.min(mean * factor * noise, mean * offerCapMultiple(round));
  return Math.max(roundOfferDown(capped), BANKER_MIN_OFFER);
}

/**
 * The banker's offer for the values still in play (the player's case included), SPEC.md section 9.
 * `round` is the round the offer is priced as (see offerRound()).
 */
export function bankerOffer(remainingValues: number[], round: number, rng: Rng): number {
  return offerWithNoise(remainingValues, round, noiseMultiplier(rng()));
}

/** The lowest and highest offer the banker can make for this board and round. */
export function offerBounds(remainingValues: readonly number[], round: number): { min: number; max: number } {
  return {
    min: offerWithNoise(remainingValues, round, 1 - BANKER_NOISE),
    max: offerWithNoise(remainingValues, round, 1 + BANKER_NOISE),
  };
}

/** Whether the banker could have offered `amount` for this board and round. */
export function isPossibleOffer(amount: number, remainingValues: readonly number[], round: number): boolean {
  if (!Number.isInteger(amount)) return false;
  const { min, max } = offerBounds(remainingValues, round);
  if (amount < min || amount > max) return false;
  // Every amount the banker names is a rounding step, or the floor of 1.
  return amount === roundOfferDown(amount) || amount === BANKER_MIN_OFFER;
}
