import { audienceStateSchema, nextPlannedAction, TIMINGS } from '@dond/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { AudienceWindow } from '../screens/audience/AudienceOverlay';
import { useGameSession } from '../screens/game/useGameSession';
import { useSessionStore } from '../store/sessionStore';
import { timingRules } from './testing/timingRules';
import { dealt, tap, timedGame } from './testing/timedGame';

// The guest's game in the tab: every client timing of SPEC.md section 9 on the controller's manual clock.
timingRules("a guest's game", () => timedGame());

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

it('plays a whole game headless with no real timer: the clock runs the game, real time stays small', async () => {
  const game = timedGame();
  await dealt(game);
  // Every wait of the game is the controller's clock's: not one real timer is set while it plays.
  const realTimers = vi.spyOn(globalThis, 'setTimeout');
  const started = { clock: game.clock.now(), real: performance.now() };
  const plan = { pick: 13, swap: false };
  let taps = 0;
  for (let steps = 0; game.ctl.getState().overlay !== 'finalReveal' && steps < 200; steps++) {
    const { view, overlay } = game.ctl.getState();
    const action = nextPlannedAction(view, plan);
    if (overlay === 'finalDecision' && action) game.ctl.keepOrSwap(action.type === 'swap');
    else if (overlay === 'offer') game.ctl.noDeal();
    else if (action?.case !== undefined && (view.phase === 'selection' || view.phase === 'elimination')) {
      game.ctl.tapCase(action.case);
      taps++;
    }
    // Each step waits as little as the rules let it: the lock, or the phone, the dialog, the reveal.
    const { overlay: next, game: board } = game.ctl.getState();
    game.clock.advance(
      next === 'phone'
        ? TIMINGS.phoneOverlayMs
        : board.gamePhase === 'final-reveal'
          ? TIMINGS.revealDialogAfterRevealMs
          : TIMINGS.interactionLockMs,
    );
  }
  const played = { clock: game.clock.now() - started.clock, real: performance.now() - started.real };
  expect(game.ctl.getState().overlay).toBe('finalReveal');
  expect(game.since(0).filter((what) => what === 'gameOver')).toHaveLength(1);
  expect(realTimers).not.toHaveBeenCalled();
  // The taps (the pick and every case but the last), each offer rung for 2 s, the final decision's 1 s and the
  // reveal's 0.5 s and 1 s: at least that much time went by on the game's clock.
  const offers = game.ctl.getState().game.offerHistory.length;
  const least =
    taps * TIMINGS.interactionLockMs +
    offers * TIMINGS.phoneOverlayMs +
    TIMINGS.finalDialogDelayMs +
    TIMINGS.finalChoiceToRevealMs +
    TIMINGS.revealDialogAfterRevealMs;
  expect(played.clock).toBeGreaterThanOrEqual(least);
  console.log(
    `a whole guest's game: ${taps} taps, ${offers} offers; ${(played.clock / 1000).toFixed(1)} s on the game's clock, ${played.real.toFixed(0)} ms of real time`,
  );
  game.dispose();
});

// The chat's window is the server's (api/src/modules/audience/audience.test.ts: it opens at the offer for the
// streamer's windowSeconds and ends there); what the client adds is the countdown it shows to its endsAt.
it("counts the chat's window down to its end: whole seconds left, rounded up, every 250 ms", () => {
  vi.useFakeTimers();
  const opened = Date.parse('2026-01-01T20:00:00.000Z');
  vi.setSystemTime(opened);
  const state = audienceStateSchema.parse({
    mode: 'vote',
    open: true,
    endsAt: new Date(opened + 10_000).toISOString(),
    votes: { deal: 0, noDeal: 0 },
    calls: {},
  });
  render(createElement(AudienceWindow, { state }));
  const left = () => screen.getByLabelText('Seconds left').textContent;
  expect(left()).toBe('10s');
  // 1 ms in, 9.999 s are left: still 10 s, rounded up. The display follows the clock every 250 ms.
  act(() => vi.advanceTimersByTime(249));
  expect(left()).toBe('10s');
  act(() => vi.advanceTimersByTime(751));
  expect(left()).toBe('9s');
  act(() => vi.advanceTimersByTime(8_750));
  expect(left()).toBe('1s');
  act(() => vi.advanceTimersByTime(250));
  expect(left()).toBe('0s');
  act(() => vi.advanceTimersByTime(5_000));
  expect(left()).toBe('0s');
});

it("shows a case's toast 2 s on the game screen in tablet mode, 4 s once it is back on desktop", async () => {
  useSessionStore.setState({ viewMode: 'tablet' });
  const game = timedGame();
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  // The game screen's own tie to its controller: it deals the guest's game and sets the toast's time by mode.
  const screenHook = renderHook(() => useGameSession(null, game.ctl), { wrapper });
  await game.until(
    () => game.ctl.getState().view.seq === 0 && game.since(0).includes('gameStarted'),
    'the deal',
  );
  await tap(game, 1);
  game.clock.advance(TIMINGS.interactionLockMs);
  await tap(game, 2);
  game.clock.advance(TIMINGS.caseToastTabletMs - 1);
  expect(game.ctl.getState().caseReveal?.caseNumber).toBe(2);
  game.clock.advance(1);
  expect(game.ctl.getState().caseReveal).toBeNull();
  act(() => useSessionStore.setState({ viewMode: 'desktop' }));
  await tap(game, 3);
  game.clock.advance(TIMINGS.caseToastTabletMs);
  expect(game.ctl.getState().caseReveal?.caseNumber).toBe(3);
  game.clock.advance(TIMINGS.caseToastMs - TIMINGS.caseToastTabletMs - 1);
  expect(game.ctl.getState().caseReveal?.caseNumber).toBe(3);
  game.clock.advance(1);
  expect(game.ctl.getState().caseReveal).toBeNull();
  screenHook.unmount();
  game.dispose();
});
