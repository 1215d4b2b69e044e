import type { Page } from '@playwright/test';
import { expect, shot, signIn, test } from './fixtures';
import { status, waitOutLock } from './game';

const briefcase = (page: Page, n: number) =>
  page.getByRole('button', { name: `Briefcase ${n}`, exact: true });

/**
 * Where the board was when its first case button appeared: in the element a board drawn before the app sits in
 * (fixed, straight in the body), or already in the game screen's box.
 */
async function reloadAndSeeWhereTheBoardStarts(page: Page): Promise<'before the app' | 'with the app'> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const button = document.querySelector('button[aria-label="Briefcase 1"]');
      if (!button) return;
      (window as unknown as { __firstBoard: string }).__firstBoard = button.closest('#board-mount')
        ? 'with the app'
        : 'before the app';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await briefcase(page, 1).waitFor();
  return page.evaluate(
    () => (window as unknown as { __firstBoard: 'before the app' | 'with the app' }).__firstBoard,
  );
}

/** The one canvas of the page is the game screen's, and its box is the one the next load will draw at. */
async function expectTakenOver(page: Page) {
  await expect(page.locator('#board-mount canvas')).toHaveCount(1);
  await expect(page.locator('canvas')).toHaveCount(1);
  await expect(page.locator('body > .pixi-board')).toHaveCount(0);
  const [stored, box] = await page.evaluate(() => {
    const r = document.querySelector('#board-mount .pixi-board')!.getBoundingClientRect();
    return [JSON.parse(localStorage.getItem('dond.boardBox')!), { x: r.x, y: r.y, w: r.width, h: r.height }];
  });
  expect(Math.abs(stored.y - box.y)).toBeLessThan(1);
  expect([stored.w, stored.h]).toEqual([Math.floor(box.w), Math.floor(box.h)]);
}

/** A tap where a finger would land on a case (the middle of its button over the canvas). */
async function tap(page: Page, n: number) {
  const box = (await briefcase(page, n).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe("a returning player's board, drawn before the app", () => {
  for (const size of [
    { width: 1920, height: 1080, mode: 'Desktop' },
    { width: 1024, height: 768, mode: 'iPad (BETA)' },
  ]) {
    test(`a guest at ${size.width}x${size.height}: drawn where the board sits, taken over, played`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Play as guest' }).click();
      await briefcase(page, 1).waitFor();
      await expect(page.getByRole('button', { name: size.mode })).toHaveAttribute('aria-pressed', 'true');
      // The first visit: drawn with the app; it keeps the board's box for the next.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('dond.boardBox'))).not.toBeNull();

      expect(await reloadAndSeeWhereTheBoardStarts(page)).toBe('before the app');
      // The game screen around it, and the board in its box, one canvas.
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectTakenOver(page);
      // Taps where a finger would: the player's case, then a case opened.
      await tap(page, 7);
      await expect(page.getByRole('button', { name: 'Briefcase 7, your case' })).toBeVisible();
      await waitOutLock(page);
      await tap(page, 3);
      await expect(briefcase(page, 3)).toHaveCount(0);
      expect((await status(page)).casesRemaining).toBe(24);
      await shot(page, `board-first-guest-${size.width}x${size.height}`);
    });
  }

  test('a signed-in player: the game in progress comes back before the app, and plays on', async ({
    page,
    users,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const player = await users.create();
    await signIn(page, player);
    await briefcase(page, 1).waitFor();
    await tap(page, 5);
    await expect(page.getByRole('button', { name: 'Briefcase 5, your case' })).toBeVisible();
    await waitOutLock(page);
    await tap(page, 9);
    await expect(briefcase(page, 9)).toHaveCount(0);
    await waitOutLock(page);

    expect(await reloadAndSeeWhereTheBoardStarts(page)).toBe('before the app');
    await expectTakenOver(page);
    await expect(page.getByRole('button', { name: `Logout (${player.username})` })).toBeVisible();
    // The same game, the server's: case 5 the player's, case 9 opened; and it plays on.
    await expect(page.getByRole('button', { name: 'Briefcase 5, your case' })).toBeVisible();
    await expect(briefcase(page, 9)).toHaveCount(0);
    expect((await status(page)).casesRemaining).toBe(24);
    await tap(page, 12);
    await expect(briefcase(page, 12)).toHaveCount(0);
    expect((await status(page)).casesRemaining).toBe(23);
  });

  test('Mobile mode and a window of another size start with the app, as a first visit', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await briefcase(page, 1).waitFor();
    // The box kept for another window size.
    await page.evaluate(() => {
      const box = JSON.parse(localStorage.getItem('dond.boardBox')!);
      localStorage.setItem('dond.boardBox', JSON.stringify({ ...box, vw: box.vw + 100 }));
    });
    expect(await reloadAndSeeWhereTheBoardStarts(page)).toBe('with the app');
    await page.getByRole('button', { name: 'Mobile (BETA)' }).click();
    expect(await reloadAndSeeWhereTheBoardStarts(page)).toBe('with the app');
    await expect(page.locator('canvas')).toHaveCount(1);
  });
});
