import { giftById, offerBounds, SAVE_BACKOFF_FACTOR, SAVE_FIRST_BACKOFF_MS } from '@dond/shared';
import type { Page } from '@playwright/test';
import { backups, endLock, playWholeGame, status, waitOutLock, type PlayedGame } from './game';
import { expect, shot, signIn, test, toasts, type TestUser } from './fixtures';
import { resumeAt } from './resume';

// Games on the canvas board, through the accessible names only (Pixi's accessibility layer for the buttons, the
// visually hidden mirror for the texts).

interface SavedGame {
  firstCaseSelected: number;
  playerCaseGiftId: number;
  finalAmount: number;
  gameOutcome: string;
  giftIdsUsed: number[];
  roundsCompleted: number;
}

async function myGames(page: Page): Promise<SavedGame[]> {
  const res = await page.request.get('/api/games/my-games');
  expect(res.status()).toBe(200);
  return (await res.json()).games as SavedGame[];
}

/** Every offer lies inside SPEC.md section 9's bounds for the values the board showed when it was made. */
function expectOffersInBounds(game: PlayedGame) {
  expect(game.offers.length).toBeGreaterThan(0);
  for (const offer of game.offers) {
    const { min, max } = offerBounds(offer.values, offer.round);
    expect(offer.amount, `round ${offer.round} over ${offer.values.join(',')}`).toBeGreaterThanOrEqual(min);
    expect(offer.amount, `round ${offer.round} over ${offer.values.join(',')}`).toBeLessThanOrEqual(max);
  }
}

