import { CASE_COUNT, FINAL_ROUND } from '../constants.js';
import type { Gift } from '../gifts/catalogue.js';
import { casesToEliminate, roundQuota } from './quotas.js';

export const GAME_PHASES = [
  'selection',
  'elimination',
  'phone-ringing',
  'offer',
  'final-choice',
  'final-reveal',
  'finished',
] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

export const GAME_OUTCOMES = ['won', 'banker_accepted'] as const;
export type GameOutcome = (typeof GAME_OUTCOMES)[number];

/** The whole game as JSON: SPEC.md section 3, plus the game's id and how it ended. */
export interface GameState {
  /** Made by the client when the game starts; the server keys saves on it. */
  readonly clientGameId: string;
  /** Gift in each case: index 0 is case 1. */
  readonly briefcaseGifts: readonly Gift[];
  readonly selectedCase: number | null;
  /** Case numbers in the order they were opened. */
  readonly eliminatedCases: readonly number[];
  readonly currentRound: number;
  /** Unopened cases other than the player's (26 before the pick). */
  readonly casesRemaining: number;
  readonly bankerOffer: number;
  readonly gamePhase: GamePhase;
  readonly casesToEliminateThisRound: number;
  readonly casesEliminatedThisRound: number;
  readonly offerHistory: readonly number[];
  /** null until the final choice is made. */
  readonly wasSwapped: boolean | null;
  readonly gameOutcome: GameOutcome | null;
  readonly finalAmount: number | null;
  /** The case whose gift the player ends with. */
  readonly finalCase: number | null;
}

/** A fresh game with the gifts already dealt into cases (SPEC.md section 4 "NEW GAME" values). */
export function dealtGame(briefcaseGifts: readonly Gift[], clientGameId: string): GameState {
  return {
    clientGameId,
    briefcaseGifts: [...briefcaseGifts],
    selectedCase: null,
    eliminatedCases: [],
    currentRound: 1,
    casesRemaining: CASE_COUNT,
    bankerOffer: 0,
    gamePhase: 'selection',
    casesToEliminateThisRound: roundQuota(1),
    casesEliminatedThisRound: 0,
    offerHistory: [],
    wasSwapped: null,
    gameOutcome: null,
    finalAmount: null,
    finalCase: null,
  };
}

export function giftInCase(state: GameState, caseNumber: number): Gift | undefined {
  return state.briefcaseGifts[caseNumber - 1];
}

export function isValidCaseNumber(caseNumber: number): boolean {
  return Number.isInteger(caseNumber) && caseNumber >= 1 && caseNumber <= CASE_COUNT;
}

/** Coins of every unopened case, the player's included: what the banker prices. */
export function remainingValues(state: GameState): number[] {
  const opened = new Set(state.eliminatedCases);
  return state.briefcaseGifts.filter((_, i) => !opened.has(i + 1)).map((gift) => gift.coins);
}

/** Unopened cases other than the player's, in case order. */
export function unopenedOtherCases(state: GameState): number[] {
  const opened = new Set(state.eliminatedCases);
  const out: number[] = [];
  for (let n = 1; n <= state.briefcaseGifts.length; n++) {
    if (n !== state.selectedCase && !opened.has(n)) out.push(n);
  }
  return out;
}

/** The one case left besides the player's at the final choice. */
export function otherCase(state: GameState): number | null {
  const others = unopenedOtherCases(state);
  return others.length === 1 ? (others[0] as number) : null;
}

/** Cases the player must open next round if they refuse the offer on the table (0: the final choice comes). */
export function casesToOpenIfRejected(state: GameState): number {
  return state.casesRemaining <= 1 ? 0 : casesToEliminate(state.currentRound + 1, state.casesRemaining);
}

/**
 * The case the player gave up at the final choice: the other case when keeping, the original when swapping.
 * null before the choice (and after a deal, which has no choice).
 */
export function givenUpCase(state: GameState): number | null {
  if (state.wasSwapped === null || state.selectedCase === null) return null;
  return state.wasSwapped ? state.selectedCase : otherCase(state);
}

/** A case is picked and the game has not reached its end (a deal or the final reveal): worth a confirmation. */
export function isGameInProgress(state: GameState): boolean {
  return state.selectedCase !== null && state.gameOutcome === null;
}

export function isGameOver(state: GameState): boolean {
  return state.gameOutcome !== null;
}

export function isFinalRound(state: GameState): boolean {
  return state.currentRound === FINAL_ROUND;
}
