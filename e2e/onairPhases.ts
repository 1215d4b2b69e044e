// The phases of a live game on the canvas board, checked with REAL POINTER TAPS (page.mouse at the centre of what
// the player sees: in Mobile mode the page is turned, and the boxes are the turned ones), for e2e/onair.spec.ts.
// The page's timers are on Playwright's clock (page.clock.install() before the page opens): the 800 ms lock, the
// banker's 2 s call and the toasts' seconds are jumped with fastForward, and the clock is paused where a moment
// (a case toast, the phone, a 'Round N starts!' toast over the offer) must still show while it is tapped.
import { ROUND_QUOTAS, TIMINGS } from '@dond/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, shot, toasts } from './fixtures';
import { pauseClockNow, status } from './game';

export type Mode = 'Desktop' | 'iPad (BETA)' | 'Mobile (BETA)';
export type Box = { x: number; y: number; width: number; height: number };

export const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
const inBox = (p: { x: number; y: number }, b: Box, pad = 0) =>
  p.x >= b.x - pad && p.x <= b.x + b.width + pad && p.y >= b.y - pad && p.y <= b.y + b.height + pad;
export const coinsIn = (text: string) => Number(text.replace(/\D/g, ''));

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  return box;
}

/** A real pointer tap at the centre of what the player sees of this element. */
export async function tap(page: Page, locator: Locator) {
  // A finger scrolls to what it taps (the turned mobile page can leave a dialog's buttons a scroll away).
  await locator.scrollIntoViewIfNeeded();
  const { x, y } = centre(await boxOf(locator));
  await page.mouse.click(x, y);
}

export const caseButton = (page: Page, n: number) =>
  page.getByRole('button', { name: `Briefcase ${n}`, exact: true });
export const unopened = (page: Page) => page.getByRole('button', { name: /^Briefcase \d+$/ });
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
// The status line; a celebration's line is a status of its own while it shows.
export const statusLine = (page: Page) => page.locator('.board-mirror [role="status"]:not(.celebration)');
export const openedItems = (page: Page) =>
  page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
const locked = (page: Page) => page.locator('.pixi-board[data-locked="true"]');

/**
 * Ends the 800 ms lock on the page's clock (running or paused): a jump past it, again while the board still says
 * it is locked (a signed-in board's lock can start when the server's answer comes).
 */
export async function unlock(page: Page, { always = true } = {}) {
  for (let i = 0; i < 4 && (always || (await locked(page).count()) > 0); i++) {
    await page.clock.fastForward(TIMINGS.interactionLockMs + 50);
    always = false;
  }
  await expect(locked(page)).toHaveCount(0);
}

/** What a stray tap could change: the status line, the opened cases, the dialogs (read in one go in the page). */
export async function boardState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = (selector: string) =>
      (document.querySelector(selector) as HTMLElement | null)?.innerText ?? '';
    // The case toast leaves on its own timer: it is not something a tap changed.
    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('.board-mirror [role="dialog"] h2'))
      .map((h) => h.innerText)
      .filter((name) => name !== 'Case Eliminated!');
    return JSON.stringify({
      status: text('.board-mirror [role="status"]:not(.celebration)'),
      opened: text('.board-mirror ul[aria-label="Opened cases"]'),
      dialogs,
    });
  });
}

/**
 * Taps every point and checks that nothing on the board changed. First past the lock (jumped on the page's clock
 * while the board is locked), so that a tap that went through would act; after the taps, `settle` ms of page time
 * (a jump: a paused clock would not run a tap's timers otherwise, a NEW GAME's 100 ms) and a real moment to draw.
 */
export async function expectTapsReachNothing(
  page: Page,
  points: Array<{ x: number; y: number }>,
  what: string,
  { settle = 200, dialogsMayChange = false } = {},
) {
  await unlock(page, { always: false });
  const confirm = dialog(page, 'Start a new game?');
  const newGameToast = toasts(page).filter({ hasText: 'New Game Started!' });
  const look = () => Promise.all([boardState(page), confirm.count(), newGameToast.count()]);
  const [before, confirms, newGameToasts] = await look();
  for (const p of points) {
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(40);
  }
  await page.clock.fastForward(settle);
  await page.waitForTimeout(150);
  const [after, confirmsAfter, newGameToastsAfter] = await look();
  const strip = (state: string) => (dialogsMayChange ? state.replace(/"dialogs":\[.*\]/, '') : state);
  expect(strip(after), `taps on ${what} at ${JSON.stringify(points)}`).toBe(strip(before));
  // Neither NEW GAME's confirmation nor a new game (its toast) came of them.
  expect(confirmsAfter, `taps on ${what}`).toBe(confirms);
  expect(newGameToastsAfter, `taps on ${what}`).toBeLessThanOrEqual(newGameToasts);
}