async function chooseView(page: Page, label: 'Desktop' | 'iPad (BETA)' | 'Mobile (BETA)') {
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Counts, in the page, each 'Game Saved!' toast that shows: a toast that came and went while a loaded machine took
 * a screenshot of the reveal is counted all the same. Call before the page opens.
 */
async function countSavedToasts(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Node>();
    const w = window as unknown as { __savedToasts: number };
    w.__savedToasts = 0;
    new MutationObserver(() => {
      document.querySelectorAll('[role="region"][aria-label^="Notifications"] li').forEach((item) => {
        if (seen.has(item) || !item.textContent?.includes('Game Saved!')) return;
        seen.add(item);
        w.__savedToasts++;
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The player's one saved game, once the board has said so. */
async function savedAfter(page: Page, player: TestUser): Promise<SavedGame> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __savedToasts: number }).__savedToasts), {
      message: "the 'Game Saved!' toast",
      timeout: 10_000,
    })
    .toBe(1);
  const games = await myGames(page);
  expect(games, player.username).toHaveLength(1);
  return games[0]!;
}

/** NEW GAME from the final reveal, then a first round by taps and its DEAL: the reveal dialog and screenshot. */
async function dealANewGame(page: Page, shots: string) {
  await page.getByRole('button', { name: 'NEW GAME' }).click();
  await expect(page.getByRole('button', { name: 'Briefcase 2', exact: true })).toBeVisible();
  await endLock(page);
  const game = await playWholeGame(page, { own: 2, ending: 'deal', shots, clock: true });
  expect(game.won).toBe(game.offers[0]!.amount);
}

// Each size plays a first round and its DEAL by taps (the desktop's guest a whole game), and the last rounds of a
// signed-in game resumed from the API: every dialog at every size, the result on the server. The lock and the
// phone's 2 s are jumped on Playwright's clock (installed before page.goto); the rest runs in page time.
test.describe('the canvas board', () => {
  test('a signed-in DEAL game on desktop is saved with the offer taken', async ({ page, users }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await countSavedToasts(page);
    await page.clock.install();
    await signIn(page, player);
    await resumeAt(page, { pick: 5, until: { round: 2, phase: 'elimination' } });
    const game = await playWholeGame(page, {
      own: 5,
      ending: 'deal',
      shots: 'board-desktop',
      picked: true,
      clock: true,
    });
    expect(game.offers).toHaveLength(1);
    expectOffersInBounds(game);
    expect(game.won).toBe(game.offers[0]!.amount);
    const saved = await savedAfter(page, player);
    expect(saved).toMatchObject({
      firstCaseSelected: 5,
      finalAmount: game.won,
      gameOutcome: 'banker_accepted',
      roundsCompleted: 2,
    });
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await expect(page.getByRole('dialog', { name: 'DEAL!', exact: true })).toHaveCount(0);
  });

  test('a signed-in game on desktop, NO DEAL in its last round and KEEP: the final decision and reveal, saved', async ({
    page,
    users,
  }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await countSavedToasts(page);
    await page.clock.install();
    await signIn(page, player);
    await resumeAt(page, { pick: 5, until: { round: 9, phase: 'elimination' } });
    const kept = await playWholeGame(page, {
      own: 5,
      ending: 'keep',
      shots: 'board-desktop',
      picked: true,
      clock: true,
    });
    expectOffersInBounds(kept);
    const second = await savedAfter(page, player);
    expect(second).toMatchObject({ firstCaseSelected: 5, gameOutcome: 'won', roundsCompleted: 10 });
    expect(second.finalAmount).toBe(giftById(second.playerCaseGiftId)!.coins);
    expect(kept.won).toBe(second.finalAmount);
  });

  test('NO DEAL to the end and keep, on the tablet: the own case is won', async ({ page, users }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await page.setViewportSize({ width: 1024, height: 768 });
    await countSavedToasts(page);
    await page.clock.install();
    await signIn(page, player);
    await chooseView(page, 'iPad (BETA)');
    await expect(page.getByRole('status').filter({ hasText: 'Cases Remaining' })).toHaveText(
      'Round 1 / Cases Remaining 26',
    );
    // The GAME CONTROLS panel folds away and comes back.
    await page.getByRole('button', { name: 'HIDE' }).click();
    await expect(page.getByRole('button', { name: 'RESET' })).toHaveCount(0);
    await page.getByRole('button', { name: 'SHOW' }).click();
    await expect(page.getByRole('button', { name: 'RESET' })).toBeVisible();
    await shot(page, 'board-tablet-start');

    // The last round of cases (the view mode is kept through the reload), its offer refused, then KEEP.
    await resumeAt(page, { pick: 26, until: { round: 9, phase: 'elimination' } });
    await expect(page.getByRole('button', { name: 'iPad (BETA)' })).toHaveAttribute('aria-pressed', 'true');
    const game = await playWholeGame(page, {
      own: 26,
      ending: 'keep',
      shots: 'board-tablet',
      picked: true,
      clock: true,
    });
    expectOffersInBounds(game);
    expect(game.offers).toHaveLength(1);
    const saved = await savedAfter(page, player);
    const own = giftById(saved.playerCaseGiftId)!;
    expect(saved).toMatchObject({ firstCaseSelected: 26, gameOutcome: 'won', roundsCompleted: 10 });
    expect(saved.finalAmount).toBe(own.coins);
    expect(game.won).toBe(own.coins);

    // The next game, by taps from its first case, ends in a deal: the round and the deal reveal on this view.
    await dealANewGame(page, 'board-tablet');
  });

  test('NO DEAL and swap, on mobile: exactly the swapped case is won', async ({ page, users }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await countSavedToasts(page);
    await page.clock.install();
    await signIn(page, player);
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseView(page, 'Mobile (BETA)');
    await shot(page, 'board-mobile-start');
    await resumeAt(page, { pick: 13, until: { round: 9, phase: 'elimination' } });
    await expect(page.getByRole('button', { name: 'Mobile (BETA)' })).toHaveAttribute('aria-pressed', 'true');
    const game = await playWholeGame(page, {
      own: 13,
      ending: 'swap',
      shots: 'board-mobile',
      picked: true,
      clock: true,
    });
    expectOffersInBounds(game);
    const saved = await savedAfter(page, player);
    const swappedTo = giftById(saved.giftIdsUsed[game.otherCase! - 1]!)!;
    expect(saved).toMatchObject({ firstCaseSelected: 13, gameOutcome: 'won' });
    expect(saved.finalAmount).toBe(swappedTo.coins);
    expect(game.won).toBe(swappedTo.coins);

    await dealANewGame(page, 'board-mobile');
  });

  test('a guest plays a whole game on desktop; nothing reaches the server or the backups', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/games')) saves.push(`${request.method()} ${request.url()}`);
    });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await shot(page, 'board-desktop-start');
    // A whole game of the guest's own (local) session by taps: the first round, then the DEAL that ends it. Its
    // later rounds are the reducer's (shared/) and the local controller's (game-client/src/game/, headless).
    const game = await playWholeGame(page, { own: 9, ending: 'deal', shots: 'board-desktop', clock: true });
    expectOffersInBounds(game);
    expect(game.won).toBe(game.offers[0]!.amount);
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    // Longer than a save's first two retries (1 s, then 2 s), in page time.
    await page.clock.fastForward(SAVE_FIRST_BACKOFF_MS * (1 + SAVE_BACKOFF_FACTOR) + 500);
    expect(saves).toEqual([]);
    expect(await backups(page)).toEqual([]);
    await page.getByRole('button', { name: 'NEW GAME' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cases Remaining' })).toHaveText(
      /Round 1\s+Cases Remaining 26/,
    );
  });

  test('the lock, the own case and opened cases refuse clicks; Tab and Enter play', async ({ page }) => {
    // 28 Tab presses and two guarded clicks: room for a loaded machine (13.7 s at load 11, over 30 s at load 30).
    test.setTimeout(90_000);
    await page.goto('/');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    const caseButton = (n: number) => page.getByRole('button', { name: `Briefcase ${n}`, exact: true });

    // Tab reaches every case in order, then NEW GAME and RESET.
    await caseButton(1).focus();
    const order: string[] = [];
    for (let i = 0; i < 28; i++) {
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''));
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual([
      ...Array.from({ length: 26 }, (_, i) => `Briefcase ${i + 1}`),
      'NEW GAME',
      'RESET',
    ]);

    // Enter picks; a click on another case 100 ms later, inside the 800 ms lock, is ignored.
    await caseButton(3).focus();
    await page.keyboard.press('Enter');
    await page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      document.querySelector<HTMLButtonElement>('button[aria-label="Briefcase 4"]')!.click();
    });
    await expect(page.getByRole('button', { name: 'Briefcase 3, your case' })).toBeVisible();
    await expect(caseButton(4)).toBeVisible();
    expect((await status(page)).casesRemaining).toBe(25);

    // The own case cannot be opened: its button is disabled and a click on it does nothing.
    await waitOutLock(page);
    const own = page.getByRole('button', { name: 'Briefcase 3, your case' });
    await expect(own).toBeDisabled();
    const ownBox = (await own.boundingBox())!;
    await page.mouse.click(ownBox.x + ownBox.width / 2, ownBox.y + ownBox.height / 2);
    await page.waitForTimeout(300);
    expect((await status(page)).casesRemaining).toBe(25);

    // An opened case is no longer a button, and a click where it stands does nothing.
    const box = (await caseButton(4).boundingBox())!;
    await caseButton(4).click();
    await expect(page.getByRole('dialog', { name: 'Case Eliminated!' })).toContainText(
      /^Case Eliminated!Case 4 contained/,
    );
    await expect(caseButton(4)).toHaveCount(0);
    expect((await status(page)).casesRemaining).toBe(24);
    await waitOutLock(page);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    expect((await status(page)).casesRemaining).toBe(24);
    await expect(page.getByRole('status').filter({ hasText: 'Cases Remaining' })).toContainText(
      'Eliminate: 5 more',
    );

    // RESET during a game asks first (issue 15); 'New game': a fresh board after 100 ms, with its toast.
    await page.getByRole('button', { name: 'RESET' }).click();
    await expect(page.getByRole('dialog', { name: 'Start a new game?' })).toBeVisible();
    await page.getByRole('button', { name: 'New game', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'New Game Started! 🎮' })).toBeVisible();
    await expect(caseButton(4)).toBeVisible();
    expect((await status(page)).casesRemaining).toBe(26);
  });
});
