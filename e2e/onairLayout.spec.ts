import { GIFTS, splitValueBoards } from '@dond/shared';
import type { Page } from '@playwright/test';
import { expect, shot, test } from './fixtures';
import { waitOutLock } from './game';

// Issue 15, the board on air: the view mode a first visit gets, the fan-made footer on every signed-out
// screen, and the value boards' names in every mode. The board at a streamer's and a player's sizes in each
// mode (its box, no two cases overlapping, a screenshot of each moment) is shown by e2e/onair.spec.ts's games.

const FAN_MADE = 'A fan-made game. Not associated with or endorsed by the original franchise or TikTok.';
const MODE_BUTTONS = { desktop: 'Desktop', tablet: 'iPad (BETA)', mobile: 'Mobile (BETA)' } as const;
type Mode = keyof typeof MODE_BUTTONS;
const MODES = Object.keys(MODE_BUTTONS) as Mode[];

/** The default set's value boards as the mirror lists them: 13 and 13, lowest first. */
const DEFAULT_GIFTS = GIFTS.filter((g) => g.id <= 26);
const BOARDS = splitValueBoards(DEFAULT_GIFTS);

async function playAsGuest(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.locator('.pixi-board[data-ready="true"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
}

/**
 * Which view-mode button is pressed, checking that exactly one is. The three are read in one snapshot of the
 * page: read one by one, a change of mode between two reads showed two pressed.
 */
async function pressedMode(page: Page): Promise<Mode> {
  // A returning player's board shows before the page's frame around it (decision 0042): the buttons come with it.
  await expect(page.getByRole('group', { name: 'View mode' })).toBeVisible();
  const labels = Object.values(MODE_BUTTONS);
  const values = await page.evaluate(
    (names) =>
      names.map((name) =>
        Array.from(document.querySelectorAll('button'))
          .filter((b) => b.textContent?.trim() === name)
          .map((b) => b.getAttribute('aria-pressed')),
      ),
    labels,
  );
  const pressed: Mode[] = [];
  MODES.forEach((mode, i) => {
    expect(values[i], `one ${mode} button`).toHaveLength(1);
    const value = values[i]![0];
    expect(value === 'true' || value === 'false', `${mode} has aria-pressed`).toBe(true);
    if (value === 'true') pressed.push(mode);
  });
  expect(pressed, 'exactly one view mode pressed').toHaveLength(1);
  return pressed[0]!;
}

async function choose(page: Page, mode: Mode) {
  await page.getByRole('button', { name: MODE_BUTTONS[mode] }).click();
  await expect(page.getByRole('button', { name: MODE_BUTTONS[mode] })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.app')).toHaveAttribute('data-view-mode', mode);
}

test.describe('the view mode of a first visit', () => {
  for (const [width, height, mode] of [
    [1920, 1080, 'desktop'],
    [1280, 800, 'desktop'],
    [1024, 768, 'tablet'],
    [768, 1024, 'tablet'],
    [390, 844, 'mobile'],
  ] as const) {
    test(`${width}x${height} opens in ${mode}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await playAsGuest(page);
      expect(await pressedMode(page)).toBe(mode);
      await expect(page.locator('.app')).toHaveAttribute('data-view-mode', mode);
      expect(await page.evaluate(() => localStorage.getItem('dond.viewMode'))).toBeNull();
      // The board is in view from the start (Mobile scrolls the turned page to it).
      const board = (await page.locator('#board-mount').boundingBox())!;
      expect(board.x).toBeGreaterThanOrEqual(-1);
      expect(board.y).toBeGreaterThanOrEqual(-1);
      if (mode === 'mobile') {
        expect(board.x + board.width).toBeLessThanOrEqual(width + 1);
        expect(board.y + board.height).toBeLessThanOrEqual(height + 1);
      }
    });
  }

  test('a stored choice wins over the screen, and a click is remembered', async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('dond.viewMode', 'desktop');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await playAsGuest(page);
    expect(await pressedMode(page)).toBe('desktop');

    await choose(page, 'tablet');
    expect(await page.evaluate(() => localStorage.getItem('dond.viewMode'))).toBe('tablet');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
    expect(await pressedMode(page)).toBe('tablet');
  });

  test('without a choice the mode follows the window; once chosen it stays', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await playAsGuest(page);
    expect(await pressedMode(page)).toBe('desktop');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => pressedMode(page)).toBe('tablet');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pressedMode(page)).toBe('mobile');
    await choose(page, 'desktop');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForTimeout(300);
    expect(await pressedMode(page)).toBe('desktop');
  });
});

test.describe('the fan-made footer', () => {
  test('shows on login, register, forgot-password and reset-password', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: /login/i })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('contentinfo')).toContainText(FAN_MADE);
    await shot(page, 'onair-footer-login');
    await page.getByRole('tab', { name: /register/i }).click();
    await expect(page.getByRole('tab', { name: /register/i })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('contentinfo')).toContainText(FAN_MADE);

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(FAN_MADE);
    await shot(page, 'onair-footer-forgot');

    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: /Send Reset Link|Reset Password/ })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(FAN_MADE);
  });

  test('sits below the card on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(FAN_MADE);
    const card = (await page.locator('.auth-card').boundingBox())!;
    const foot = (await footer.boundingBox())!;
    expect(foot.y).toBeGreaterThanOrEqual(card.y + card.height);
    await shot(page, 'onair-footer-login-phone');
  });
});

test.describe('the value boards', () => {
  test('name every gift with its coins in every mode', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await playAsGuest(page);
    for (const mode of MODES) {
      await choose(page, mode);
      for (const [title, gifts] of [
        ['LOWER VALUES', BOARDS.lower],
        ['HIGHER VALUES', BOARDS.higher],
      ] as const) {
        const items = page.getByRole('list', { name: title }).getByRole('listitem');
        await expect(items).toHaveCount(13);
        for (const [i, gift] of gifts.entries()) {
          await expect(items.nth(i), `${mode} ${title} ${i + 1}`).toHaveText(
            `${gift.name} 🪙 ${gift.coins.toLocaleString('en-US')}`,
          );
        }
      }
    }
  });
});

test('in Mobile mode the board comes back into view when the banker calls, however far the page was scrolled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await playAsGuest(page);
  expect(await pressedMode(page)).toBe('mobile');
  await page.getByRole('button', { name: 'Briefcase 1', exact: true }).click();
  const next = page.getByRole('button', { name: /^Briefcase \d+$/ }).first();
  // The player scrolls the turned page to its end (the footer) while the banker dials: done by the page as the
  // call shows, after the board's own scroll for it (a test's round trips on a loaded machine can outlast the
  // 2 s call). Watched from before the last tap.
  const scrolledDuringCall = page.evaluate(async () => {
    const shows = (title: string) =>
      Array.from(document.querySelectorAll('[role="dialog"] > h2')).some((h) => h.textContent === title);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    while (!shows('THE BANKER IS CALLING!')) await pause(20);
    await pause(300);
    const app = document.querySelector('.app')!;
    app.scrollTo({ top: app.scrollHeight });
    return { scrollTop: app.scrollTop, offerShown: shows("BANKER'S OFFER") };
  });
  for (let i = 0; i < 6; i++) {
    await waitOutLock(page);
    await next.click();
  }
  const scrolled = await scrolledDuringCall;
  expect(scrolled.offerShown, 'scrolled away before the offer').toBe(false);
  expect(scrolled.scrollTop).toBeGreaterThan(0);
  const offer = page.getByRole('dialog', { name: "BANKER'S OFFER" });
  await expect(offer).toBeVisible({ timeout: 8000 });
  const viewport = page.viewportSize()!;
  // The whole board is on screen again (the offer's amount at its edge included), and both answers.
  for (const target of [
    page.locator('#board-mount'),
    page.getByRole('button', { name: 'DEAL!', exact: true }),
    page.getByRole('button', { name: 'NO DEAL!', exact: true }),
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
  }
  // A real finger on the button's centre, without any scrolling by the test.
  const deal = (await page.getByRole('button', { name: 'NO DEAL!', exact: true }).boundingBox())!;
  await page.mouse.click(deal.x + deal.width / 2, deal.y + deal.height / 2);
  await expect(offer).toBeHidden();
});
