import { GIFTS, splitValueBoards } from '@dond/shared';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { waitOutLock } from './game';
import { expect, shot, test } from './fixtures';

// Issue 15, the board on air: the view mode a first visit gets, the fan-made footer on every signed-out
// screen, the value boards' names in every mode, and the board at a streamer's and a player's sizes.

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

/**
 * Like shot(), of the viewport only: Mobile's page is turned and fixed to the viewport, and a full-page
 * capture re-lays it out; this is what the player sees.
 */
async function viewShot(page: Page, name: string) {
  const file = path.join(test.info().project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

/** Screen rectangles of the case buttons (Pixi's accessible twins sit over each case). */
async function caseBoxes(page: Page) {
  const boxes: Array<{ n: number; x: number; y: number; width: number; height: number }> = [];
  for (let n = 1; n <= 26; n++) {
    const button = page.getByRole('button', { name: new RegExp(`^Briefcase ${n}(, your case)?$`) });
    if ((await button.count()) === 0) continue;
    const box = await button.boundingBox();
    if (box) boxes.push({ n, ...box });
  }
  return boxes;
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

/** Sizes a streamer captures and a player plays at, and the board box each mode gets (layout.test.ts). */
const SIZES = [
  { width: 1920, height: 1080, boxes: { desktop: [1920, 824], tablet: [1920, 824], mobile: [1080, 1920] } },
  { width: 1080, height: 1920, boxes: { desktop: [1080, 1664], tablet: [1080, 1664], mobile: [1920, 1080] } },
  { width: 1024, height: 768, boxes: { desktop: [1024, 513], tablet: [1024, 513], mobile: [768, 1024] } },
  { width: 390, height: 844, boxes: { desktop: [390, 496], tablet: [390, 496], mobile: [844, 390] } },
] as const;

for (const { width, height, boxes } of SIZES) {
  for (const mode of MODES) {
    test(`the board at ${width}x${height} in ${mode}: a few rounds, nothing overlapping`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height });
      await playAsGuest(page);
      await choose(page, mode);
      // Clicking the button scrolled the turned page to the header: back to the board, as a player holds it.
      if (mode === 'mobile') await page.locator('#board-mount').evaluate((el) => el.scrollIntoView());
      const name = `onair-${width}x${height}-${mode}`;
      const snap = (what: string) => (mode === 'mobile' ? viewShot : shot)(page, `${name}-${what}`);

      // The board box is at least what layout.test.ts proves the type and the layout for.
      const box = await page.locator('.pixi-board').evaluate((el) => [el.clientWidth, el.clientHeight]);
      expect(box[0]).toBeGreaterThanOrEqual(boxes[mode][0]);
      expect(box[1]).toBeGreaterThanOrEqual(boxes[mode][1]);

      // No two cases overlap on screen, and every case is on the page (phones in desktop or tablet mode
      // aside: a phone opens in Mobile).
      const cases = await caseBoxes(page);
      expect(cases).toHaveLength(26);
      for (const a of cases) {
        for (const b of cases) {
          if (a.n >= b.n) continue;
          const apart =
            a.x + a.width <= b.x + 1 ||
            b.x + b.width <= a.x + 1 ||
            a.y + a.height <= b.y + 1 ||
            b.y + b.height <= a.y + 1;
          expect(apart, `case ${a.n} and case ${b.n} apart`).toBe(true);
        }
      }
      await snap('start');

      // A real tap on case 7 picks it, then two rounds through the accessible twins.
      const seven = cases.find((c) => c.n === 7)!;
      await page.mouse.click(seven.x + seven.width / 2, seven.y + seven.height / 2);
      await expect(page.getByRole('button', { name: 'Briefcase 7, your case' })).toBeVisible();
      for (let round = 1; round <= 2; round++) {
        const offer = page.getByRole('dialog', { name: "BANKER'S OFFER" });
        const phone = page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' });
        const next = page.getByRole('button', { name: /^Briefcase \d+$/ }).first();
        for (let opened = 0; ; opened++) {
          await waitOutLock(page);
          await expect(next.or(phone).or(offer).first()).toBeVisible({ timeout: 6000 });
          if (await phone.isVisible()) {
            if (round === 1) await snap('phone');
            await expect(offer).toBeVisible({ timeout: 4000 });
          }
          if (await offer.isVisible()) break;
          // The case may stop taking taps as the banker calls: then the offer comes next.
          await next.click({ timeout: 3000 }).catch(() => undefined);
          if (round === 1 && opened === 1) await snap('toast');
        }
        await page.waitForTimeout(1000); // the amount counts up
        if (round === 1) await snap('offer');
        if (round === 2) break;
        await page.getByRole('button', { name: 'NO DEAL!' }).click();
        await expect(offer).toBeHidden();
        await waitOutLock(page);
      }
      await snap('round2-offer');
      await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'DEAL!', exact: true })).toBeVisible();
      await page.waitForTimeout(1000);
      await snap('deal');
    });
  }
}

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
