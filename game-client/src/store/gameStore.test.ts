import {
  applySessionAction,
  nextPlannedAction,
  offerBounds,
  publicGameState,
  remainingValues,
  resolveGiftSet,
  startSession,
  TIMINGS,
  unopenedOtherCases,
  type LiveGamePublic,
} from '@dond/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onBoardEvent } from './boardEvents';
import { useGameStore } from './gameStore';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const store = () => useGameStore.getState();
const afterLock = () => sleep(TIMINGS.interactionLockMs + 30);

beforeEach(() => {
  store().dispose();
  store().startGame(resolveGiftSet(null));
});

// Real timers: the 800 ms lock, the 2 s phone and the reveal delays are what is being tested.
describe('the game store', () => {
  it('locks every guarded action for 800 ms', async () => {
    store().tapCase(5);
    expect(store().game.selectedCase).toBe(5);
    expect(store().locked).toBe(true);
    store().tapCase(6);
    expect(store().game.eliminatedCases).toEqual([]);
    await sleep(TIMINGS.interactionLockMs - 200);
    store().tapCase(6);
    expect(store().game.eliminatedCases).toEqual([]);
    await sleep(250);
    expect(store().locked).toBe(false);
    store().tapCase(6);
    expect(store().game.eliminatedCases).toEqual([6]);
  });

  it('refuses the own case without locking', async () => {
    store().tapCase(5);
    await afterLock();
    store().tapCase(5);
    expect(store().game.eliminatedCases).toEqual([]);
    expect(store().locked).toBe(false);
  });

  it('shows the case reveal, rings the banker for 2 s, then shows an offer inside the bounds', async () => {
    store().tapCase(1);
    for (let i = 0; i < 6; i++) {
      await afterLock();
      store().tapCase(unopenedOtherCases(store().game)[0]!);
      expect(store().caseReveal?.caseNumber).toBe(store().game.eliminatedCases.at(-1));
    }
    expect(store().overlay).toBe('phone');
    const { min, max } = offerBounds(remainingValues(store().game), 1);
    expect(store().game.bankerOffer).toBeGreaterThanOrEqual(min);
    expect(store().game.bankerOffer).toBeLessThanOrEqual(max);
    await sleep(TIMINGS.phoneOverlayMs - 300);
    expect(store().overlay).toBe('phone');
    await sleep(400);
    expect(store().overlay).toBe('offer');
    expect(store().game.gamePhase).toBe('offer');
    store().deal();
    expect(store().overlay).toBe('dealReveal');
    expect(store().game.gameOutcome).toBe('banker_accepted');
  }, 15_000);

  it('clears pending timers when the screen is left', async () => {
    store().tapCase(1);
    for (let i = 0; i < 6; i++) {
      await afterLock();
      store().tapCase(unopenedOtherCases(store().game)[0]!);
    }
    store().dispose();
    await sleep(TIMINGS.phoneOverlayMs + 100);
    expect(store().game.gamePhase).toBe('phone-ringing');
    expect(store().overlay).toBeNull();
  }, 15_000);

  it('NEW GAME asks first while a game is in progress; Keep playing keeps it', async () => {
    store().tapCase(3);
    await afterLock();
    store().tapCase(4);
    await afterLock();
    store().newGame();
    expect(store().overlay).toBe('confirmNewGame');
    store().keepPlaying();
    await sleep(TIMINGS.newGameResetDelayMs + 50);
    expect(store().overlay).toBeNull();
    expect(store().game).toMatchObject({ selectedCase: 3, eliminatedCases: [4] });
  });

  it('NEW GAME starts over at once before a case is picked', async () => {
    store().newGame();
    expect(store().overlay).toBeNull();
    await sleep(TIMINGS.newGameResetDelayMs + 50);
    expect(store().game.gamePhase).toBe('selection');
  });

  it('NEW GAME, confirmed, resets after 100 ms with a fresh shuffle', async () => {
    store().tapCase(3);
    const before = store().view;
    await afterLock();
    store().newGame();
    expect(store().overlay).toBe('confirmNewGame');
    store().confirmNewGame();
    expect(store().overlay).toBeNull();
    expect(store().game.selectedCase).toBe(3);
    await sleep(TIMINGS.newGameResetDelayMs + 50);
    expect(store().game).toMatchObject({ selectedCase: null, gamePhase: 'selection', casesRemaining: 26 });
    // A fresh deal: a new game with its own commitment (its board is not the board's to know).
    expect(store().view.id).not.toBe(before.id);
    expect(store().view.commitment).not.toBe(before.commitment);
    expect(store().view.cases.some((c) => c.giftId !== undefined)).toBe(false);
  });
});

describe('a game dealt before the app', () => {
  it("is kept by the game screen's first deal of the same set, and only by that one", () => {
    const gifts = resolveGiftSet(null);
    store().startGameBeforeApp(gifts);
    store().tapCase(4);
    const dealt = store().view.id;
    // The game screen mounts: its first deal, the same set and kind, keeps the game and the tap.
    store().startGame(resolveGiftSet(null));
    expect(store().view.id).toBe(dealt);
    expect(store().game.selectedCase).toBe(4);
    // Any later deal is a deal.
    store().startGame(gifts);
    expect(store().view.id).not.toBe(dealt);
    expect(store().game.selectedCase).toBeNull();
  });

  it('is dealt again when the screen deals another set', () => {
    store().startGameBeforeApp(resolveGiftSet(null));
    const dealt = store().view.id;
    const other = resolveGiftSet([
      ...resolveGiftSet(null)
        .slice(1)
        .map((g) => g.id),
      27,
    ]);
    store().startGame(other);
    expect(store().view.id).not.toBe(dealt);
  });
});

