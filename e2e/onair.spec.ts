import path from 'node:path';
import { TIMINGS } from '@dond/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, shot, test, toasts } from './fixtures';
import { endLock, pageNow } from './onairHelpers';

// Issue 15, defects 1, 2, 3, 4, 5 and 7: a live game on the canvas board, played with REAL POINTER TAPS at
// the positions the player sees (the centre of a case's or button's box: in Mobile mode the page is turned,
// and the boxes are the turned ones), in every view mode at 1920x1080, 1024x768 and 390x844.
// - No tap on a toast, a dialog or an overlay reaches a case or a control beneath (#1).
// - No toast covers a control the phase needs: the case toast no case and no NEW GAME / RESET, the page's
//   toasts no case, control or dialog button (#3).
// - The final reveal's message compares the winnings with the case given up, which it opens (#4).
// - After DEAL and CONTINUE every case is open, the player's marked, the deal kept in view (#5).
// - NEW GAME and RESET ask first during a game (#2); opened cases are not lit after a new game (#7).
// The same games show the board's layout at a streamer's and a player's sizes (once e2e/onairLayout.spec.ts's
// matrix): the board box each mode gets, no two cases overlapping, a screenshot of each moment.
// Every timer of the rules (the lock, the phone, the toasts) runs on Playwright's clock: page time jumps past
// it (onairHelpers.ts), so a game costs its taps and frames, not its waits.

type Mode = 'Desktop' | 'iPad (BETA)' | 'Mobile (BETA)';
type Box = { x: number; y: number; width: number; height: number };
const MODE_NAMES = { Desktop: 'desktop', 'iPad (BETA)': 'tablet', 'Mobile (BETA)': 'mobile' } as const;

/** Sizes a streamer captures and a player plays at, and the board box each mode gets (layout.test.ts). */
const SIZES = [
  { width: 1920, height: 1080, boxes: { desktop: [1920, 824], tablet: [1920, 824], mobile: [1080, 1920] } },
  { width: 1080, height: 1920, boxes: { desktop: [1080, 1664], tablet: [1080, 1664], mobile: [1920, 1080] } },
  { width: 1024, height: 768, boxes: { desktop: [1024, 513], tablet: [1024, 513], mobile: [768, 1024] } },
  { width: 390, height: 844, boxes: { desktop: [390, 496], tablet: [390, 496], mobile: [844, 390] } },
] as const;

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
const inBox = (p: { x: number; y: number }, b: Box, pad = 0) =>
  p.x >= b.x - pad && p.x <= b.x + b.width + pad && p.y >= b.y - pad && p.y <= b.y + b.height + pad;
const coinsIn = (text: string) => Number(text.replace(/\D/g, ''));

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  return box;
}

/** A real pointer tap at the centre of what the player sees of this element. */
async function tap(page: Page, locator: Locator) {
  // A finger scrolls to what it taps (the turned mobile page can leave a dialog's buttons a scroll away).
  await locator.scrollIntoViewIfNeeded();
  const { x, y } = centre(await boxOf(locator));
  await page.mouse.click(x, y);
}

const caseButton = (page: Page, n: number) =>
  page.getByRole('button', { name: `Briefcase ${n}`, exact: true });
const unopened = (page: Page) => page.getByRole('button', { name: /^Briefcase \d+$/ });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
// The status line; a celebration's line is a status of its own while it shows.
const statusLine = (page: Page) => page.locator('.board-mirror [role="status"]:not(.celebration)');

