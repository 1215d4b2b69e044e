import type { Locator, Page } from '@playwright/test';
import { expect, shot, test, toasts } from './fixtures';
import { playWholeGame, waitOutLock } from './game';

// Issue 15, defects 1, 2, 3, 4, 5 and 7: a live game on the canvas board, played with REAL POINTER TAPS at
// the positions the player sees (the centre of a case's or button's box: in Mobile mode the page is turned,
// and the boxes are the turned ones), in every view mode at 1920x1080, 1024x768 and 390x844.
// - No tap on a toast, a dialog or an overlay reaches a case or a control beneath (#1).
// - No toast covers a control the phase needs: the case toast no case and no NEW GAME / RESET, the page's
//   toasts no case, control or dialog button (#3).
// - The final reveal's message compares the winnings with the case given up, which it opens (#4).
// - After DEAL and CONTINUE every case is open, the player's marked, the deal kept in view (#5).
// - NEW GAME and RESET ask first during a game (#2); opened cases are not lit after a new game (#7).

type Mode = 'Desktop' | 'iPad (BETA)' | 'Mobile (BETA)';
type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
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
  { waitLock = true, settle = 300, since = 0, dialogsMayChange = false } = {},
) {
  // Past the 800 ms lock (counted from `since`, the last action, when given), so a tap that went through
  // would act.
  if (waitLock) await page.waitForTimeout(since ? Math.max(0, since + 850 - Date.now()) : 850);
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

/**
 * A whole game by real pointer taps, checking every toast and overlay on the way. Ends with DEAL! at the
 * `dealAt`-th offer, or at the final choice by keeping or swapping.
 */
async function playOnAir(
  page: Page,
  label: string,
  ending: { deal: number } | 'keep' | 'swap',
): Promise<Played> {
  const taken = new Set<string>();
  const snap = async (name: string) => {
    if (taken.has(name)) return;
    taken.add(name);
    await shot(page, `onair-${label}-${name}`);
  };
  const own = 13;
  await tap(page, caseButton(page, own));
  await expect(page.getByRole('button', { name: `Briefcase ${own}, your case` })).toBeVisible();
  let offers = 0;
  let probedRound = 0;
  for (;;) {
    await waitOutLock(page);
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
      const probe = probedRound < round && round <= 2;
      const board = await boxOf(page.locator('.pixi-board'));
      const shield = page.locator('.board-a11y-layer [data-shield]');
      const before = probe ? await page.screenshot({ clip: board }) : null;
      const openedItems = page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
      const openedBefore = await openedItems.count();
      await page.mouse.click(centre(target).x, centre(target).y);
      const tapped = Date.now();
      const calling = dialog(page, 'THE BANKER IS CALLING!');
      const caseToast = dialog(page, 'Case Eliminated!');
      // The tap opened the case (its 4 s toast, or the banker's call over it, may come and go on a slow machine).
      await expect(openedItems).toHaveCount(openedBefore + 1, { timeout: 10_000 });
      if (before && (await caseToast.isVisible())) {
        // The toast's own box: its shield in the accessible layer; on a board without one (before issue 15),
        // the patch of pixels that changed, leaving out the case just opened.
        // Its boxes are read with a short wait: the toast may leave meanwhile (2 s on a tablet, a loaded machine).
        const gone = () => null;
        const shielded = (await shield.count()) > 0;
        let patch = shielded ? await shield.boundingBox({ timeout: 500 }).catch(gone) : null;
        if (!shielded) {
          await page.waitForTimeout(300);
          const inClip = { ...target, x: target.x - board.x, y: target.y - board.y };
          const found = await changedPatch(page, before, await page.screenshot({ clip: board }), inClip);
          patch = { ...found, x: found.x + board.x, y: found.y + board.y };
        }
        const close = page.locator('.board-a11y-layer button[aria-label="Close"]');
        const closable = (await close.count()) > 0;
        const closeBox = closable ? await close.boundingBox({ timeout: 500 }).catch(gone) : null;
        // Gone before the taps: the next case of the round probes again.
        if (patch && (!closable || closeBox)) {
          const toast = patch;
          await expectTapsReachNothing(
            page,
            pointsIn(toast, closeBox ? [closeBox] : []),
            `the case toast in round ${round}`,
            { since: tapped },
          );
          await snap(`case-toast-round-${round}`);
          for (const [name, b] of await controlBoxes(page))
            expect(overlaps(toast, b), `the case toast ${JSON.stringify(toast)} covers ${name}`).toBe(false);
          // Only a probe made while the toast still showed counts; otherwise the next case tries again.
          if (await caseToast.isVisible()) probedRound = round;
        }
      }
      await expectPageToastsClear(page, `while opening cases in round ${round}`);
      if (await calling.isVisible()) {
        await snap('phone');
        // The call lasts 2 s from the tap: past the lock, tap its panel and backdrop, and look before it ends.
        await page.waitForTimeout(Math.max(0, tapped + 900 - Date.now()));
        if (await calling.isVisible())
          await expectTapsReachNothing(
            page,
            [centre(board), { x: board.x + 12, y: board.y + 12 }],
            'the phone',
            {
              waitLock: false,
              settle: 150,
              dialogsMayChange: true,
            },
          );
        await expect(offer).toBeVisible({ timeout: 5000 });
      }
      continue;
    }
    if (await offer.isVisible()) {
      offers++;
      await page.waitForTimeout(offers === 1 ? 900 : 0); // the amount counts up
      await snap('offer');
      const dealButton = page.getByRole('button', { name: 'DEAL!', exact: true });
      // 'Round N starts!' may still show: it must not cover DEAL! or NO DEAL! (#3), nor take a tap through.
      await expectPageToastsClear(page, `over the offer ${offers}`);
      await tapPageToasts(page, `over the offer ${offers}`);
      await expectOverlayBlocks(page, "BANKER'S OFFER", dealButton);
      if (typeof ending === 'object' && ending.deal === offers) {
        const amount = coinsIn(await offer.locator('.offer-amount').innerText());
        await tap(page, dealButton);
        const reveal = dialog(page, 'DEAL!');
        await expect(reveal).toBeVisible();
        await page.waitForTimeout(900);
        await snap('deal-reveal');
        await expectPageToastsClear(page, 'over the deal reveal');
        await tapPageToasts(page, 'over the deal reveal');
        await expectOverlayBlocks(page, 'DEAL!', page.getByRole('button', { name: 'CONTINUE' }));
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
  await snap('final-decision');
  await expectPageToastsClear(page, 'over the final decision');
  await tapPageToasts(page, 'over the final decision');
  await expectOverlayBlocks(page, 'FINAL DECISION!', keep);
  const other = coinsIn((await swap.getAttribute('aria-label')) ?? '');
  await tap(page, ending === 'swap' ? swap : keep);
  const reveal = dialog(page, ending === 'swap' ? 'SWAP!' : 'KEEP!');
  await expect(reveal).toBeVisible({ timeout: 5000 });
  await page.waitForTimeout(1000);
  await snap('final-reveal');
  await expectPageToastsClear(page, 'over the final reveal');
  await tapPageToasts(page, 'over the final reveal');
  await expectOverlayBlocks(
    page,
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

for (const size of SIZES) {
  for (const mode of ['Desktop', 'iPad (BETA)', 'Mobile (BETA)'] as const) {
    const label = `${mode.split(' ')[0]!.toLowerCase()}-${size.width}x${size.height}`;
    // A full NO DEAL game in each mode at its own size (Mobile on the phone goes past round 6, where the
    // 'Round N starts!' toast covered DEAL!); a DEAL game at the others.
    const natural =
      (mode === 'Desktop' && size.width === 1920) ||
      (mode === 'iPad (BETA)' && size.width === 1024) ||
      (mode === 'Mobile (BETA)' && size.width === 390);
    const ending = natural ? (mode === 'iPad (BETA)' ? 'swap' : 'keep') : { deal: 2 };
    test(`a whole game in ${mode} at ${size.width}x${size.height}: no tap goes through, no toast covers a control`, async ({
      page,
    }) => {
      test.setTimeout(natural ? 600_000 : 300_000);
      await openBoard(page, size, mode);
      await shot(page, `onair-${label}-start`);
      const game = await playOnAir(page, label, ending);
      if (typeof ending === 'object') {
        // #5: after CONTINUE every case is open, the player's marked, and the deal stays in view.
        await tap(page, page.getByRole('button', { name: 'CONTINUE' }));
        await expect(dialog(page, 'DEAL!')).toHaveCount(0);
        await expect(unopened(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: /your case/ })).toHaveCount(0);
        const opened = page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
        await expect(opened).toHaveCount(26);
        await expect(opened.filter({ hasText: `Case ${game.own} (★ YOUR CASE)` })).toHaveCount(1);
        await expect(statusLine(page)).toHaveText(`DEAL! You won ${game.won.toLocaleString('en-US')} coins`);
        await page.waitForTimeout(700);
        await shot(page, `onair-${label}-after-deal`);
        // A finished game starts over at once (#2).
        await tap(page, page.getByRole('button', { name: 'NEW GAME' }));
      } else {
        await tap(page, page.getByRole('button', { name: 'NEW GAME' }).last());
      }
      await expect(dialog(page, 'Start a new game?')).toHaveCount(0);
      await expect(toasts(page).filter({ hasText: 'New Game Started!' })).toBeVisible();
      await expect(statusLine(page)).toContainText('Cases Remaining 26');
      await expect(unopened(page)).toHaveCount(26);
      await expectPageToastsClear(page, 'after a new game');
      await tapPageToasts(page, 'after a new game');
    });
  }
}

test('NEW GAME and RESET ask first during a game; Keep playing keeps it, New game starts afresh', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  await tap(page, caseButton(page, 5));
  await waitOutLock(page);
  await tap(page, caseButton(page, 6));
  await expect(dialog(page, 'Case Eliminated!')).toBeVisible();
  await waitOutLock(page);
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

  await waitOutLock(page);
  await tap(page, page.getByRole('button', { name: 'RESET' }));
  await expect(confirm).toBeVisible();
  await tap(page, page.getByRole('button', { name: 'New game', exact: true }));
  await expect(confirm).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'New Game Started!' })).toBeVisible();
  await expect(statusLine(page)).toContainText('Cases Remaining 26');
  await expect(unopened(page)).toHaveCount(26);

  // Before a case is picked nothing is lost: NEW GAME deals again at once.
  await waitOutLock(page);
  await tap(page, page.getByRole('button', { name: 'NEW GAME' }));
  await expect(confirm).toHaveCount(0);
});

