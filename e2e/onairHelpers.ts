// The board's timers on Playwright's clock, for the on-air tests: `page.clock.install()` before page.goto, then
// page time flows as usual and these jump it past a timer instead of waiting it out in real time.
import { TIMINGS } from '@dond/shared';
import { expect, type Page } from '@playwright/test';

/** The page's own now (Playwright's clock once installed). */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/**
 * Ends the 800 ms interaction lock of the last tap (at page time `since`, when known) by moving page time past
 * it, then waits until the board says the lock is off: a tap after this acts if nothing covers it.
 */
export async function endLock(page: Page, since?: number): Promise<void> {
  const lock = TIMINGS.interactionLockMs + 50;
  const left = since === undefined ? lock : since + lock - (await pageNow(page));
  if (left > 0) await page.clock.fastForward(left);
  await expect(page.locator('.pixi-board[data-locked="true"]')).toHaveCount(0);
}
