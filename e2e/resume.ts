// A signed-in player's game started late: the API plays its first rounds (the reducer's rules, tested in shared/),
// then the board is loaded on it and resumes it as it stands (the server holds a signed-in player's live game).
import { expect, type Locator, type Page } from '@playwright/test';
import { playLiveGame, type LivePlayStop, type PlayPlan } from '../api/src/testing/games';
import { liveClient } from './admin';

/**
 * Plays a new game of the page's player over the API to `until` (the game the board had is abandoned), then
 * reloads the board on it and waits for `shows`: by default the own case `plan.pick` (an open dialog takes the
 * cases out of the accessible layer: pass the dialog then).
 */
export async function resumeAt(
  page: Page,
  plan: PlayPlan & { pick: number; until: LivePlayStop },
  shows: Locator = page.getByRole('button', { name: `Briefcase ${plan.pick}, your case` }),
) {
  const game = await playLiveGame(liveClient(page.request), plan);
  await page.reload();
  await expect(shows).toBeVisible({ timeout: 15_000 });
  return game;
}
