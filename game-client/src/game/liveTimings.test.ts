// @vitest-environment node
import {
  gameEventSchema,
  liveGamePublicSchema,
  resolveGiftSet,
  saveBackoffMs,
  SAVE_MAX_ATTEMPTS,
  TIMINGS,
  type GameEvent,
  type LiveGamePublic,
} from '@dond/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverTransport } from '../api/request';
import { saveFinishedLiveGames } from '../save/saveGame';
import { retryDelayMs } from '../store/gameLink';
import { useToastStore } from '../ui/toastStore';
import { counted, startLiveApi, type LiveApi, type LiveTimedGame } from './testing/liveApi';
import { timingRules } from './testing/timingRules';
import { watching } from './controller';
import {
  answer,
  dealt,
  playToFinalDecision,
  playToPhone,
  tap,
  timedGame,
  type TimedGame,
} from './testing/timedGame';

// A signed-in player's live game against the real API over real HTTP, the controller's clock manual: the
// same timings as the guest's game (timings.test.ts), and those only a live game has.
let api: LiveApi;
beforeAll(async () => {
  api = await startLiveApi();
}, 30_000);
afterAll(() => api.close());

timingRules("a signed-in player's live game", () => api.liveGame());

describe('a live game: the timings of its connection', { timeout: 60_000 }, () => {
  let game: TimedGame | undefined;
  afterEach(() => game?.dispose());

  it('lifts a tapped case 20 ms after the tap while the answer is out, and drops it with the answer', async () => {
    game = await api.liveGame();
    await dealt(game);
    await tap(game, 1);
    game.clock.advance(TIMINGS.interactionLockMs);
    game.ctl.tapCase(2);
    // The clock moves with no I/O in between: the answer cannot land, the case waits for it.
    game.clock.advance(19);
    expect(game.ctl.getState().pendingCase).toBeNull();
    game.clock.advance(1);
    expect(game.ctl.getState().pendingCase).toBe(2);
    await game.idle();
    expect(game.ctl.getState()).toMatchObject({ pendingCase: null, game: { eliminatedCases: [2] } });
  });

  it("says 'Reconnecting...' while the server is out of reach, and sends again 0.5 s, 1 s, 2 s... apart", async () => {
    const proxy = await api.proxy();
    game = await api.liveGame({ proxy });
    await dealt(game);
    await tap(game, 1);
    game.clock.advance(TIMINGS.interactionLockMs);
    await proxy.cut('refuse');
    const mark = game.mark();
    game.ctl.tapCase(2);
    await game.idle();
    expect(game.since(mark)).toEqual(['caseTapped', 'connectionLost']);
    expect(game.ctl.getState().reconnecting).toBe(true);
    // Each attempt waits its back-off on the controller's clock: not one before it is due.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const sent = game.sent();
      await game.clock.advanceAsync(retryDelayMs(attempt) - 1);
      expect(game.sent()).toBe(sent);
      await game.clock.advanceAsync(1);
      expect(game.sent()).toBe(sent + 1);
      await game.idle();
    }
    await proxy.restore();
    await game.clock.advanceAsync(retryDelayMs(4));
    await game.until(() => !game!.ctl.getState().reconnecting, 'the connection back');
    expect(game.since(mark)).toEqual(['caseTapped', 'connectionLost', 'connectionBack', 'caseEliminated']);
    expect(game.ctl.getState().game.eliminatedCases).toEqual([2]);
  });
});

describe('a stage following a live game', { timeout: 60_000 }, () => {
  let game: TimedGame | undefined;
  let stage: TimedGame | undefined;
  afterEach(() => {
    stage?.dispose();
    game?.dispose();
  });

  it("shows each state the server answered on the player's clock: the toast, the phone's 2 s, the reveal's 0.5 s", async () => {
    // The stage hears each public state the server answered, with the events of an action's answer (what its
    // stream is pushed), as it is answered.
    let follow = (_view: LiveGamePublic, _events?: readonly GameEvent[]) => {};
    game = await api.liveGame({
      onAnswer: (url, body) => {
        if (!url.startsWith('/api/live-games')) return;
        const { events } = body as { events?: unknown };
        follow(
          liveGamePublicSchema.parse(body) as LiveGamePublic,
          events === undefined ? undefined : (gameEventSchema.array().parse(events) as GameEvent[]),
        );
      },
    });
    const watched = timedGame({ link: watching(), clock: game.clock });
    stage = watched;
    follow = (view, events) => watched.ctl.follow(view, events);
    await dealt(game);
    await tap(game, 1);
    game.clock.advance(TIMINGS.interactionLockMs);
    await tap(game, 2);
    expect(watched.ctl.getState().caseReveal?.caseNumber).toBe(2);
    game.clock.advance(TIMINGS.caseToastMs - 1);
    expect(watched.ctl.getState().caseReveal?.caseNumber).toBe(2);
    game.clock.advance(1);
    expect(watched.ctl.getState().caseReveal).toBeNull();
    await playToPhone(game);
    const mark = watched.mark();
    expect(watched.ctl.getState().overlay).toBe('phone');
    game.clock.advance(TIMINGS.phoneOverlayMs - 1);
    expect(watched.ctl.getState().overlay).toBe('phone');
    game.clock.advance(1);
    expect(watched.since(mark)).toEqual(['bankerChord', 'overlay:offer', 'offerShown']);
    await playToFinalDecision(game);
    expect(watched.ctl.getState().overlay).toBe('finalDecision');
    const { seq } = game.ctl.getState().view;
    game.ctl.keepOrSwap(false);
    // The stage hears of the choice with the server's answer, and reveals it half a second after that.
    await game.idle();
    const chosen = game.clock.now();
    expect(watched.ctl.getState().overlay).toBeNull();
    game.clock.advance(TIMINGS.finalChoiceToRevealMs - 1);
    expect(watched.ctl.getState().view.seq).toBe(seq);
    game.clock.advance(1);
    expect(watched.ctl.getState().view.seq).toBe(seq + 1);
    expect(watched.timeOf('finalRevealed', mark)).toBe(chosen + TIMINGS.finalChoiceToRevealMs);
    game.clock.advance(TIMINGS.revealDialogAfterRevealMs - 1);
    expect(watched.ctl.getState().overlay).toBeNull();
    game.clock.advance(1);
    expect(watched.ctl.getState().overlay).toBe('finalReveal');
  });
});

