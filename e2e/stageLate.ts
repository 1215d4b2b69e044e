// The stage and deck tests (stagePhases, stage, audio) started late or moved on over the API between the moments
// a screen must show: a signed-in player's live game is the server's, and the board, the deck and the stages
// follow it as it stands (e2e/lateStart.ts plays it). What these helpers add: waiting for the server to have a
// screen's own action before the API acts (two actions on one seq: one is refused), and for a screen to have the
// API's last state before it acts.
import type { LiveGamePublic, LivePhase, PlayPlan } from '@dond/shared';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openedCount, playLiveUntil } from './lateStart';
import { openableCases } from './stage';

/** Room for a loaded machine: four software-WebGL pictures share two cores. */
export const ROOMY = { timeout: 15_000 };

/** The player's game as the server holds it now, or null when there is none in progress. */
export async function serverGame(session: APIRequestContext): Promise<LiveGamePublic | null> {
  const res = await session.get('/api/live-games/current');
  if (res.status() === 404) return null;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LiveGamePublic;
}

/** Waits until the server's game (a screen's own tap is on its way there) is as `ready` says; answers it. */
export async function serverHas(
  session: APIRequestContext,
  ready: (view: LiveGamePublic) => boolean,
  what: string,
): Promise<LiveGamePublic> {
  let last: LiveGamePublic | null = null;
  await expect
    .poll(
      async () => {
        last = await serverGame(session);
        return last !== null && ready(last);
      },
      { message: `the server's game: ${what}`, ...ROOMY },
    )
    .toBe(true);
  return last!;
}

/** The game in progress played on over the API (refusing every offer unless the plan deals) until `stop`. */
export const playOn = (session: APIRequestContext, plan: PlayPlan, stop: (view: LiveGamePublic) => boolean) =>
  playLiveUntil(session, plan, stop, { current: true });

/** A stop: the game in `phase` with `opened` cases open. */
export const at =
  (phase: LivePhase, opened: number) =>
  (view: LiveGamePublic): boolean =>
    view.phase === phase && openedCount(view) === opened;

/** Waits until the deck offers exactly the cases a game with `opened` cases open has left to open (all of them). */
export async function deckShowsOpened(deck: Page, opened: number): Promise<void> {
  await expect
    .poll(async () => (await openableCases(deck)).length, {
      message: `the deck with ${opened} cases open`,
      ...ROOMY,
    })
    .toBe(26 - 1 - opened);
}

/**
 * Signs the page's browser in (the real login call) without opening a screen: the test brings the player's game
 * where it wants it over the API first, then opens the board or the deck on it (one load, not two).
 */
export async function logIn(page: Page, user: { username: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}
