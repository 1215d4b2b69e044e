import { describe, expect, it } from 'vitest';
import { GIFTS } from '../gifts/catalogue.js';
import { resolveGiftSet } from '../gifts/giftSet.js';
import { createRng } from '../random.js';
import { offerBounds } from './banker.js';
import { GAME_TOASTS, roundStartsToast } from './messages.js';
import { reduce } from './reduce.js';
import {
  casesToOpenIfRejected,
  givenUpCase,
  isGameInProgress,
  otherCase,
  remainingValues,
  type GameState,
} from './state.js';
import { act, playRound, playToFinalChoice, startGame, TEST_GAME_ID } from './testing.js';

function expectRefused(state: GameState, result: ReturnType<typeof reduce>, reason: string) {
  expect(result.rejected?.reason).toBe(reason);
  expect(result.rejected?.message.length).toBeGreaterThan(0);
  expect(result.state).toBe(state);
  expect(result.events).toEqual([]);
}

describe('a new game', () => {
  it('starts with the reset values of SPEC.md section 4', () => {
    const { state } = startGame();
    expect(state).toMatchObject({
      clientGameId: TEST_GAME_ID,
      selectedCase: null,
      eliminatedCases: [],
      currentRound: 1,
      casesRemaining: 26,
      bankerOffer: 0,
      gamePhase: 'selection',
      casesToEliminateThisRound: 6,
      casesEliminatedThisRound: 0,
      offerHistory: [],
      wasSwapped: null,
      gameOutcome: null,
    });
    expect(state.briefcaseGifts).toHaveLength(26);
  });

  it('deals a fresh shuffle of the gift set into the cases', () => {
    const a = startGame(1).state.briefcaseGifts.map((g) => g.id);
    const b = startGame(2).state.briefcaseGifts.map((g) => g.id);
    expect(a).not.toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([...b].sort((x, y) => x - y));
  });

  it('resets from any phase through the newGame action, with a new id', () => {
    const { state, rng } = startGame();
    const mid = playRound(act(state, { type: 'selectCase', caseNumber: 3 }, rng).state, rng);
    const result = act(mid, { type: 'newGame', gifts: resolveGiftSet(null), clientGameId: 'next-game' }, rng);
    expect(result.state).toMatchObject({
      clientGameId: 'next-game',
      gamePhase: 'selection',
      selectedCase: null,
      offerHistory: [],
    });
    expect(result.events).toEqual([{ type: 'gameStarted' }]);
  });

  it('refuses a gift set that is not 26 distinct gifts', () => {
    const { state, rng } = startGame();
    expectRefused(
      state,
      reduce(state, { type: 'newGame', gifts: GIFTS.slice(0, 25), clientGameId: 'x' }, rng),
      'invalid-gift-set',
    );
    const repeated = [...GIFTS.slice(0, 25), GIFTS[0]!];
    expectRefused(
      state,
      reduce(state, { type: 'newGame', gifts: repeated, clientGameId: 'x' }, rng),
      'invalid-gift-set',
    );
  });
});

describe('selection to elimination', () => {
  it('makes the tapped case the player’s and leaves 25 cases', () => {
    const { state, rng } = startGame();
    const result = act(state, { type: 'selectCase', caseNumber: 7 }, rng);
    expect(result.state).toMatchObject({
      selectedCase: 7,
      casesRemaining: 25,
      gamePhase: 'elimination',
      casesToEliminateThisRound: 6,
    });
    expect(result.events).toEqual([{ type: 'caseSelected', caseNumber: 7 }]);
  });

  it('works only once, in selection, for a real case', () => {
    const { state, rng } = startGame();
    expectRefused(state, reduce(state, { type: 'selectCase', caseNumber: 0 }, rng), 'no-such-case');
    expectRefused(state, reduce(state, { type: 'selectCase', caseNumber: 27 }, rng), 'no-such-case');
    const picked = act(state, { type: 'selectCase', caseNumber: 7 }, rng).state;
    expectRefused(picked, reduce(picked, { type: 'selectCase', caseNumber: 8 }, rng), 'wrong-phase');
  });
});