// The controller on a fake clock: every timer of SPEC.md section 9 is its own, and each moment is said once
// on the board's events, which toasts, sounds and the save follow.
describe('the game controller on a fake clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('locks 800 ms, rings 2 s with the chord at 0.5 s, then offers; a deal ends the game once', () => {
    vi.useFakeTimers();
    store().dispose();
    store().startGame(resolveGiftSet(null));
    const seen: string[] = [];
    const stop = onBoardEvent((event) => seen.push(event.type));
    store().tapCase(1);
    vi.advanceTimersByTime(TIMINGS.interactionLockMs - 1);
    store().tapCase(2);
    expect(store().game.eliminatedCases).toEqual([]);
    vi.advanceTimersByTime(1);
    for (let n = 2; n <= 7; n++) {
      store().tapCase(n);
      vi.advanceTimersByTime(n < 7 ? TIMINGS.interactionLockMs : 0);
    }
    // Each tap the board takes is said first (its sound), then what it did; the refused tap says nothing.
    expect(seen).toEqual([
      'caseTapped',
      'caseSelected',
      ...Array<string[]>(6).fill(['caseTapped', 'caseEliminated']).flat(),
      'bankerCalling',
    ]);
    expect(store().overlay).toBe('phone');
    vi.advanceTimersByTime(TIMINGS.bankerSoundDelayMs - 1);
    expect(seen).not.toContain('bankerChord');
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toBe('bankerChord');
    vi.advanceTimersByTime(TIMINGS.phoneOverlayMs - TIMINGS.bankerSoundDelayMs - 1);
    expect(store().overlay).toBe('phone');
    vi.advanceTimersByTime(1);
    expect(store().overlay).toBe('offer');
    expect(seen.at(-1)).toBe('offerShown');
    vi.advanceTimersByTime(TIMINGS.interactionLockMs);
    store().deal();
    expect(seen.slice(-2)).toEqual(['dealAccepted', 'gameOver']);
    vi.advanceTimersByTime(TIMINGS.interactionLockMs);
    store().deal();
    expect(seen.filter((type) => type === 'gameOver')).toHaveLength(1);
    stop();
  });
});

/** Every public state of a game played to its end by the shared plan, the dealt one first. */
function publicStates(plan: Parameters<typeof nextPlannedAction>[1]): LiveGamePublic[] {
  const id = '00000000-0000-4000-8000-00000000f011';
  let session = startSession(resolveGiftSet(null), { serverSeed: 'a'.repeat(64), clientSeed: 'stage' }, id);
  const states = [publicGameState(session, id, 'c')];
  for (let action = nextPlannedAction(states[0]!, plan); action;) {
    session = applySessionAction(session, action).session;
    states.push(publicGameState(session, id, 'c'));
    action = nextPlannedAction(states.at(-1)!, plan);
  }
  return states;
}

describe('a stage following a game played elsewhere', () => {
  it('plays each next state as the board does: the toast, the phone then the offer, the reveals', async () => {
    const states = publicStates({ pick: 4, swap: true });
    store().follow(states[0]!);
    expect(store().view).toEqual(states[0]);
    expect(store().live).toBe(true);
    store().follow(states[1]!);
    expect(store().game.selectedCase).toBe(4);
    store().follow(states[2]!);
    expect(store().caseReveal?.caseNumber).toBe(states[2]!.openedOrder[0]);
    // A state it already has, or an older one, changes nothing.
    store().follow(states[1]!);
    expect(store().view.seq).toBe(2);
    for (const state of states.slice(3, 8)) store().follow(state);
    expect(store().overlay).toBe('phone');
    await sleep(TIMINGS.phoneOverlayMs + 50);
    expect(store().overlay).toBe('offer');
    expect(store().game.bankerOffer).toBe(states[7]!.currentOffer);
    // Actions are the player's: the stage's board takes none.
    store().deal();
    expect(store().game.gameOutcome).toBeNull();
  });

  it('shows a state it did not see coming (a reload, a state skipped) as it stands, with nothing replayed', () => {
    const states = publicStates({ pick: 9, dealInRound: 2 });
    store().follow(states[0]!);
    store().follow(states[5]!);
    expect(store().view).toEqual(states[5]);
    expect(store().caseReveal).toBeNull();
    expect(store().overlay).toBeNull();
    const offer = states.findIndex((s) => s.phase === 'offer');
    store().follow(states[offer]!);
    expect(store().overlay).toBe('offer');
    const last = states.at(-1)!;
    expect(last.result?.outcome).toBe('banker_accepted');
    store().follow(last);
    expect(store().game.gameOutcome).toBe('banker_accepted');
  });

  it('closes the DEAL reveal when CONTINUE is pressed on another screen, for that game only', async () => {
    const states = publicStates({ pick: 2, dealInRound: 1 });
    const dealAt = states.findIndex((s) => s.result !== undefined && s.result !== null);
    store().follow(states[0]!);
    for (const state of states.slice(1, dealAt)) store().follow(state);
    await sleep(TIMINGS.phoneOverlayMs + 50);
    expect(store().overlay).toBe('offer');
    store().follow(states[dealAt]!);
    expect(store().overlay).toBe('dealReveal');
    store().followContinue('00000000-0000-4000-8000-0000000000aa');
    expect(store().overlay).toBe('dealReveal');
    store().followContinue(states[dealAt]!.id);
    expect(store().overlay).toBeNull();
  });
});
