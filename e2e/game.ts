import { offerRound, TIMINGS } from '@dond/shared';
import { expect, type Page } from '@playwright/test';
import { shot } from './fixtures';

/**
 * Waits out the 800 ms interaction lock between two guarded clicks: its length, then until the board says the
 * lock is off (a loaded machine fires the lock's timer late, and a tap before it would be ignored).
 */
export async function waitOutLock(page: Page): Promise<void> {
  await page.waitForTimeout(850);
  await expect(page.locator('.pixi-board[data-locked="true"]')).toHaveCount(0);
}

/**
 * Ends the 800 ms interaction lock at once on the page's clock (Playwright's, installed by the test before the page
 * opened): however late a loaded machine would fire the lock's timer, no wait; then checks the board says it is off.
 */
export async function endLock(page: Page): Promise<void> {
  await page.clock.fastForward(TIMINGS.interactionLockMs);
  await expect(page.locator('.pixi-board[data-locked="true"]')).toHaveCount(0);
}

/**
 * Pauses the page's clock (Playwright's, installed before the page opened) a moment ahead of the page's now: its
 * timers and animation frames stop there until `clock.runFor` or `clock.resume`. The call takes time to arrive on
 * a busy machine: a moment already past is tried again.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let tries = 0; ; tries++) {
    const ahead = (await page.evaluate(() => Date.now())) + 250;
    const paused = await page.clock.pauseAt(ahead).then(
      () => true,
      (error: Error) => {
        if (tries >= 5 || !/to the past/.test(error.message)) throw error;
        return false;
      },
    );
    if (paused) return;
  }
}

/**
 * Picks `own` as the player's case, then opens the lowest-numbered other cases until the banker calls.
 * `seeCall: false` skips looking for the 2 s phone (a loaded machine may look after it is gone).
 */
export async function playFirstRound(page: Page, own = 1, { seeCall = true } = {}): Promise<void> {
  await page.getByRole('button', { name: `Briefcase ${own}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Briefcase ${own}, your case` })).toBeVisible();
  await openLowestCases(page, 6);
  if (seeCall) await expect(page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: "BANKER'S OFFER" })).toBeVisible({
    timeout: seeCall ? 4000 : 10_000,
  });
}

/** Opens the `count` lowest-numbered unopened cases, each after the lock of the tap before. */
export async function openLowestCases(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await waitOutLock(page);
    await page
      .getByRole('button', { name: /^Briefcase \d+$/ })
      .first()
      .click();
  }
}

/** The game backups in this page's local storage. */
export function backups(
  page: Page,
): Promise<Array<{ key: string; record: { saved: boolean; finalAmount: number; clientGameId: string } }>> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('game_backup_'))
      .map((key) => ({ key, record: JSON.parse(localStorage.getItem(key) ?? '{}') })),
  );
}

/** The status line as the board shows it (the visually hidden mirror of the canvas text). */
export async function status(page: Page): Promise<{ round: number; casesRemaining: number; text: string }> {
  const text = (await page.getByRole('status').filter({ hasText: 'Cases Remaining' }).innerText()).trim();
  const round = Number(/Round (\d+)/.exec(text)?.[1]);
  const casesRemaining = Number(/Cases Remaining (\d+)/.exec(text)?.[1]);
  return { round, casesRemaining, text };
}

/** The coins of the values not yet struck through on the two value boards (their DOM mirror), read at once. */
export async function valuesLeft(page: Page): Promise<number[]> {
  const values: number[] = [];
  for (const name of ['LOWER VALUES', 'HIGHER VALUES']) {
    const texts = await page.getByRole('list', { name }).evaluate((list) =>
      Array.from(list.querySelectorAll('li'))
        .filter((li) => !li.querySelector('del'))
        .map((li) => li.textContent ?? ''),
    );
    values.push(...texts.map((text) => Number(text.replace(/^.*🪙\s*/, '').replace(/\D/g, ''))));
  }
  return values;
}

export type Ending = 'deal' | 'keep' | 'swap';

export interface PlayedGame {
  playerCase: number;
  otherCase: number | null;
  offers: Array<{ amount: number; round: number; values: number[] }>;
  /** The amount in the last dialog: 'You won X coins!'. */
  won: number;
}

const coinsIn = (text: string) => Number(text.replace(/\D/g, ''));

/**
 * A whole game through the accessible names only: picks `own`, opens the lowest-numbered cases, takes note
 * of every offer with the board it was made on, says NO DEAL! until `dealAt` (1-based offer) or the end, then
 * keeps or swaps. Answers what it saw.
 */