describe(
  "a live game's save: 3 attempts, 1 s then 2 s apart (SPEC.md section 9)",
  { timeout: 60_000 },
  () => {
    let game: LiveTimedGame | undefined;
    let stopSaving = () => {};
    beforeEach(() => useToastStore.setState({ toasts: [] }));
    afterEach(() => {
      stopSaving();
      game?.dispose();
    });

    /**
     * A game played to a DEAL! on the server, saved (as the game screen saves it) through a connection of its
     * own that a proxy cuts before the game ends: the save's requests are counted apart from the game's.
     */
    async function dealWithSaveCut() {
      const proxy = await api.proxy();
      game = await api.liveGame();
      const save = counted(serverTransport(proxy.rewrite(api.server.url), game.cookie));
      const player = {
        user: game.user,
        gifts: resolveGiftSet(null),
        customGiftSetId: null,
        queryClient: new QueryClient(),
      };
      stopSaving = saveFinishedLiveGames(game.ctl, () => player, { api: save, clock: game.clock });
      await dealt(game);
      await playToPhone(game);
      game.clock.advance(TIMINGS.phoneOverlayMs);
      await proxy.cut('refuse');
      await answer(game, (ctl) => ctl.deal());
      await game.until(() => save.sent() === 1 && save.open() === 0, 'the first attempt');
      return { proxy, save, g: game };
    }
    const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

    it('tries again 1 s after a failed attempt and 2 s after the second, and says it is saved', async () => {
      const { proxy, save, g } = await dealWithSaveCut();
      // Each attempt reads the session, then saves: a failed read is the attempt's end. (advanceAsync: an attempt
      // starts a few promise turns after its timer.)
      await g.clock.advanceAsync(saveBackoffMs(1) - 1);
      expect(save.sent()).toBe(1);
      await g.clock.advanceAsync(1);
      expect(save.sent()).toBe(2);
      await g.until(() => save.open() === 0, 'the second attempt');
      await g.clock.advanceAsync(saveBackoffMs(2) - 1);
      expect(save.sent()).toBe(2);
      await proxy.restore();
      await g.clock.advanceAsync(1);
      await g.until(() => toastTitles().includes('Game Saved!'), 'the save');
      // The third attempt's two calls: the session, then the game.
      expect(save.sent()).toBe(4);
      const mine = await api.server.client();
      mine.cookie = g.cookie;
      const games = (await mine.get('/api/games/my-games')).body as Array<{
        clientGameId?: string;
        client_game_id?: string;
      }>;
      expect(JSON.stringify(games)).toContain(g.ctl.getState().view.id);
    });

    it('gives up after the third attempt: the failure toast for 10 s, no fourth attempt', async () => {
      const { save, g } = await dealWithSaveCut();
      await g.clock.advanceAsync(saveBackoffMs(1));
      await g.until(() => save.sent() === 2 && save.open() === 0, 'the second attempt');
      await g.clock.advanceAsync(saveBackoffMs(2));
      await g.until(() => toastTitles().includes('Game Not Saved'), 'the failure');
      expect(save.sent()).toBe(SAVE_MAX_ATTEMPTS);
      const failure = useToastStore.getState().toasts.find((t) => t.title === 'Game Not Saved')!;
      expect(failure).toMatchObject({ variant: 'destructive', duration: TIMINGS.saveFailureToastMs });
      await g.clock.advanceAsync(60_000);
      expect(save.sent()).toBe(SAVE_MAX_ATTEMPTS);
    });
  },
);
