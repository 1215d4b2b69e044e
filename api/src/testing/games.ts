// Real games for API tests: played through the shared reducer, so every payload is one the board could send.
import { randomUUID } from 'node:crypto';
import {
  buildSavedGame,
  createRng,
  newGame,
  reduce,
  resolveGiftSet,
  unopenedOtherCases,
  type GameAction,
  type GameState,
  type SavedGamePayload,
} from '@dond/shared';

export interface PlayPlan {
  seed?: number;
  pick?: number;
  /** Take the banker's offer in this round; null plays on to the final choice. */
  dealInRound?: number | null;
  swap?: boolean;
  giftIds?: readonly number[] | null;
  customGiftSetId?: number | null;
}

export function playGame(plan: PlayPlan = {}): SavedGamePayload {
  const rng = createRng(plan.seed ?? 1);
  const step = (s: GameState, action: GameAction) => {
    const result = reduce(s, action, rng);
    if (result.rejected) throw new Error(result.rejected.message);
    return result.state;
  };
  let s = newGame(resolveGiftSet(plan.giftIds ?? null), randomUUID(), rng);
  s = step(s, { type: 'selectCase', caseNumber: plan.pick ?? 1 });
  for (;;) {
    while (s.gamePhase === 'elimination') {
      const others = unopenedOtherCases(s);
      s = step(s, { type: 'eliminateCase', caseNumber: others[Math.floor(rng() * others.length)]! });
    }
    s = step(s, { type: 'phoneAnswered' });
    if (plan.dealInRound === s.currentRound) {
      s = step(s, { type: 'deal' });
      break;
    }
    s = step(s, { type: 'noDeal' });
    if (s.gamePhase === 'final-choice') {
      s = step(s, { type: 'finalChoice', swap: plan.swap ?? false });
      break;
    }
  }
  const payload = buildSavedGame(s, {
    userId: null,
    username: null,
    customGiftSetId: plan.customGiftSetId ?? null,
  });
  if (!payload) throw new Error('the game did not end');
  return payload;
}