test('opened cases are not lit after a new game (#7)', async ({ page }) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  await tap(page, caseButton(page, 5));
  await waitOutLock(page);
  // The pointer opens case 6 and stays where it was: the case's button goes away under it.
  const six = await boxOf(caseButton(page, 6));
  await page.mouse.click(centre(six).x, centre(six).y);
  await expect(caseButton(page, 6)).toHaveCount(0);
  await waitOutLock(page);
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

// The two checks below are also made at the end of the whole games above; here they come quickly, through
// the accessible twins, so that each fails alone on a board that lacks it.
test('the final reveal opens the case given up and compares the winnings with it (#4)', async ({ page }) => {
  test.setTimeout(180_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  const game = await playWholeGame(page, { own: 4, ending: 'keep' });
  const reveal = dialog(page, 'KEEP!');
  const line = reveal.locator('.given-up-case');
  await expect(line).toContainText(`Case #${game.otherCase} contained:`);
  const givenUp = coinsIn(
    /\d[\d,]*/.exec((await line.innerText()).replace(/^Case #\d+ contained:/, ''))?.[0] ?? '',
  );
  await expect(reveal).toContainText(
    game.won >= givenUp ? 'Excellent choice! You won big!' : 'Your case was worth more than what you won!',
  );
});

test('after DEAL and CONTINUE every case is open, the own case marked, the deal in view (#5)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openBoard(page, { width: 1280, height: 800 }, 'Desktop');
  // Case 3, then the first round's six cases, through the accessible twins.
  await caseButton(page, 3).click();
  for (let i = 0; i < 6; i++) {
    await waitOutLock(page);
    await unopened(page).first().click();
  }
  await expect(dialog(page, "BANKER'S OFFER")).toBeVisible({ timeout: 8000 });
  const amount = coinsIn(await dialog(page, "BANKER'S OFFER").locator('.offer-amount').innerText());
  await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(unopened(page)).toHaveCount(0);
  const opened = page.getByRole('list', { name: 'Opened cases' }).getByRole('listitem');
  await expect(opened).toHaveCount(26);
  await expect(opened.filter({ hasText: 'Case 3 (★ YOUR CASE)' })).toHaveCount(1);
  await expect(statusLine(page)).toHaveText(`DEAL! You won ${amount.toLocaleString('en-US')} coins`);
  await page.waitForTimeout(800);
  await shot(page, 'onair-desktop-after-deal-1280');
  // It stays until NEW GAME, which starts over at once.
  await page.getByRole('button', { name: 'NEW GAME' }).click();
  await expect(statusLine(page)).toContainText('Cases Remaining 26');
});

test('in Mobile mode a tap on the canvas lands where it is seen: taps on the value boards reach nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openBoard(page, { width: 390, height: 844 }, 'Mobile (BETA)');
  await tap(page, caseButton(page, 13));
  await waitOutLock(page);
  await tap(page, caseButton(page, 1));
  // The case toast gone, the value boards (no button over them) lie at the far end of the turned board.
  await expect(dialog(page, 'Case Eliminated!')).toHaveCount(0, { timeout: 8000 });
  const board = await boxOf(page.locator('.pixi-board'));
  const points = [0.2, 0.5, 0.8].flatMap((fx) =>
    [0.8, 0.9, 0.97].map((fy) => ({ x: board.x + board.width * fx, y: board.y + board.height * fy })),
  );
  await expectTapsReachNothing(page, points, 'the value boards');
});
