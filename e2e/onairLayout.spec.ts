import { GIFTS, splitValueBoards, TIMINGS } from '@dond/shared';
import type { Locator, Page } from '@playwright/test';
import { endLock, pauseClockNow } from './game';
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
 * Screen rectangles of the case buttons (Pixi's accessible twins sit over each case), read in one snapshot of
 * the page: the buttons named 'Briefcase N' (or 'Briefcase N, your case') that have a box.
 */
async function caseBoxes(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('button, [role="button"]')).flatMap((el) => {
      const match = /^Briefcase (\d+)(, your case)?$/.exec(el.getAttribute('aria-label') ?? '');
      const r = el.getBoundingClientRect();
      if (!match || r.width === 0 || r.height === 0) return [];
      return [{ n: Number(match[1]), x: r.x, y: r.y, width: r.width, height: r.height }];
    }),
  );
}

test.describe('the view mode of a first visit', () => {
  // 1920x1080, 1024x768 and 390x844: the board's tests below open as a first visit at those sizes.
  for (const [width, height, mode] of [
    [1280, 800, 'desktop'],
    [768, 1024, 'tablet'],
  ] as const) {
    test(`${width}x${height} opens in ${mode}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await playAsGuest(page);
      await expectFirstVisit(page, width, height, mode);
    });
  }

  test('without a choice the mode follows the window; a choice stays, wins over the screen and is remembered', async ({
    page,
  }) => {
    test.setTimeout(120_000);
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

    // The stored choice wins over a phone's screen when the page opens again.
    expect(await page.evaluate(() => localStorage.getItem('dond.viewMode'))).toBe('desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
    expect(await pressedMode(page)).toBe('desktop');

    // A click is remembered over the next load at another size.
    await choose(page, 'tablet');
    expect(await page.evaluate(() => localStorage.getItem('dond.viewMode'))).toBe('tablet');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
    expect(await pressedMode(page)).toBe('tablet');
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

/**
 * Sizes a streamer captures and a player plays at, the board box each mode gets (layout.test.ts), and the mode a
 * first visit at that size opens in (the view mode tests above take the other sizes).
 */
const SIZES = [
  {
    width: 1920,
    height: 1080,
    opens: 'desktop',
    boxes: { desktop: [1920, 824], tablet: [1920, 824], mobile: [1080, 1920] },
  },
  {
    width: 1080,
    height: 1920,
    opens: null,
    boxes: { desktop: [1080, 1664], tablet: [1080, 1664], mobile: [1920, 1080] },
  },
  {
    width: 1024,
    height: 768,
    opens: 'tablet',
    boxes: { desktop: [1024, 513], tablet: [1024, 513], mobile: [768, 1024] },
  },
  {
    width: 390,
    height: 844,
    opens: 'mobile',
    boxes: { desktop: [390, 496], tablet: [390, 496], mobile: [844, 390] },
  },
] as const;

/** What a first visit at this size shows: the mode of its window, nothing stored, the board in view. */
async function expectFirstVisit(page: Page, width: number, height: number, mode: Mode) {
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
}

/** The value boards name every gift with its coins, lowest first (their DOM mirror). */
async function expectValueBoards(page: Page, mode: Mode) {
  for (const [title, gifts] of [
    ['LOWER VALUES', BOARDS.lower],
    ['HIGHER VALUES', BOARDS.higher],
  ] as const) {
    await expect(
      page.getByRole('list', { name: title }).getByRole('listitem'),
      `${mode} ${title}`,
    ).toHaveText(gifts.map((gift) => `${gift.name} 🪙 ${gift.coins.toLocaleString('en-US')}`));
  }
}

/** No two case buttons overlap on screen, and all 26 are there. */
async function expectCasesApart(page: Page, mode: Mode) {
  const cases = await caseBoxes(page);
  expect(cases, mode).toHaveLength(26);
  for (const a of cases) {
    for (const b of cases) {
      if (a.n >= b.n) continue;
      const apart =
        a.x + a.width <= b.x + 1 ||
        b.x + b.width <= a.x + 1 ||
        a.y + a.height <= b.y + 1 ||
        b.y + b.height <= a.y + 1;
      expect(apart, `${mode}: case ${a.n} and case ${b.n} apart`).toBe(true);
    }
  }
}

/** 'Cases Remaining N' of the status line (its DOM mirror, up to date without a canvas frame). */
async function casesRemaining(page: Page): Promise<number> {
  const text = await page.getByRole('status').filter({ hasText: 'Cases Remaining' }).innerText();
  return Number(/Cases Remaining (\d+)/.exec(text)?.[1]);
}

/**
 * A real pointer tap in the middle of a case's button (its accessible twin over the canvas), again until the
 * board took it; `wait` lets page time pass between tries (the page's clock may be stopped).
 */
async function tapToOpen(page: Page, n: number, wait: () => Promise<void>) {
  const before = await casesRemaining(page);
  for (let tries = 0; tries < 8; tries++) {
    const box = (await page.getByRole('button', { name: `Briefcase ${n}`, exact: true }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    if ((await casesRemaining(page)) === before - 1) return;
    await wait();
  }
  throw new Error(`Briefcase ${n} did not open`);
}

/** On a stopped clock: a frame or two of page time at a time, until `what` shows. */
async function drawnUntil(page: Page, what: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(34);
        return what.isVisible();
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
}

const lowestUnopened = async (page: Page) =>
  Number(
    (await page
      .getByRole('button', { name: /^Briefcase \d+$/ })
      .first()
      .getAttribute('aria-label'))!.replace(/\D/g, ''),
  );

// One game per size, its phases shown in each of the three modes in turn: the board box, the cases apart and
// the start in every mode, then the pick and the first round's taps shared out among the modes (real pointer
// taps), and every overlay (a case's toast, the banker's call, the offer, the second offer, the deal) shot in
// each mode. Page time is Playwright's clock: the lock is ended at once, and the short-lived overlays (the toast,
// the phone) are held on a stopped clock while the modes take turns.
for (const { width, height, opens, boxes } of SIZES) {
  test(`the board at ${width}x${height} in every mode: each phase, nothing overlapping`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.clock.install();
    await page.setViewportSize({ width, height });
    await playAsGuest(page);
    if (opens) await expectFirstVisit(page, width, height, opens);

    let paused = false;
    let current: Mode | null = null;
    /**
     * The board in this mode, drawn. A switch lays the board out anew and its overlay enters again: `settle` ms
     * of page time for that (run on a stopped clock, waited on a flowing one).
     */
    const show = async (mode: Mode, settle = 0) => {
      const switched = mode !== current;
      if (switched) {
        await choose(page, mode);
        current = mode;
      }
      // Clicking the button scrolled the turned page to the header: back to the board, as a player holds it.
      if (mode === 'mobile') await page.locator('#board-mount').evaluate((el) => el.scrollIntoView());
      if (paused) await page.clock.runFor(switched ? Math.max(settle, 34) : 34);
      else {
        if (switched && settle) await page.waitForTimeout(settle);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
    };
    const snap = (mode: Mode, what: string) =>
      shot(page, `onair-${width}x${height}-${mode}-${what}`, { fullPage: mode !== 'mobile' });
    const pause = async () => {
      await pauseClockNow(page);
      paused = true;
    };
    const resume = async () => {
      await page.clock.resume();
      paused = false;
    };
    // Each moment in every mode, from the one on show (one switch fewer); after a switch the overlay enters
    // again and settles (the offer's amount counts up again) before its shot.
    const snapAll = async (what: string, settle: number) => {
      for (const mode of current === 'mobile' ? [...MODES].reverse() : MODES) {
        await show(mode, settle);
        await snap(mode, what);
      }
    };

    for (const mode of MODES) {
      await show(mode, 300);
      // The board box is at least what layout.test.ts proves the type and the layout for.
      const box = await page.locator('.pixi-board').evaluate((el) => [el.clientWidth, el.clientHeight]);
      expect(box[0], mode).toBeGreaterThanOrEqual(boxes[mode][0]);
      expect(box[1], mode).toBeGreaterThanOrEqual(boxes[mode][1]);
      // No two cases overlap on screen, and every case is on the page (phones in desktop or tablet mode
      // aside: a phone opens in Mobile).
      await expectCasesApart(page, mode);
      if (width === 1920 && height === 1080) await expectValueBoards(page, mode);
      await snap(mode, 'start');
    }

    // A real tap on case 7 picks it; the first round's six cases open by real taps, two in each mode.
    const seven = page.getByRole('button', { name: 'Briefcase 7', exact: true });
    const box = (await seven.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('button', { name: 'Briefcase 7, your case' })).toBeVisible();
    const phone = page.getByRole('dialog', { name: 'THE BANKER IS CALLING!' });
    const offer = page.getByRole('dialog', { name: "BANKER'S OFFER" });
    for (let opened = 0; opened < 6; opened++) {
      await show(MODES[Math.floor(opened / 2)]!);
      await endLock(page);
      const n = await lowestUnopened(page);
      if (opened === 1 || opened === 5) await pause();
      await tapToOpen(page, n, () => (paused ? page.clock.runFor(300) : page.waitForTimeout(400)));
      if (opened === 1) {
        // The case's toast (2 s in tablet mode) held while each mode shows it.
        await drawnUntil(page, page.getByRole('dialog', { name: 'Case Eliminated!' }));
        await snapAll('toast', 350);
        await resume();
      }
    }
    // The banker calls (2 s, held), then the offer.
    await drawnUntil(page, phone);
    await snapAll('phone', 350);
    await resume();
    await page.clock.fastForward(TIMINGS.phoneOverlayMs);
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(1000); // the amount counts up
    await snapAll('offer', 1000);

    // NO DEAL, the second round through the accessible twins, its offer, and the DEAL.
    await endLock(page);
    await page.getByRole('button', { name: 'NO DEAL!' }).click();
    await expect(offer).toBeHidden();
    for (let opened = 0; opened < 5; opened++) {
      await endLock(page);
      await page
        .getByRole('button', { name: /^Briefcase \d+$/ })
        .first()
        .click();
    }
    await expect(phone.or(offer).first()).toBeVisible();
    await page.clock.fastForward(TIMINGS.phoneOverlayMs);
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(1000);
    await snapAll('round2-offer', 1000);
    await endLock(page);
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'DEAL!', exact: true })).toBeVisible();
    await page.waitForTimeout(1000);
    await snapAll('deal', 1000);
  });
}

test('in Mobile mode the board comes back into view when the banker calls, however far the page was scrolled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
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
    await endLock(page);
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