describe('elimination', () => {
  it('opens a case, counts it, and reports its gift', () => {
    const { state, rng } = startGame();
    const picked = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    const result = act(picked, { type: 'eliminateCase', caseNumber: 5 }, rng);
    expect(result.state).toMatchObject({
      eliminatedCases: [5],
      casesRemaining: 24,
      casesEliminatedThisRound: 1,
      gamePhase: 'elimination',
    });
    expect(result.events).toEqual([
      { type: 'caseEliminated', caseNumber: 5, gift: picked.briefcaseGifts[4] },
    ]);
  });

  it('refuses the player’s own case and an opened case, changing nothing', () => {
    const { state, rng } = startGame();
    const picked = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    expectRefused(picked, reduce(picked, { type: 'eliminateCase', caseNumber: 1 }, rng), 'own-case');
    const opened = act(picked, { type: 'eliminateCase', caseNumber: 2 }, rng).state;
    expectRefused(
      opened,
      reduce(opened, { type: 'eliminateCase', caseNumber: 2 }, rng),
      'already-eliminated',
    );
    expectRefused(opened, reduce(opened, { type: 'eliminateCase', caseNumber: 30 }, rng), 'no-such-case');
  });

  it('refuses opening a case before the pick or while the banker calls', () => {
    const { state, rng } = startGame();
    expectRefused(state, reduce(state, { type: 'eliminateCase', caseNumber: 2 }, rng), 'wrong-phase');
    let s = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    for (const n of [2, 3, 4, 5, 6, 7]) s = act(s, { type: 'eliminateCase', caseNumber: n }, rng).state;
    expect(s.gamePhase).toBe('phone-ringing');
    expectRefused(s, reduce(s, { type: 'eliminateCase', caseNumber: 8 }, rng), 'wrong-phase');
  });

  it('rings the banker once the quota is reached, with an offer for the board appended to the history', () => {
    const { state, rng } = startGame();
    let s = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    for (const n of [2, 3, 4, 5, 6]) s = act(s, { type: 'eliminateCase', caseNumber: n }, rng).state;
    expect(s.gamePhase).toBe('elimination');
    const result = act(s, { type: 'eliminateCase', caseNumber: 7 }, rng);
    const { min, max } = offerBounds(remainingValues(result.state), 1);
    expect(result.state.gamePhase).toBe('phone-ringing');
    expect(result.state.bankerOffer).toBeGreaterThanOrEqual(min);
    expect(result.state.bankerOffer).toBeLessThanOrEqual(max);
    expect(result.state.offerHistory).toEqual([result.state.bankerOffer]);
    expect(result.events.at(-1)).toEqual({
      type: 'bankerCalling',
      offer: result.state.bankerOffer,
      round: 1,
    });
  });

  it('prices the offer on every unopened case, the player’s included', () => {
    const { state, rng } = startGame();
    let s = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    for (const n of [2, 3, 4, 5, 6, 7]) s = act(s, { type: 'eliminateCase', caseNumber: n }, rng).state;
    expect(remainingValues(s)).toHaveLength(20);
    expect(remainingValues(s)).toContain(s.briefcaseGifts[0]!.coins);
  });
});

