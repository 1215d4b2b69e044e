// Helpers for the rules' tests: drive the reducer headless, failing loudly on a refused action.
import { resolveGiftSet } from '../gifts/giftSet.js';
import { createRng, type Rng } from '../random.js';
import type { GameAction } from './actions.js';
import { newGame, reduce, type ReduceResult } from './reduce.js';
import { unopenedOtherCases, type GameState } from './state.js';

export const TEST_GAME_ID = '00000000-0000-4000-8000-000000000001';

export function startGame(
  seed = 1,
  giftIds: readonly number[] | null = null,
): { state: GameState; rng: Rng } {
  const rng = createRng(seed);
  return { state: newGame(resolveGiftSet(giftIds), TEST_GAME_ID, rng), rng };
}

export function act(state: GameState, action: GameAction, rng: Rng): ReduceResult {
  const result = reduce(state, action, rng);
  if (result.rejected) throw new Error(`${action.type} refused: ${result.rejected.message}`);
  return result;
}

/** Opens the lowest-numbered cases the round still needs, answering the phone at the end. */
export function playRound(state: GameState, rng: Rng): GameState {
  let s = state;
  while (s.gamePhase === 'elimination') {
    const next = unopenedOtherCases(s)[0];
    if (next === undefined) throw new Error('no case left to open');
    s = act(s, { type: 'eliminateCase', caseNumber: next }, rng).state;
  }
  return act(s, { type: 'phoneAnswered' }, rng).state;
}

/** Picks `caseNumber`, then refuses every offer until the final choice. */
export function playToFinalChoice(state: GameState, rng: Rng, caseNumber = 1): GameState {
  let s = act(state, { type: 'selectCase', caseNumber }, rng).state;
  while (s.gamePhase !== 'final-choice') {
    s = playRound(s, rng);
    s = act(s, { type: 'noDeal' }, rng).state;
  }
  return s;
}