export async function playWholeGame(
  page: Page,
  {
    own = 1,
    ending,
    dealAt = 1,
    shots,
    picked = false,
    clock = false,
  }: {
    own?: number;
    ending: Ending;
    dealAt?: number;
    shots?: string;
    /** The own case is already picked: a game resumed where the API left it (its offers counted from there). */
    picked?: boolean;
    /** The page's timers are on Playwright's clock (installed before page.goto): the lock and the phone's 2 s are jumped. */
    clock?: boolean;
  },
): Promise<PlayedGame> {
  const lockOff = () => (clock ? endLock(page) : waitOutLock(page));
  // Screenshots of each overlay the first time it shows, named `${shots}-<overlay>`.
  const taken = new Set<string>();
  const snap = async (name: string) => {
    if (!shots || taken.has(name)) return;
    taken.add(name);
    await shot(page, `${shots}-${name}`);
  };
  if (!picked) await page.getByRole('button', { name: `Briefcase ${own}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Briefcase ${own}, your case` })).toBeVisible();
  const offers: PlayedGame['offers'] = [];
  for (;;) {
    await lockOff();
    const offerDialog = page.getByRole('dialog', { name: "BANKER'S OFFER" });
    const finalDialog = page.getByRole('dialog', { name: 'FINAL DECISION!' });
    if (await finalDialog.isVisible()) break;
    const next = page.getByRole('button', { name: /^Briefcase \d+$/ }).first();
    // The buttons leave the accessible layer when the final decision opens: never wait on a vanished one.
    if ((await next.isVisible()) && (await next.isEnabled({ timeout: 1000 }).catch(() => false))) {
      await next.click();
      if (await page.getByRole('dialog', { name: 'Case Eliminated!' }).isVisible()) await snap('case-toast');
      // The banker calls once the round's quota is open: wait for the offer before going on.
      if (await page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' }).isVisible()) {
        await snap('phone');
        if (clock) await page.clock.fastForward(TIMINGS.phoneOverlayMs);
        // On the clock the offer is due at once: the wait is only a loaded machine's drawing.
        await expect(offerDialog).toBeVisible({ timeout: clock ? 10_000 : 4000 });
      }
      continue;
    }
    if (await offerDialog.isVisible()) {
      await page.waitForTimeout(offers.length === 0 && shots ? 1000 : 0); // the amount counts up first
      await snap('offer');
      const { round, casesRemaining } = await status(page);
      const amount = coinsIn(await offerDialog.locator('.offer-amount').innerText());
      offers.push({ amount, round: offerRound(round, casesRemaining), values: await valuesLeft(page) });
      if (ending === 'deal' && offers.length === dealAt) {
        await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
        const reveal = page.getByRole('dialog', { name: 'DEAL!', exact: true });
        await expect(reveal).toBeVisible();
        await page.waitForTimeout(shots ? 1000 : 0);
        await snap('deal-reveal');
        return {
          playerCase: own,
          otherCase: null,
          offers,
          won: coinsIn(await reveal.locator('.offer-amount').innerText()),
        };
      }
      await page.getByRole('button', { name: 'NO DEAL!' }).click();
      continue;
    }
    // Between dialogs (the final decision comes 1 s after the last NO DEAL!): wait for something to act on.
    await expect(
      page
        .getByRole('button', { name: /^Briefcase \d+$/ })
        .first()
        .or(offerDialog)
        .or(finalDialog)
        // A case twin can still be in the tree, disabled, as the dialog comes: either one will do.
        .first(),
    ).toBeVisible({ timeout: 4000 });
  }
  const keep = page.getByRole('button', { name: /^KEEP CASE #\d+$/ });
  const swap = page.getByRole('button', { name: /^SWAP TO CASE #\d+$/ });
  const otherCase = Number((await swap.getAttribute('aria-label'))!.replace(/\D/g, ''));
  await page.waitForTimeout(shots ? 600 : 0);
  await snap('final-decision');
  await expect(keep).toHaveAccessibleName(`KEEP CASE #${own}`);
  await (ending === 'swap' ? swap : keep).click();
  const reveal = page.getByRole('dialog', { name: ending === 'swap' ? 'SWAP!' : 'KEEP!' });
  await expect(reveal).toBeVisible({ timeout: 4000 });
  await page.waitForTimeout(shots ? 1200 : 0);
  await snap('final-reveal');
  return {
    playerCase: own,
    otherCase,
    offers,
    won: coinsIn(await reveal.locator('.offer-amount').innerText()),
  };
}
