import {
  createRng,
  newGame,
  reduce,
  resolveGiftSet,
  unopenedOtherCases,
  type GameAction,
  type GameState,
  type Rng,
} from '@dond/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { celebrationChange, useShowStore } from './showStore';

function startGame(seed: number) {
  const rng = createRng(seed);
  return { state: newGame(resolveGiftSet(null), `game-${seed}`, rng), rng };
}

function act(state: GameState, action: GameAction, rng: Rng) {
  const result = reduce(state, action, rng);
  if (result.rejected) throw new Error(result.rejected.message);
  return result;
}

/** Opens the lowest-numbered cases until the banker calls, then answers. */
function playRound(state: GameState, rng: Rng): GameState {
  let s = state;
  while (s.gamePhase === 'elimination') {
    s = act(s, { type: 'eliminateCase', caseNumber: unopenedOtherCases(s)[0]! }, rng).state;
  }
  return act(s, { type: 'phoneAnswered' }, rng).state;
}

const view = (game: GameState, overlay: 'phone' | 'offer' | 'dealReveal' | 'finalReveal' | null) => ({
  game,
  overlay,
});

afterEach(() => {
  vi.useRealTimers();
  useShowStore.getState().end();
});

describe('what starts a celebration', () => {
  it('asks the rules when a celebrated overlay appears, and only then', () => {
    // Seed 7, case 1: a deal after the first round beats the player's case or not; either way the answer is
    // the rules' one, asked once, when the reveal appears.
    const { state, rng } = startGame(7);
    let s = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    s = playRound(s, rng);
    const dealt = act(s, { type: 'deal' }, rng).state;
    const beat = dealt.finalAmount! > dealt.briefcaseGifts[0]!.coins;
    expect(celebrationChange(view(dealt, 'dealReveal'), view(s, 'offer'))).toBe(
      beat ? 'beatTheBanker' : null,
    );
    expect(celebrationChange(view(dealt, 'dealReveal'), view(dealt, 'dealReveal'))).toBeNull();
    expect(celebrationChange(view(s, 'offer'), view(s, 'phone'))).toBeNull();
    expect(celebrationChange(view(s, null), view(s, 'offer'))).toBeNull();
  });

  it('ends with a new game', () => {
    const a = startGame(1).state;
    const b = startGame(2).state;
    expect(celebrationChange(view(b, null), view(a, 'finalReveal'))).toBe('end');
  });
});

describe('the celebration store', () => {
  it('ends a burst on time, and a newer burst is not ended by an older one', () => {
    vi.useFakeTimers();
    const store = useShowStore.getState();
    store.start('bigValuesSurvive', 3000);
    const first = useShowStore.getState().celebration!.seq;
    vi.advanceTimersByTime(2000);
    store.start('beatTheBanker', 3000);
    store.end(first);
    expect(useShowStore.getState().celebration?.kind).toBe('beatTheBanker');
    vi.advanceTimersByTime(2999);
    expect(useShowStore.getState().celebration).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(useShowStore.getState().celebration).toBeNull();
  });
});