/** Points spread over a box, leaving out what lies on its own buttons (a toast's ×). */
function pointsIn(box: Box, avoid: Box[]): Array<{ x: number; y: number }> {
  const fractions = [
    [0.5, 0.5],
    [0.25, 0.5],
    [0.75, 0.55],
    [0.2, 0.85],
    [0.5, 0.85],
    [0.8, 0.85],
    [0.35, 0.25],
  ];
  return fractions
    .map(([fx, fy]) => ({ x: box.x + box.width * fx!, y: box.y + box.height * fy! }))
    .filter((p) => !avoid.some((b) => inBox(p, b, 8)));
}

/**
 * Where the case toast is drawn, found in the pixels (whatever the code places it): the largest patch of the
 * board that changed between before the tap and now, leaving out the case just opened.
 */
async function changedPatch(page: Page, before: Buffer, after: Buffer, leaveOut: Box): Promise<Box> {
  return page.evaluate(
    async ({ a, b, leave }) => {
      const load = async (b64: string) => {
        const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [one, two] = await Promise.all([load(a), load(b)]);
      const cell = 6;
      const cols = Math.ceil(one.width / cell);
      const rows = Math.ceil(one.height / cell);
      const changed = new Uint8Array(cols * rows);
      for (let cy = 0; cy < rows; cy++) {
        for (let cx = 0; cx < cols; cx++) {
          const x0 = cx * cell;
          const y0 = cy * cell;
          if (
            x0 + cell > leave.x - 12 &&
            x0 < leave.x + leave.width + 12 &&
            y0 + cell > leave.y - 12 &&
            y0 < leave.y + leave.height + 12
          )
            continue;
          let hits = 0;
          for (let y = y0; y < Math.min(y0 + cell, one.height); y += 2) {
            for (let x = x0; x < Math.min(x0 + cell, one.width); x += 2) {
              const i = (y * one.width + x) * 4;
              const d =
                Math.abs(one.data[i]! - two.data[i]!) +
                Math.abs(one.data[i + 1]! - two.data[i + 1]!) +
                Math.abs(one.data[i + 2]! - two.data[i + 2]!);
              if (d > 40) hits++;
            }
          }
          if (hits >= 2) changed[cy * cols + cx] = 1;
        }
      }
      // The largest 8-connected patch of changed cells.
      const seen = new Uint8Array(cols * rows);
      let best = { size: 0, x0: 0, y0: 0, x1: 0, y1: 0 };
      for (let start = 0; start < changed.length; start++) {
        if (!changed[start] || seen[start]) continue;
        const stack = [start];
        seen[start] = 1;
        const patch = { size: 0, x0: cols, y0: rows, x1: 0, y1: 0 };
        while (stack.length) {
          const c = stack.pop()!;
          const cx = c % cols;
          const cy = Math.floor(c / cols);
          patch.size++;
          patch.x0 = Math.min(patch.x0, cx);
          patch.y0 = Math.min(patch.y0, cy);
          patch.x1 = Math.max(patch.x1, cx);
          patch.y1 = Math.max(patch.y1, cy);
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const nx = cx + dx;
              const ny = cy + dy;
              if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
              const n = ny * cols + nx;
              if (changed[n] && !seen[n]) {
                seen[n] = 1;
                stack.push(n);
              }
            }
          }
        }
        if (patch.size > best.size) best = patch;
      }
      // Shrunk by a cell on each side: the toast's soft shadow changes pixels just outside its panel.
      return {
        x: (best.x0 + 1) * cell,
        y: (best.y0 + 1) * cell,
        width: Math.max(cell, (best.x1 - best.x0 - 1) * cell),
        height: Math.max(cell, (best.y1 - best.y0 - 1) * cell),
      };
    },
    { a: before.toString('base64'), b: after.toString('base64'), leave: leaveOut },
  );
}

/**
 * The boxes of every case button on show and of NEW GAME / RESET / SHOW / HIDE, read in one go in the page (one
 * round trip, not three a button).
 */
async function controlBoxes(page: Page): Promise<Array<[string, Box]>> {
  return page.locator('.board-a11y-layer button').evaluateAll((buttons) =>
    buttons.flatMap((button): Array<[string, Box]> => {
      const name = button.getAttribute('aria-label') ?? '';
      const { x, y, width, height } = button.getBoundingClientRect();
      // What Playwright calls visible: a box, and not hidden by style.
      const hidden = width === 0 || height === 0 || getComputedStyle(button).visibility === 'hidden';
      return name === 'Close' || hidden ? [] : [[name, { x, y, width, height }]];
    }),
  );
}

