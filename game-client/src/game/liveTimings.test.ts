// @vitest-environment node
import { TIMINGS } from '@dond/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../store/gameLink';
import { startLiveApi, type LiveApi } from './testing/liveApi';
import { timingRules } from './testing/timingRules';
import { dealt, tap, type TimedGame } from './testing/timedGame';

// A signed-in player's live game against the real API over real HTTP, the controller's clock manual: the
// same timings as the guest's game (timings.test.ts), and those only a live game has.
let api: LiveApi;
beforeAll(async () => {
  api = await startLiveApi();
}, 30_000);
afterAll(() => api.close());

timingRules("a signed-in player's live game", () => api.liveGame());

describe('a live game: the timings of its connection', () => {
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
  }, 30_000);
});
