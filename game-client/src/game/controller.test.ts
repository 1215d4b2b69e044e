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
  SCREEN_ID_HEADER,
  SCREEN_ID_PATTERN,
  type GameEvent,
} from '@dond/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@dond/shared';
import { createGameController, liveGames, type GameController } from './controller';

// The controller on a manual clock: the 800 ms lock, the 2 s phone and the reveal delays are what is tested,
// and time moves only when a test says so.
let clock: ManualClock;
let game: GameController;
const state = () => game.getState();
const afterLock = () => clock.advance(TIMINGS.interactionLockMs);

beforeEach(() => {
  clock = createManualClock();
  game = createGameController({ clock });
  game.startGame(resolveGiftSet(null));
});

describe('the game controller', () => {
  it('locks every guarded action for 800 ms', () => {
    game.tapCase(5);
    expect(state().game.selectedCase).toBe(5);
    expect(state().locked).toBe(true);
    game.tapCase(6);
    expect(state().game.eliminatedCases).toEqual([]);
    clock.advance(TIMINGS.interactionLockMs - 1);
    game.tapCase(6);
    expect(state().game.eliminatedCases).toEqual([]);
    clock.advance(1);
    expect(state().locked).toBe(false);
    game.tapCase(6);
    expect(state().game.eliminatedCases).toEqual([6]);
  });

  it('refuses the own case without locking', () => {
    game.tapCase(5);
    afterLock();
    game.tapCase(5);
    expect(state().game.eliminatedCases).toEqual([]);
    expect(state().locked).toBe(false);
  });

  it('shows the case reveal, rings the banker for 2 s, then shows an offer inside the bounds', () => {
    game.tapCase(1);
    for (let i = 0; i < 6; i++) {
      afterLock();
      game.tapCase(unopenedOtherCases(state().game)[0]!);
      expect(state().caseReveal?.caseNumber).toBe(state().game.eliminatedCases.at(-1));
    }
    expect(state().overlay).toBe('phone');
    const { min, max } = offerBounds(remainingValues(state().game), 1);
    expect(state().game.bankerOffer).toBeGreaterThanOrEqual(min);
    expect(state().game.bankerOffer).toBeLessThanOrEqual(max);
    clock.advance(TIMINGS.phoneOverlayMs - 1);
    expect(state().overlay).toBe('phone');
    clock.advance(1);
    expect(state().overlay).toBe('offer');
    expect(state().game.gamePhase).toBe('offer');
    game.deal();
    expect(state().overlay).toBe('dealReveal');
    expect(state().game.gameOutcome).toBe('banker_accepted');
  });

  it('hides the case toast after caseToastMs (4 s, or what the screen sets)', () => {
    game.tapCase(1);
    afterLock();
    game.tapCase(2);
    clock.advance(TIMINGS.caseToastMs - 1);
    expect(state().caseReveal?.caseNumber).toBe(2);
    clock.advance(1);
    expect(state().caseReveal).toBeNull();
    game.setCaseToastMs(TIMINGS.caseToastTabletMs);
    game.tapCase(3);
    clock.advance(TIMINGS.caseToastTabletMs - 1);
    expect(state().caseReveal?.caseNumber).toBe(3);
    clock.advance(1);
    expect(state().caseReveal).toBeNull();
  });

  it('clears pending timers when the screen is left', () => {
    game.tapCase(1);
    for (let i = 0; i < 6; i++) {
      afterLock();
      game.tapCase(unopenedOtherCases(state().game)[0]!);
    }
    game.dispose();
    expect(clock.pending()).toBe(0);
    clock.advance(TIMINGS.phoneOverlayMs + 100);
    expect(state().game.gamePhase).toBe('phone-ringing');
    expect(state().overlay).toBeNull();
  });

  it('NEW GAME asks first while a game is in progress; Keep playing keeps it', () => {
    game.tapCase(3);
    afterLock();
    game.tapCase(4);
    afterLock();
    game.newGame();
    expect(state().overlay).toBe('confirmNewGame');
    game.keepPlaying();
    clock.advance(TIMINGS.newGameResetDelayMs + 50);
    expect(state().overlay).toBeNull();
    expect(state().game).toMatchObject({ selectedCase: 3, eliminatedCases: [4] });
  });

  it('NEW GAME starts over at once before a case is picked', () => {
    const before = state().view.id;
    game.newGame();
    expect(state().overlay).toBeNull();
    clock.advance(TIMINGS.newGameResetDelayMs);
    expect(state().game.gamePhase).toBe('selection');
    expect(state().view.id).not.toBe(before);
  });

  it('NEW GAME, confirmed, resets after 100 ms with a fresh shuffle', () => {
    game.tapCase(3);
    const before = state().view;
    afterLock();
    game.newGame();
    expect(state().overlay).toBe('confirmNewGame');
    game.confirmNewGame();
    expect(state().overlay).toBeNull();
    expect(state().game.selectedCase).toBe(3);
    clock.advance(TIMINGS.newGameResetDelayMs - 1);
    expect(state().view.id).toBe(before.id);
    clock.advance(1);
    expect(state().game).toMatchObject({ selectedCase: null, gamePhase: 'selection', casesRemaining: 26 });
    // A fresh deal: a new game with its own commitment (its board is not the board's to know).
    expect(state().view.id).not.toBe(before.id);
    expect(state().view.commitment).not.toBe(before.commitment);
    expect(state().view.cases.some((c) => c.giftId !== undefined)).toBe(false);
  });

  it("runs every timer slower on a screen's time scale", () => {
    const slow = createGameController({ clock, tuning: { timeScale: 2 } });
    slow.startGame(resolveGiftSet(null));
    slow.tapCase(5);
    clock.advance(2 * TIMINGS.interactionLockMs - 1);
    expect(slow.getState().locked).toBe(true);
    clock.advance(1);
    expect(slow.getState().locked).toBe(false);
  });

  it('keeps two screens apart: each instance has its own game, lock and timers', () => {
    const other = createGameController({ clock });
    other.startGame(resolveGiftSet(null));
    game.tapCase(5);
    expect(other.getState().locked).toBe(false);
    other.tapCase(9);
    expect(other.getState().game.selectedCase).toBe(9);
    expect(state().game.selectedCase).toBe(5);
    other.dispose();
    afterLock();
    expect(state().locked).toBe(false);
  });
});