/** No toast on show lies over a case or a button the board shows now (#3). */
export async function expectPageToastsClear(page: Page, when: string) {
  for (const t of await toasts(page).all()) {
    // A toast may leave while it is being looked at: a short wait, and it is skipped.
    const box = await t.boundingBox({ timeout: 500 }).catch(() => null);
    if (!box) continue;
    const text = await t.innerText({ timeout: 500 }).catch(() => '(gone)');
    for (const [name, b] of await controlBoxes(page))
      expect(overlaps(box, b), `the toast '${text}' covers ${name} ${when}`).toBe(false);
  }
}

/** A tap on each page toast on show (not on its ×) reaches nothing (#1). Answers how many were tapped. */
export async function tapPageToasts(page: Page, when: string): Promise<number> {
  let tapped = 0;
  for (const t of await toasts(page).all()) {
    const box = await t.boundingBox({ timeout: 500 }).catch(() => null);
    const close = await t
      .getByRole('button', { name: 'Close' })
      .boundingBox({ timeout: 500 })
      .catch(() => null);
    if (!box || !close) continue;
    await expectTapsReachNothing(page, pointsIn(box, [close]).slice(0, 3), `the toast ${when}`);
    tapped++;
  }
  return tapped;
}

/** Taps on an overlay's backdrop (the board's corners and edges) and on its panel above its buttons. */
export async function expectOverlayBlocks(page: Page, name: string, panelButton: Locator) {
  const board = await boxOf(page.locator('.pixi-board'));
  const button = await boxOf(panelButton);
  const points = [
    { x: board.x + 12, y: board.y + 12 },
    { x: board.x + board.width - 12, y: board.y + board.height - 12 },
    { x: board.x + board.width / 2, y: board.y + 8 },
    { x: board.x + 10, y: board.y + board.height / 2 },
    // The panel, above its buttons (on a turned page "above" is in the board's own turned frame: use the
    // midpoint between the button and the board's centre, which is inside the panel either way).
    {
      x: (centre(button).x + centre(board).x) / 2,
      y: (centre(button).y + centre(board).y) / 2,
    },
  ];
  await expectTapsReachNothing(page, points, `the ${name} overlay`);
  await expect(dialog(page, name)).toBeVisible();
}

/** Screenshots of a cell, each name once: test-results/screenshots/onair-<label>-<name>.jpg. */
export function shots(page: Page, label: string) {
  const taken = new Set<string>();
  return async (name: string) => {
    if (taken.has(name)) return;
    taken.add(name);
    await shot(page, `onair-${label}-${name}`);
  };
}

/** Taps the lowest-numbered unopened case past the lock; the case opens. */
export async function tapNextCase(page: Page): Promise<Box> {
  await unlock(page);
  // Scrolled to and measured in one call (a finger scrolls to what it taps).
  const [target, before] = await Promise.all([
    unopened(page)
      .first()
      .evaluate((button) => {
        button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const { x, y, width, height } = button.getBoundingClientRect();
        return { x, y, width, height };
      }),
    openedItems(page).count(),
  ]);
  await page.mouse.click(centre(target).x, centre(target).y);
  await expect(openedItems(page)).toHaveCount(before + 1, { timeout: 10_000 });
  return target;
}

/** How many cases the round still asks for (from its round and the cases remaining, in every view's status line). */
export async function casesToGo(page: Page): Promise<number> {
  const { round, casesRemaining } = await status(page);
  const due = ROUND_QUOTAS.slice(0, round).reduce((sum, quota) => sum + quota, 0);
  // 26 cases: the own one and 25 to open.
  return due - (25 - casesRemaining);
}

/**
 * The case toast (#1, #3): a case tapped on a paused clock, so its toast (4 s, 2 s on a tablet) stays while its
 * box is tapped all over (not its ×) past the lock; it covers no case and no control, nor does a page toast.
 */
