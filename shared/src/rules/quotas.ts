import { BANKER_LAST_CASE_ROUND, LATER_ROUND_QUOTA, ROUND_QUOTAS } from '../constants.js';

/** Cases to open in a round (1-based): 6, 5, 4, 3, 2, 1, 1, 1, 1, then 1. */
export function roundQuota(round: number): number {
  return ROUND_QUOTAS[round - 1] ?? LATER_ROUND_QUOTA;
}

/** Cases to open this round: the quota, but always leaving one case besides the player's. */
export function casesToEliminate(round: number, casesRemaining: number): number {
  return Math.min(roundQuota(round), casesRemaining - 1);
}

/** A round is complete when the eliminated count reaches its quota. */
export function isRoundComplete(
  casesEliminatedThisRound: number,
  casesToEliminateThisRound: number,
): boolean {
  return casesEliminatedThisRound >= casesToEliminateThisRound;
}

/** Cases opened in total once rounds 1..round are all complete. */
export function casesOpenedAfterRound(round: number): number {
  let total = 0;
  for (let r = 1; r <= round; r++) total += roundQuota(r);
  return total;
}

/** The round the banker prices an offer as: round 9 once only one case is left besides the player's. */
export function offerRound(currentRound: number, casesRemaining: number): number {
  return casesRemaining === 1 ? BANKER_LAST_CASE_ROUND : currentRound;
}
