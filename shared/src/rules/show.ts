import { meanValue } from './banker.js';
import { remainingValues, type GameState } from './state.js';

/**
 * The show's moments (issue 15): when the board celebrates, how an offer compares with the board, which
 * way the banker's offers went, when a case opens slowly. Pure decisions on the game state, so the canvas,
 * its DOM mirror and the tests agree; none of them changes a rule of the game.
 */
export const SHOW_MOMENTS = {
  /** "A big value survives": the board's top values, this many, are all still unopened when the banker calls. */
  bigValueTopCount: 3,
  /** The last cases open slowly: this many unopened cases or fewer besides the player's, before the tap. */
  slowOpenMaxCasesLeft: 3,
} as const;

export type Celebration = 'bigValuesSurvive' | 'beatTheBanker';

/** The board's average: the mean of every unopened case's value, the player's included. */
export function boardAverage(state: GameState): number {
  return meanValue(remainingValues(state));
}

/** The offer as a whole percentage of the board's average (0 when nothing is left to average). */
export function offerShareOfAverage(offer: number, average: number): number {
  return average > 0 ? Math.round((offer / average) * 100) : 0;
}

export type OfferDirection = 'first' | 'up' | 'down' | 'same';

export interface OfferStep {
  readonly offer: number;
  /** Against the offer before it. */
  readonly direction: OfferDirection;
  /** The last offer of the history: the one on the table. */
  readonly current: boolean;
}

/** The banker's offers in order, each marked up, down or the same as the one before. */
export function offerSteps(history: readonly number[]): OfferStep[] {
  return history.map((offer, i) => {
    const before = i === 0 ? undefined : history[i - 1];
    const direction: OfferDirection =
      before === undefined ? 'first' : offer > before ? 'up' : offer < before ? 'down' : 'same';
    return { offer, direction, current: i === history.length - 1 };
  });
}

/** The board's top values (by coins; the first case holding each on a tie) are all still unopened. */
export function bigValuesSurvive(state: GameState, count: number = SHOW_MOMENTS.bigValueTopCount): boolean {
  const opened = new Set(state.eliminatedCases);
  const top = state.briefcaseGifts
    .map((gift, i) => ({ coins: gift.coins, caseNumber: i + 1 }))
    .sort((a, b) => b.coins - a.coins || a.caseNumber - b.caseNumber)
    .slice(0, count);
  return top.length === count && top.every((c) => !opened.has(c.caseNumber));
}

/**
 * The player beat the banker: a deal above the player's own case, or final winnings above the best offer
 * refused.
 */
export function beatsTheBanker(state: GameState): boolean {
  if (state.finalAmount === null) return false;
  if (state.gameOutcome === 'banker_accepted') {
    const own = state.selectedCase === null ? undefined : state.briefcaseGifts[state.selectedCase - 1];
    return own !== undefined && state.finalAmount > own.coins;
  }
  if (state.gameOutcome === 'won') {
    return state.offerHistory.length > 0 && state.finalAmount > Math.max(...state.offerHistory);
  }
  return false;
}

/**
 * What the board celebrates in this state: the banker calling while the top values survive, or a game
 * ended above the banker. Asked when the phone rings and when a reveal shows.
 */
export function celebrationFor(state: GameState): Celebration | null {
  if (state.gamePhase === 'phone-ringing') return bigValuesSurvive(state) ? 'bigValuesSurvive' : null;
  return beatsTheBanker(state) ? 'beatTheBanker' : null;
}

/**
 * The case just opened was one of the last: at most SHOW_MOMENTS.slowOpenMaxCasesLeft unopened cases
 * besides the player's before it opened (casesRemaining counts them after it).
 */
export function isSlowOpen(state: GameState): boolean {
  return (
    state.selectedCase !== null &&
    state.eliminatedCases.length > 0 &&
    state.casesRemaining + 1 <= SHOW_MOMENTS.slowOpenMaxCasesLeft
  );
}