export async function probeCaseToast(page: Page, snap: (name: string) => Promise<void>) {
  const board = await boxOf(page.locator('.pixi-board'));
  const shield = page.locator('.board-a11y-layer [data-shield]');
  const before = await page.screenshot({ clip: board });
  await pauseClockNow(page);
  const target = await tapNextCase(page);
  const round = Number(/Round (\d+)/.exec(await statusLine(page).innerText())?.[1]);
  await unlock(page);
  const caseToast = dialog(page, 'Case Eliminated!');
  await expect(caseToast).toBeVisible();
  // The toast's own box: its shield in the accessible layer; on a board without one (before issue 15), the
  // patch of pixels that changed, leaving out the case just opened.
  let toast: Box;
  if ((await shield.count()) > 0) toast = await boxOf(shield);
  else {
    await page.clock.fastForward(300);
    await page.waitForTimeout(300);
    const inClip = { ...target, x: target.x - board.x, y: target.y - board.y };
    const found = await changedPatch(page, before, await page.screenshot({ clip: board }), inClip);
    toast = { ...found, x: found.x + board.x, y: found.y + board.y };
  }
  const close = page.locator('.board-a11y-layer button[aria-label="Close"]');
  const closeBox = (await close.count()) > 0 ? await boxOf(close) : null;
  await expectTapsReachNothing(
    page,
    pointsIn(toast, closeBox ? [closeBox] : []),
    `the case toast in round ${round}`,
  );
  await expect(caseToast, 'the case toast still shows after the taps').toBeVisible();
  await snap(`case-toast-round-${round}`);
  for (const [name, b] of await controlBoxes(page))
    expect(overlaps(toast, b), `the case toast ${JSON.stringify(toast)} covers ${name}`).toBe(false);
  await expectPageToastsClear(page, `while opening cases in round ${round}`);
  await page.clock.resume();
}

/**
 * The round's last case on a paused clock: the banker's call (2 s) shows past the lock, taps on its panel and
 * backdrop reach nothing, and the offer follows it.
 */
export async function probePhone(page: Page, snap: (name: string) => Promise<void>) {
  expect(await casesToGo(page), 'the round has one case to go').toBe(1);
  await pauseClockNow(page);
  await tapNextCase(page);
  await unlock(page);
  const calling = dialog(page, 'THE BANKER IS CALLING!');
  await expect(calling).toBeVisible();
  // One more frame of page time, for the call drawn over the opened case.
  await page.clock.fastForward(100);
  await snap('phone');
  const board = await boxOf(page.locator('.pixi-board'));
  await expectTapsReachNothing(page, [centre(board), { x: board.x + 12, y: board.y + 12 }], 'the phone');
  await expect(calling, 'the call still shows after the taps').toBeVisible();
  await expectPageToastsClear(page, 'over the phone');
  await page.clock.fastForward(TIMINGS.phoneOverlayMs);
  await expect(dialog(page, "BANKER'S OFFER")).toBeVisible({ timeout: 10_000 });
  await page.clock.resume();
}

/** The round's last case, its call jumped over on the page's clock: the offer shows. */
export async function lastCaseToOffer(page: Page) {
  expect(await casesToGo(page), 'the round has one case to go').toBe(1);
  await tapNextCase(page);
  await expectPageToastsClear(page, 'as the banker calls');
  await page.clock.fastForward(TIMINGS.phoneOverlayMs + 100);
  await expect(dialog(page, "BANKER'S OFFER")).toBeVisible({ timeout: 10_000 });
}

/** Opens cases by taps until the round has one to go, no toast over a case or control on the way. */
export async function openAllButOne(page: Page) {
  for (let toGo = await casesToGo(page); toGo > 1; toGo--) {
    await tapNextCase(page);
    await expectPageToastsClear(page, 'while opening cases');
  }
}

/**
 * The offer on show: no page toast ('Round N starts!') covers DEAL! or NO DEAL! nor takes a tap through (#1, #3),
 * the overlay blocks taps. `countUp`: the amount's count-up is jumped first (for its screenshot).
 */
export async function checkOffer(
  page: Page,
  snap: (name: string) => Promise<void>,
  n: number,
  { countUp = false } = {},
) {
  if (countUp) {
    await page.clock.fastForward(1000);
    await page.waitForTimeout(100);
  }
  await snap('offer');
  await expectPageToastsClear(page, `over the offer ${n}`);
  const tapped = await tapPageToasts(page, `over the offer ${n}`);
  await expectOverlayBlocks(page, "BANKER'S OFFER", page.getByRole('button', { name: 'DEAL!', exact: true }));
  return tapped;
}

/** NO DEAL! by a tap; the next round's toast covers nothing and takes no tap through. */
export async function noDeal(page: Page, n: number) {
  const offer = dialog(page, "BANKER'S OFFER");
  await unlock(page, { always: false });
  await tap(page, page.getByRole('button', { name: 'NO DEAL!', exact: true }));
  await expect(offer).toHaveCount(0);
  await expectPageToastsClear(page, `after NO DEAL ${n}`);
  // The last NO DEAL! brings the final decision 1 s later: its toast is tapped over that dialog instead.
  if ((await toasts(page).filter({ hasText: 'Final decision' }).count()) === 0)
    await tapPageToasts(page, `after NO DEAL ${n}`);
}
