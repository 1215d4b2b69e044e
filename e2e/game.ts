import { expect, type Page } from '@playwright/test';

/** Waits out the 800 ms interaction lock between two guarded clicks. */
export const waitOutLock = (page: Page) => page.waitForTimeout(850);

/** Picks `own` as the player's case, then opens the lowest-numbered other cases until the banker calls. */
export async function playFirstRound(page: Page, own = 1): Promise<void> {
  await page.getByRole('button', { name: `Briefcase ${own}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Briefcase ${own}, your case` })).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await waitOutLock(page);
    await page
      .getByRole('button', { name: /^Briefcase \d+$/ })
      .first()
      .click();
  }
  await expect(page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: "BANKER'S OFFER" })).toBeVisible({ timeout: 4000 });
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