describe('a game dealt before the app', () => {
  it("is kept by the game screen's first deal of the same set, and only by that one", () => {
    const gifts = resolveGiftSet(null);
    game.startGameBeforeApp(gifts);
    game.tapCase(4);
    const dealt = state().view.id;
    // The game screen mounts with the same instance: its first deal, the same set and kind, keeps the game.
    game.startGame(resolveGiftSet(null));
    expect(state().view.id).toBe(dealt);
    expect(state().game.selectedCase).toBe(4);
    // Any later deal is a deal.
    game.startGame(gifts);
    expect(state().view.id).not.toBe(dealt);
    expect(state().game.selectedCase).toBeNull();
  });

  it('is dealt again when the screen deals another set', () => {
    game.startGameBeforeApp(resolveGiftSet(null));
    const dealt = state().view.id;
    const other = resolveGiftSet([
      ...resolveGiftSet(null)
        .slice(1)
        .map((g) => g.id),
      27,
    ]);
    game.startGame(other);
    expect(state().view.id).not.toBe(dealt);
  });
});

// Each moment is said once on the controller's events, which toasts, sounds and the save follow.
describe("the controller's events", () => {
  it('locks 800 ms, rings 2 s with the chord at 0.5 s, then offers; a deal ends the game once', () => {
    const seen: string[] = [];
    const stop = game.on((event) => seen.push(event.type));
    game.tapCase(1);
    clock.advance(TIMINGS.interactionLockMs - 1);
    game.tapCase(2);
    expect(state().game.eliminatedCases).toEqual([]);
    clock.advance(1);
    for (let n = 2; n <= 7; n++) {
      game.tapCase(n);
      clock.advance(n < 7 ? TIMINGS.interactionLockMs : 0);
    }
    // Each tap the board takes is said first (its sound), then what it did; the refused tap says nothing.
    expect(seen).toEqual([
      'caseTapped',
      'caseSelected',
      ...Array<string[]>(6).fill(['caseTapped', 'caseEliminated']).flat(),
      'bankerCalling',
    ]);
    expect(state().overlay).toBe('phone');
    clock.advance(TIMINGS.bankerSoundDelayMs - 1);
    expect(seen).not.toContain('bankerChord');
    clock.advance(1);
    expect(seen.at(-1)).toBe('bankerChord');
    clock.advance(TIMINGS.phoneOverlayMs - TIMINGS.bankerSoundDelayMs - 1);
    expect(state().overlay).toBe('phone');
    clock.advance(1);
    expect(state().overlay).toBe('offer');
    expect(seen.at(-1)).toBe('offerShown');
    clock.advance(TIMINGS.interactionLockMs);
    game.deal();
    expect(seen.slice(-2)).toEqual(['dealAccepted', 'gameOver']);
    clock.advance(TIMINGS.interactionLockMs);
    game.deal();
    expect(seen.filter((type) => type === 'gameOver')).toHaveLength(1);
    stop();
    game.tapCase(1);
    expect(seen.filter((type) => type === 'gameOver')).toHaveLength(1);
  });

  it('plays a whole local game headless, to the final reveal, in well under a second', () => {
    const started = performance.now();
    const seen: string[] = [];
    game.on((event) => seen.push(event.type));
    const plan = { pick: 7, swap: true };
    for (let steps = 0; state().overlay !== 'finalReveal' && steps < 200; steps++) {
      const { view, overlay } = state();
      const action = nextPlannedAction(view, plan);
      if (overlay === 'finalDecision' && action) game.keepOrSwap(action.type === 'swap');
      else if (overlay === 'offer') game.noDeal();
      else if (view.phase === 'selection' || view.phase === 'elimination') game.tapCase(action!.case!);
      clock.advance(TIMINGS.phoneOverlayMs);
    }
    expect(state().overlay).toBe('finalReveal');
    expect(state().game.gameOutcome).not.toBeNull();
    expect(seen.filter((t) => t === 'gameOver')).toHaveLength(1);
    expect(seen.filter((t) => t === 'offerShown').length).toBeGreaterThanOrEqual(5);
    // The decision's reveal waits 0.5 s after the tap, its dialog after that: all on the manual clock.
    expect(seen).toContain('finalRevealed');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/**
 * Every public state of a game played to its end by the shared plan, the dealt one first, each with the events
 * its action emitted (what a stage is pushed); `push(i)` follows state i with its events.
 */
function publicStates(plan: Parameters<typeof nextPlannedAction>[1]) {
  const id = '00000000-0000-4000-8000-00000000f011';
  let session = startSession(resolveGiftSet(null), { serverSeed: 'a'.repeat(64), clientSeed: 'stage' }, id);
  const states = [publicGameState(session, id, 'c')];
  const events: Array<readonly GameEvent[]> = [[]];
  for (let action = nextPlannedAction(states[0]!, plan); action;) {
    const step = applySessionAction(session, action);
    session = step.session;
    states.push(publicGameState(session, id, 'c'));
    events.push(step.events);
    action = nextPlannedAction(states.at(-1)!, plan);
  }
  return { states, push: (i: number) => game.follow(states[i]!, events[i]) };
}

describe('a stage following a game played elsewhere', () => {
  it('plays each next state with its events as the board does: the toast, the phone then the offer, the reveals', () => {
    const { states, push } = publicStates({ pick: 4, swap: true });
    push(0);
    expect(state().view).toEqual(states[0]);
    expect(state().live).toBe(true);
    push(1);
    expect(state().game.selectedCase).toBe(4);
    push(2);
    expect(state().caseReveal?.caseNumber).toBe(states[2]!.openedOrder[0]);
    // A state it already has, or an older one, changes nothing.
    push(1);
    expect(state().view.seq).toBe(2);
    for (let i = 3; i < 8; i++) push(i);
    expect(state().overlay).toBe('phone');
    clock.advance(TIMINGS.phoneOverlayMs - 1);
    expect(state().overlay).toBe('phone');
    clock.advance(1);
    expect(state().overlay).toBe('offer');
    expect(state().game.bankerOffer).toBe(states[7]!.currentOffer);
    // Actions are the player's: the stage's board takes none.
    game.deal();
    expect(state().game.gameOutcome).toBeNull();
  });

  it('shows a state it did not see coming (a reload, a state skipped, one pushed without its events) as it stands, with nothing replayed', () => {
    const { states, push } = publicStates({ pick: 9, dealInRound: 2 });
    push(0);
    push(5);
    expect(state().view).toEqual(states[5]);
    expect(state().caseReveal).toBeNull();
    expect(state().overlay).toBeNull();
    const offer = states.findIndex((s) => s.phase === 'offer');
    push(offer);
    expect(state().overlay).toBe('offer');
    // The next state (the NO DEAL), but without the events that led to it: shown as it stands, nothing derived
    // from the two states (no round's start is played).
    const seen: string[] = [];
    const off = game.on((e) => seen.push(e.type));
    game.follow(states[offer + 1]!);
    off();
    expect(state().view).toEqual(states[offer + 1]);
    expect(state().overlay).toBeNull();
    expect(seen).not.toContain('roundStarted');
    const last = states.length - 1;
    expect(states[last]!.result?.outcome).toBe('banker_accepted');
    push(last);
    expect(state().game.gameOutcome).toBe('banker_accepted');
  });

  it('closes the DEAL reveal when CONTINUE is pressed on another screen, for that game only', () => {
    const { states, push } = publicStates({ pick: 2, dealInRound: 1 });
    const dealAt = states.findIndex((s) => s.result !== undefined && s.result !== null);
    push(0);
    for (let i = 1; i < dealAt; i++) push(i);
    clock.advance(TIMINGS.phoneOverlayMs);
    expect(state().overlay).toBe('offer');
    push(dealAt);
    expect(state().overlay).toBe('dealReveal');
    game.followContinue('00000000-0000-4000-8000-0000000000aa');
    expect(state().overlay).toBe('dealReveal');
    game.followContinue(states[dealAt]!.id);
    expect(state().overlay).toBeNull();
  });

  it('a watching controller (a stage) takes no action even before a game comes in', () => {
    const stage = createGameController({ clock, link: { kind: 'watching', api: { fetch } } });
    stage.tapCase(3);
    expect(stage.getState().game.selectedCase).toBeNull();
    expect(stage.getState().locked).toBe(false);
  });
});

describe("a screen's id", () => {
  it('goes with every change it sends to its live game, so the server pushes none of them back to it', async () => {
    const sent: Array<{ url: string; screen: string | null }> = [];
    const deck = createGameController({
      clock,
      link: liveGames({
        api: {
          fetch: (url, init) => {
            sent.push({ url, screen: new Headers(init.headers).get(SCREEN_ID_HEADER) });
            // No game on the server: the deck starts one, which this stand-in refuses (what is checked is the ask).
            return Promise.resolve(
              new Response('{"error":"none"}', { status: url.endsWith('current') ? 404 : 503 }),
            );
          },
        },
      }),
    });
    const other = createGameController({ clock, link: liveGames({ api: { fetch } }) });
    expect(deck.screenId).toMatch(SCREEN_ID_PATTERN);
    expect(deck.screenId).not.toBe(other.screenId);
    deck.startGame(resolveGiftSet(null));
    await clock.advanceAsync(0);
    await clock.advanceAsync(1);
    expect(sent.map((r) => r.url)).toEqual(['/api/live-games/current', '/api/live-games']);
    // A read is no change: only the start (and each action and continue) names the screen.
    expect(sent.map((r) => r.screen)).toEqual([null, deck.screenId]);
    deck.dispose();
    other.dispose();
  });
});