describe('the offer', () => {
  function atFirstOffer() {
    const { state, rng } = startGame();
    return { state: playRound(act(state, { type: 'selectCase', caseNumber: 1 }, rng).state, rng), rng };
  }

  it('shows after the phone is answered', () => {
    const { state } = atFirstOffer();
    expect(state.gamePhase).toBe('offer');
    expect(casesToOpenIfRejected(state)).toBe(5);
  });

  it('DEAL! ends the game with the offer, as banker_accepted', () => {
    const { state, rng } = atFirstOffer();
    const result = act(state, { type: 'deal' }, rng);
    expect(result.state).toMatchObject({
      gamePhase: 'finished',
      gameOutcome: 'banker_accepted',
      finalAmount: state.bankerOffer,
      finalCase: 1,
    });
    expect(result.events).toEqual([
      { type: 'dealAccepted', amount: state.bankerOffer, playerGift: state.briefcaseGifts[0] },
    ]);
  });

  it('NO DEAL! starts the next round with its quota', () => {
    const { state, rng } = atFirstOffer();
    const result = act(state, { type: 'noDeal' }, rng);
    expect(result.state).toMatchObject({
      gamePhase: 'elimination',
      currentRound: 2,
      casesToEliminateThisRound: 5,
      casesEliminatedThisRound: 0,
    });
    expect(result.events).toEqual([{ type: 'roundStarted', round: 2, casesToEliminate: 5 }]);
    expect(roundStartsToast(2, 5)).toEqual({
      title: 'NO DEAL!',
      description: 'Round 2 starts! Eliminate 5 more cases.',
    });
  });

  it('DEAL and NO DEAL only while an offer is shown', () => {
    const { state, rng } = startGame();
    expectRefused(state, reduce(state, { type: 'deal' }, rng), 'wrong-phase');
    expectRefused(state, reduce(state, { type: 'noDeal' }, rng), 'wrong-phase');
    expectRefused(state, reduce(state, { type: 'phoneAnswered' }, rng), 'wrong-phase');
  });

  it('makes nine offers, then NO DEAL with one case left brings the final choice in round 10', () => {
    const { state, rng } = startGame(5);
    let s = act(state, { type: 'selectCase', caseNumber: 26 }, rng).state;
    for (let round = 1; round <= 9; round++) {
      expect(s.currentRound).toBe(round);
      s = playRound(s, rng);
      expect(s.offerHistory).toHaveLength(round);
      if (round < 9) s = act(s, { type: 'noDeal' }, rng).state;
    }
    expect(s.casesRemaining).toBe(1);
    expect(casesToOpenIfRejected(s)).toBe(0);
    const result = act(s, { type: 'noDeal' }, rng);
    expect(result.state).toMatchObject({ gamePhase: 'final-choice', currentRound: 10 });
    expect(result.events).toEqual([{ type: 'finalChoiceStarted', playerCase: 26, otherCase: otherCase(s) }]);
    expect(GAME_TOASTS.finalDecision.description).toBe(
      'Round 10 - Final decision! Keep your case or swap for the other?',
    );
  });
});

describe('the final choice', () => {
  it('keeping wins the player’s own case', () => {
    const { state, rng } = startGame(9);
    const s = playToFinalChoice(state, rng, 4);
    const result = act(s, { type: 'finalChoice', swap: false }, rng);
    const own = s.briefcaseGifts[3]!;
    expect(result.state).toMatchObject({
      gamePhase: 'final-reveal',
      wasSwapped: false,
      gameOutcome: 'won',
      finalAmount: own.coins,
      finalCase: 4,
    });
    expect(result.events).toEqual([
      { type: 'finalRevealed', swapped: false, caseNumber: 4, gift: own, amount: own.coins },
    ]);
  });

  it('swapping wins the other case', () => {
    const { state, rng } = startGame(9);
    const s = playToFinalChoice(state, rng, 4);
    const other = otherCase(s)!;
    const result = act(s, { type: 'finalChoice', swap: true }, rng);
    expect(result.state).toMatchObject({
      wasSwapped: true,
      finalAmount: s.briefcaseGifts[other - 1]!.coins,
      finalCase: other,
    });
  });

  it('gives up the other case when keeping and the original when swapping', () => {
    const { state, rng } = startGame(9);
    const s = playToFinalChoice(state, rng, 4);
    const other = otherCase(s)!;
    expect(givenUpCase(s)).toBeNull();
    expect(givenUpCase(act(s, { type: 'finalChoice', swap: false }, rng).state)).toBe(other);
    expect(givenUpCase(act(s, { type: 'finalChoice', swap: true }, rng).state)).toBe(4);
  });

  it('is in progress from the pick to the end', () => {
    const { state, rng } = startGame(9);
    expect(isGameInProgress(state)).toBe(false);
    const s = playToFinalChoice(state, rng, 4);
    expect(isGameInProgress(s)).toBe(true);
    expect(isGameInProgress(act(s, { type: 'finalChoice', swap: true }, rng).state)).toBe(false);
  });

  it('is made once', () => {
    const { state, rng } = startGame(9);
    const done = act(playToFinalChoice(state, rng), { type: 'finalChoice', swap: true }, rng).state;
    expectRefused(done, reduce(done, { type: 'finalChoice', swap: false }, rng), 'wrong-phase');
  });
});

describe('purity', () => {
  it('never changes the state it is given', () => {
    const { state } = startGame();
    const frozen = JSON.stringify(state);
    const rng = createRng(3);
    const picked = act(state, { type: 'selectCase', caseNumber: 2 }, rng).state;
    playRound(picked, rng);
    expect(JSON.stringify(state)).toBe(frozen);
  });
});