async function openBoard(page: Page, size: { width: number; height: number }, mode: Mode) {
  await page.clock.install();
  await page.setViewportSize(size);
  await page.goto('/');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await page.getByRole('button', { name: mode }).click();
  await expect(page.getByRole('button', { name: mode })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.pixi-board[data-ready="true"]')).toBeVisible();
  await expect(caseButton(page, 1)).toBeVisible();
  // The view change moves the board: let it settle before taking boxes.
  await page.waitForTimeout(400);
}

/** What a stray tap could change: the status line, the opened cases, the dialogs, a new game's toast. */
async function boardState(page: Page): Promise<string> {
  // The case toast leaves on its own 4 s timer: it is not something a tap changed.
  const dialogs = (await page.locator('.board-mirror [role="dialog"] h2').allInnerTexts()).filter(
    (name) => name !== 'Case Eliminated!',
  );
  const opened = await page.getByRole('list', { name: 'Opened cases' }).innerText();
  return JSON.stringify({ status: await statusLine(page).innerText(), opened, dialogs });
}

/** Taps every point and checks that nothing on the board changed. */
async function expectTapsReachNothing(
  page: Page,
  points: Array<{ x: number; y: number }>,
  what: string,
  {
    waitLock = true,
    settle = 300,
    since,
    dialogsMayChange = false,
  }: { waitLock?: boolean; settle?: number; since?: number; dialogsMayChange?: boolean } = {},
) {
  // Past the 800 ms lock (counted from `since`, the page time of the last action, when given), so a tap that
  // went through would act.
  if (waitLock) await endLock(page, since);
  const confirm = dialog(page, 'Start a new game?');
  const newGameToast = toasts(page).filter({ hasText: 'New Game Started!' });
  const before = await boardState(page);
  const [confirms, newGameToasts] = [await confirm.count(), await newGameToast.count()];
  for (const p of points) {
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(settle);
  // The banker's 2 s call turns into the offer on its own: then only the board itself is compared.
  const strip = (state: string) => (dialogsMayChange ? state.replace(/"dialogs":\[.*\]/, '') : state);
  expect(strip(await boardState(page)), `taps on ${what} at ${JSON.stringify(points)}`).toBe(strip(before));
  // Neither NEW GAME's confirmation nor a new game (its toast) came of them.
  expect(await confirm.count(), `taps on ${what}`).toBe(confirms);
  expect(await newGameToast.count(), `taps on ${what}`).toBeLessThanOrEqual(newGameToasts);
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
 * round trip, not three a button: a whole game asks this after every tap).
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
async function expectPageToastsClear(page: Page, when: string) {
  const shown = toasts(page);
  for (const t of await shown.all()) {
    // A toast may leave while it is being looked at: a short wait, and it is skipped.
    const box = await t.boundingBox({ timeout: 500 }).catch(() => null);
    if (!box) continue;
    const text = await t.innerText({ timeout: 500 }).catch(() => '(gone)');
    for (const [name, b] of await controlBoxes(page))
      expect(overlaps(box, b), `the toast '${text}' covers ${name} ${when}`).toBe(false);
  }
}

/** A tap on each page toast on show (not on its ×) reaches nothing (#1). */
async function tapPageToasts(page: Page, when: string) {
  for (const t of await toasts(page).all()) {
    const box = await t.boundingBox({ timeout: 500 }).catch(() => null);
    const close = await t
      .getByRole('button', { name: 'Close' })
      .boundingBox({ timeout: 500 })
      .catch(() => null);
    if (!box || !close) continue;
    await expectTapsReachNothing(page, pointsIn(box, [close]).slice(0, 3), `the toast ${when}`);
  }
}

/** Taps on an overlay's backdrop (the board's corners and edges) and on its panel above its buttons. */
async function expectOverlayBlocks(page: Page, name: string, panelButton: Locator) {
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

interface Played {
  own: number;
  won: number;
}

/** What a game checks in each view mode: the mode it is played in, the others, and a screenshot in a mode. */
interface Modes {
  home: Mode;
  others: readonly Mode[];
  picture(mode: Mode, name: string): Promise<void>;
}

/**
 * Stops the page's clock now (a little ahead, retried when the call arrives after that): no timer of the
 * board runs until resume(), so a timed moment (a toast, the phone) waits while each mode is looked at.
 */
async function pauseNow(page: Page) {
  for (let tries = 0; ; tries++) {
    const paused = await page.clock.pauseAt((await pageNow(page)) + 50).then(
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
 * Turns the board to `mode` (the game as it stands) and lets it redraw: `frozen` when the clock is stopped, so
 * the frames are run on it (the accessible twins move with the frames).
 */
async function switchMode(page: Page, mode: Mode, frozen: boolean) {
  // The header's button, not the thing under test here (onairLayout.spec.ts taps it): a toast over it must
  // not hold the switch up while the clock is stopped.
  await page.getByRole('button', { name: mode }).dispatchEvent('click');
  await expect(page.getByRole('button', { name: mode })).toHaveAttribute('aria-pressed', 'true');
  if (mode === 'Mobile (BETA)') await page.locator('#board-mount').evaluate((el) => el.scrollIntoView());
  if (frozen) await page.clock.runFor(50);
  else await page.waitForTimeout(400);
}

/** Runs `look` in each other mode in turn, then turns the board back to the home mode. */
async function inOtherModes(page: Page, modes: Modes, look: (mode: Mode) => Promise<void>, frozen = false) {
  if (modes.others.length === 0) return;
  for (const mode of modes.others) {
    await switchMode(page, mode, frozen);
    await look(mode);
  }
  await switchMode(page, modes.home, frozen);
}

/**
 * The case toast on show: taps on it reach nothing, and it covers no case or control. Its box is its shield in
 * the accessible layer; on a board without one (before issue 15), `pixels` finds the patch that changed.
 * Answers why the toast could not be probed (gone before the taps, no shield to find it by), or null.
 */
async function probeCaseToast(
  page: Page,
  what: string,
  since: number | undefined,
  pixels?: () => Promise<Box>,
): Promise<string | null> {
  const gone = () => null;
  const shield = page.locator('.board-a11y-layer [data-shield]');
  const shielded = (await shield.count()) > 0;
  if (!shielded && !pixels) return 'no shield in the accessible layer';
  const toast = shielded ? await shield.boundingBox({ timeout: 500 }).catch(gone) : await pixels!();
  const close = page.locator('.board-a11y-layer button[aria-label="Close"]');
  const closable = (await close.count()) > 0;
  const closeBox = closable ? await close.boundingBox({ timeout: 500 }).catch(gone) : null;
  if (!toast) return 'no box for the shield';
  if (closable && !closeBox) return 'no box for its ×';
  await expectTapsReachNothing(page, pointsIn(toast, closeBox ? [closeBox] : []), what, { since });
  for (const [name, b] of await controlBoxes(page))
    expect(overlaps(toast, b), `${what} ${JSON.stringify(toast)} covers ${name}`).toBe(false);
  // Only a probe made while the toast still showed counts.
  return (await dialog(page, 'Case Eliminated!').isVisible()) ? null : 'gone during the taps';
}

/** An overlay that waits for the player: its screenshot, no page toast over its buttons, no tap through it. */
async function checkOverlay(
  page: Page,
  mode: Mode,
  modes: Modes,
  shotName: string,
  name: string,
  button: Locator,
) {
  await modes.picture(mode, shotName);
  await expectPageToastsClear(page, `over the ${name} in ${mode}`);
  await tapPageToasts(page, `over the ${name} in ${mode}`);
  await expectOverlayBlocks(page, name, button);
}

/**
 * A game by real pointer taps in the home mode, checking every toast and overlay on the way; the first case
 * toasts of rounds 1 and 2, the phone and the first two offers are checked in the other modes too (`probe:
 * false` leaves the cases' toasts and the phone alone: another game checked them). Ends with DEAL! at the
 * `deal`-th offer (at its reveal), or at the final choice by keeping or swapping.
 */
async function playOnAir(
  page: Page,
  modes: Modes,
  ending: { deal: number } | 'keep' | 'swap',
  { probe = true } = {},
): Promise<Played> {
  const { home } = modes;
  const taken = new Set<string>();
  const snap = async (name: string, mode = home) => {
    if (taken.has(`${mode} ${name}`)) return;
    taken.add(`${mode} ${name}`);
    await modes.picture(mode, name);
  };
  const own = 13;
  await tap(page, caseButton(page, own));
  await expect(page.getByRole('button', { name: `Briefcase ${own}, your case` })).toBeVisible();
  let offers = 0;
  let probedRound = probe ? 0 : 2;
  let phoneSeen = false;
  for (;;) {
    await endLock(page);
    const offer = dialog(page, "BANKER'S OFFER");
    const final = dialog(page, 'FINAL DECISION!');
    if (await final.isVisible()) break;
    const next = unopened(page).first();
    if (
      (await next.count()) > 0 &&
      (await next.isVisible()) &&
      (await next.isEnabled({ timeout: 1000 }).catch(() => false))
    ) {
      const round = Number(/Round (\d+)/.exec(await statusLine(page).innerText())?.[1]);
      await next.scrollIntoViewIfNeeded();
      const target = await boxOf(next);
      // The first cases of rounds 1 and 2: where the toast lies, and taps on it while it shows.
      const probing = probedRound < round && round <= 2;
      const board = await boxOf(page.locator('.pixi-board'));
      const before = probing ? await page.screenshot({ clip: board }) : null;
      const openedItems = page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
      const openedBefore = await openedItems.count();
      // The clock stopped from the tap while what it brings (the case toast, 2 s on a tablet; the phone, 2 s) is
      // looked at in each mode, however loaded the machine (rounds 1 and 2); the frames of its first 100 ms drawn.
      const freeze = probe && round <= 2;
      if (freeze) await pauseNow(page);
      const tapped = await pageNow(page);
      await page.mouse.click(centre(target).x, centre(target).y);
      if (freeze) await page.clock.runFor(100);
      const calling = dialog(page, 'THE BANKER IS CALLING!');
      const caseToast = dialog(page, 'Case Eliminated!');
      // The tap opened the case (its 4 s toast, or the banker's call over it, may come and go on a slow machine).
      await expect(openedItems).toHaveCount(openedBefore + 1, { timeout: 10_000 });
      if (before && (await caseToast.isVisible())) {
        const pixels = async () => {
          await page.clock.runFor(300);
          const inClip = { ...target, x: target.x - board.x, y: target.y - board.y };
          const found = await changedPatch(page, before, await page.screenshot({ clip: board }), inClip);
          return { ...found, x: found.x + board.x, y: found.y + board.y };
        };
        const what = `the case toast in round ${round}`;
        if ((await probeCaseToast(page, `${what} in ${home}`, tapped, pixels)) === null) {
          await snap(`case-toast-round-${round}`);
          // Otherwise the next case of the round tries again.
          probedRound = round;
          await inOtherModes(
            page,
            modes,
            async (mode) => {
              await snap(`case-toast-round-${round}`, mode);
              // Not a failure yet: at 1080x1920 in Mobile the shield was not found on the turned board (issue
              // 39's H4 report); noted on the test so it shows in the report.
              const missed = await probeCaseToast(page, `${what} in ${mode}`, tapped);
              if (missed)
                test
                  .info()
                  .annotations.push({ type: 'not probed', description: `${what} in ${mode}: ${missed}` });
            },
            true,
          );
        }
      }
      await expectPageToastsClear(page, `while opening cases in round ${round}`);
      if (probe && (await calling.isVisible())) {
        // The call lasts 2 s from the tap: past the lock, tap its panel and backdrop before it ends (in every mode
        // the first time).
        await endLock(page, tapped);
        const tapCall = async (mode: Mode) => {
          if (!(await calling.isVisible())) return;
          await snap('phone', mode);
          const box = await boxOf(page.locator('.pixi-board'));
          await expectTapsReachNothing(
            page,
            [centre(box), { x: box.x + 12, y: box.y + 12 }],
            `the phone in ${mode}`,
            { waitLock: false, settle: 150, dialogsMayChange: true },
          );
        };
        await tapCall(home);
        if (!phoneSeen) await inOtherModes(page, modes, tapCall, true);
        phoneSeen = true;
      }
      if (freeze) await page.clock.resume();
      if (await calling.isVisible()) {
        // The rest of the call in page time: the offer comes now.
        await page.clock.fastForward(TIMINGS.phoneOverlayMs);
        await expect(offer).toBeVisible({ timeout: 5000 });
      }
      continue;
    }
    if (await offer.isVisible()) {
      offers++;
      await page.waitForTimeout(offers <= 2 ? 900 : 0); // the amount counts up
      const dealButton = page.getByRole('button', { name: 'DEAL!', exact: true });
      // 'Round N starts!' may still show: it must not cover DEAL! or NO DEAL! (#3), nor take a tap through.
      if (offers <= 2) await snap(`offer-${offers}`);
      await expectPageToastsClear(page, `over the offer ${offers}`);
      await tapPageToasts(page, `over the offer ${offers}`);
      await expectOverlayBlocks(page, "BANKER'S OFFER", dealButton);
      if (offers <= 2 && probe)
        await inOtherModes(page, modes, (mode) =>
          checkOverlay(page, mode, modes, `offer-${offers}`, "BANKER'S OFFER", dealButton),
        );
      if (typeof ending === 'object' && ending.deal === offers) {
        const amount = coinsIn(await offer.locator('.offer-amount').innerText());
        await tap(page, dealButton);
        const reveal = dialog(page, 'DEAL!');
        await expect(reveal).toBeVisible();
        await page.waitForTimeout(900);
        await checkOverlay(
          page,
          home,
          modes,
          'deal-reveal',
          'DEAL!',
          page.getByRole('button', { name: 'CONTINUE' }),
        );
        return { own, won: amount };
      }
      await tap(page, page.getByRole('button', { name: 'NO DEAL!', exact: true }));
      await expect(offer).toHaveCount(0);
      await expectPageToastsClear(page, `after NO DEAL ${offers}`);
      // The last NO DEAL! brings the final decision 1 s later: its toast is tapped over that dialog instead.
      if ((await toasts(page).filter({ hasText: 'Final decision' }).count()) === 0)
        await tapPageToasts(page, `after NO DEAL ${offers}`);
      continue;
    }
    await expect(unopened(page).first().or(offer).or(final).first()).toBeVisible({ timeout: 5000 });
  }
  const keep = page.getByRole('button', { name: /^KEEP CASE #\d+$/ });
  const swap = page.getByRole('button', { name: /^SWAP TO CASE #\d+$/ });
  await page.waitForTimeout(500);
  await checkOverlay(page, home, modes, 'final-decision', 'FINAL DECISION!', keep);
  const other = coinsIn((await swap.getAttribute('aria-label')) ?? '');
  await tap(page, ending === 'swap' ? swap : keep);
  const reveal = dialog(page, ending === 'swap' ? 'SWAP!' : 'KEEP!');
  // The case opens, then the reveal comes (page time).
  await page.clock.fastForward(TIMINGS.finalChoiceToRevealMs + TIMINGS.revealDialogAfterRevealMs);
  await expect(reveal).toBeVisible({ timeout: 5000 });
  await page.waitForTimeout(1000);
  await checkOverlay(
    page,
    home,
    modes,
    'final-reveal',
    ending === 'swap' ? 'SWAP!' : 'KEEP!',
    page.getByRole('button', { name: 'NEW GAME' }).last(),
  );

  // #4: the reveal opens the case given up, and its message compares the winnings with that case.
  const won = coinsIn(await reveal.locator('.offer-amount').innerText());
  const givenUp = ending === 'swap' ? own : other;
  const givenUpLine = reveal.locator('.given-up-case');
  await expect(givenUpLine).toContainText(`Case #${givenUp} contained:`);
  const givenUpText = (await givenUpLine.innerText()).replace(/^Case #\d+ contained:/, '');
  const givenUpCoins = coinsIn(/\d[\d,]*/.exec(givenUpText)?.[0] ?? '');
  const expected =
    won >= givenUpCoins ? 'Excellent choice! You won big!' : 'Your case was worth more than what you won!';
  await expect(reveal).toContainText(expected);
  return { own, won };
}

/**
 * A screenshot of what the player sees: of the viewport in Mobile mode (its page is turned and fixed to the
 * viewport, and a full-page capture re-lays it out), of the full page otherwise.
 */
async function viewShot(page: Page, name: string, mode: Mode) {
  if (mode !== 'Mobile (BETA)') return shot(page, name);
  const file = path.join(test.info().project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

/** The board box is at least what layout.test.ts proves the layout for, and no two cases overlap on screen. */
async function expectLayout(page: Page, mode: Mode, minimum: readonly [number, number]) {
  const box = await page.locator('.pixi-board').evaluate((el) => [el.clientWidth, el.clientHeight]);
  expect(box[0], `the board's width in ${mode}`).toBeGreaterThanOrEqual(minimum[0]);
  expect(box[1], `the board's height in ${mode}`).toBeGreaterThanOrEqual(minimum[1]);
  const cases = (await controlBoxes(page)).filter(([name]) => /^Briefcase \d+$/.test(name));
  expect(cases).toHaveLength(26);
  for (const [i, [nameA, a]] of cases.entries()) {
    for (const [nameB, b] of cases.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 1 ||
        b.x + b.width <= a.x + 1 ||
        a.y + a.height <= b.y + 1 ||
        b.y + b.height <= a.y + 1;
      expect(apart, `${nameA} and ${nameB} apart in ${mode}`).toBe(true);
    }
  }
}

/** After DEAL and CONTINUE (#5): every case open, the player's marked, the deal kept in view. */
async function expectDealInView(page: Page, game: Played) {
  await expect(unopened(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /your case/ })).toHaveCount(0);
  const opened = page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
  await expect(opened).toHaveCount(26);
  await expect(opened.filter({ hasText: `Case ${game.own} (★ YOUR CASE)` })).toHaveCount(1);
  await expect(statusLine(page)).toHaveText(`DEAL! You won ${game.won.toLocaleString('en-US')} coins`);
}

/** NEW GAME on a finished game starts over at once (#2), and its toast covers nothing and takes no tap. */
async function newGameAtOnce(page: Page, button: Locator) {
  await tap(page, button);
  await expect(dialog(page, 'Start a new game?')).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'New Game Started!' })).toBeVisible();
  await expect(statusLine(page)).toContainText('Cases Remaining 26');
  await expect(unopened(page)).toHaveCount(26);
  await expectPageToastsClear(page, 'after a new game');
  await tapPageToasts(page, 'after a new game');
}

const MODES = ['Desktop', 'iPad (BETA)', 'Mobile (BETA)'] as const;

// One page per size, its three view modes on the same games (a mode changes the layout, not the game): the
// mode a player of that size opens in plays a whole game by taps (1080x1920, a streamer's portrait capture,
// none: Desktop plays rounds 1 and 2), the others are looked at on it at each moment whose layout differs;
// then a game is dealt, and its reveal and the board after it are looked at in every mode.
for (const size of SIZES) {
  const home = MODES.find(
    (mode) =>
      MODE_NAMES[mode] ===
      { 1920: 'desktop', 1024: 'tablet', 390: 'mobile' }[size.width as 1920 | 1024 | 390],
  );
  const whole = home !== undefined;
  test(`the board at ${size.width}x${size.height} in every view mode: cases apart, ${whole ? `a whole game in ${home}, ` : ''}no tap goes through, no toast covers a control`, async ({
    page,
  }) => {
    // Minutes on a loaded machine: each frame of the board is drawn in software.
    test.setTimeout(whole ? 2_400_000 : 1_200_000);
    const modes: Modes = {
      home: home ?? 'Desktop',
      others: MODES.filter((mode) => mode !== (home ?? 'Desktop')),
      picture: (mode, name) =>
        viewShot(
          page,
          `onair-${mode.split(' ')[0]!.toLowerCase()}-${size.width}x${size.height}-${name}`,
          mode,
        ),
    };
    await openBoard(page, size, modes.home);
    for (const mode of [...modes.others, modes.home]) {
      await switchMode(page, mode, false);
      await expectLayout(page, mode, size.boxes[MODE_NAMES[mode]]);
      await modes.picture(mode, 'start');
    }
    // A whole NO DEAL game ending with the final choice (Mobile on the phone goes past round 6, where the
    // 'Round N starts!' toast covered DEAL!), then a DEAL at the first offer; at 1080x1920 a DEAL at the second.
    if (whole) {
      await playOnAir(page, modes, modes.home === 'iPad (BETA)' ? 'swap' : 'keep');
      await newGameAtOnce(page, page.getByRole('button', { name: 'NEW GAME' }).last());
      await endLock(page);
    }
    const game = await playOnAir(page, modes, { deal: whole ? 1 : 2 }, { probe: !whole });
    const continueButton = page.getByRole('button', { name: 'CONTINUE' });
    await inOtherModes(page, modes, (mode) =>
      checkOverlay(page, mode, modes, 'deal-reveal', 'DEAL!', continueButton),
    );
    await tap(page, continueButton);
    await expect(dialog(page, 'DEAL!')).toHaveCount(0);
    await expectDealInView(page, game);
    await page.waitForTimeout(700);
    await modes.picture(modes.home, 'after-deal');
    await inOtherModes(page, modes, async (mode) => {
      await expectDealInView(page, game);
      await modes.picture(mode, 'after-deal');
    });
    await newGameAtOnce(page, page.getByRole('button', { name: 'NEW GAME' }));
  });
}

test('NEW GAME and RESET ask first during a game; Keep playing keeps it, New game starts afresh', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  await tap(page, caseButton(page, 5));
  await endLock(page);
  await tap(page, caseButton(page, 6));
  await expect(dialog(page, 'Case Eliminated!')).toBeVisible();
  await endLock(page);
  const during = await boardState(page);

  await tap(page, page.getByRole('button', { name: 'NEW GAME' }));
  const confirm = dialog(page, 'Start a new game?');
  await expect(confirm).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, 'onair-confirm-new-game');
  await expectOverlayBlocks(page, 'Start a new game?', page.getByRole('button', { name: 'Keep playing' }));
  await tap(page, page.getByRole('button', { name: 'Keep playing' }));
  await expect(confirm).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await boardState(page)).toBe(during.replace(/"dialogs":\[[^\]]*\]/, '"dialogs":[]'));
  await expect(page.getByRole('button', { name: 'Briefcase 5, your case' })).toBeVisible();

  await endLock(page);
  await tap(page, page.getByRole('button', { name: 'RESET' }));
  await expect(confirm).toBeVisible();
  await tap(page, page.getByRole('button', { name: 'New game', exact: true }));
  await expect(confirm).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'New Game Started!' })).toBeVisible();
  await expect(statusLine(page)).toContainText('Cases Remaining 26');
  await expect(unopened(page)).toHaveCount(26);

  // Before a case is picked nothing is lost: NEW GAME deals again at once.
  await endLock(page);
  await tap(page, page.getByRole('button', { name: 'NEW GAME' }));
  await expect(confirm).toHaveCount(0);
});

test('opened cases are not lit after a new game (#7)', async ({ page }) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  await tap(page, caseButton(page, 5));
  await endLock(page);
  // The pointer opens case 6 and stays where it was: the case's button goes away under it.
  const six = await boxOf(caseButton(page, 6));
  await page.mouse.click(centre(six).x, centre(six).y);
  await expect(caseButton(page, 6)).toHaveCount(0);
  await endLock(page);
  await tap(page, page.getByRole('button', { name: 'NEW GAME' }));
  // A game is in progress: NEW GAME asks first (#2).
  const confirm = page.getByRole('button', { name: 'New game', exact: true });
  await expect(confirm).toBeVisible();
  await tap(page, confirm);
  await expect(unopened(page)).toHaveCount(26);
  await page.mouse.move(2, 2);
  await page.waitForTimeout(800);
  // Case 6 looks like its unlit neighbours 7 and 8 (their numbers aside): no hover light, no lift.
  const light = async (n: number) => {
    const png = await page.screenshot({ clip: await boxOf(caseButton(page, n)) });
    return page.evaluate(async (b64) => {
      const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4)
        sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      return sum / (data.length / 4);
    }, png.toString('base64'));
  };
  const [l6, l7, l8] = [await light(6), await light(7), await light(8)];
  await shot(page, 'onair-after-new-game');
  expect(Math.abs(l6 - l7), `case 6 ${l6}, case 7 ${l7}, case 8 ${l8}`).toBeLessThanOrEqual(
    Math.max(1.5, 2 * Math.abs(l7 - l8)),
  );
});

test('in Mobile mode a tap on the canvas lands where it is seen: taps on the value boards reach nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 390, height: 844 }, 'Mobile (BETA)');
  await tap(page, caseButton(page, 13));
  await endLock(page);
  await tap(page, caseButton(page, 1));
  // The case toast gone (its 4 s in page time), the value boards (no button over them) lie at the far end of
  // the turned board.
  await page.clock.fastForward(TIMINGS.caseToastMs);
  await expect(dialog(page, 'Case Eliminated!')).toHaveCount(0, { timeout: 8000 });
  const board = await boxOf(page.locator('.pixi-board'));
  const points = [0.2, 0.5, 0.8].flatMap((fx) =>
    [0.8, 0.9, 0.97].map((fy) => ({ x: board.x + board.width * fx, y: board.y + board.height * fy })),
  );
  await expectTapsReachNothing(page, points, 'the value boards');
});
