import { giftById, offerBounds } from '@dond/shared';
import type { Page } from '@playwright/test';
import { backups, playWholeGame, status, waitOutLock, type PlayedGame } from './game';
import { expect, shot, signIn, test, toasts, type TestUser } from './fixtures';

// Whole games on the canvas board, through the accessible names only (Pixi's accessibility layer for the
// buttons, the visually hidden mirror for the texts). A full NO DEAL game takes about 50 s of real timers.

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

async function savedAfter(page: Page, player: TestUser): Promise<SavedGame> {
  await expect(toasts(page).filter({ hasText: 'Game Saved!' })).toBeVisible({ timeout: 8000 });
  const games = await myGames(page);
  expect(games, player.username).toHaveLength(1);
  return games[0]!;
}

/** NEW GAME from the final reveal, then a first-round DEAL: its reveal dialog and screenshot. */
async function dealANewGame(page: Page, shots: string) {
  await page.getByRole('button', { name: 'NEW GAME' }).click();
  await expect(page.getByRole('button', { name: 'Briefcase 2', exact: true })).toBeVisible();
  await waitOutLock(page);
  const game = await playWholeGame(page, { own: 2, ending: 'deal', shots });
  expect(game.won).toBe(game.offers[0]!.amount);
}

test.describe('the canvas board', () => {
  test('a signed-in DEAL game on desktop is saved with the offer taken', async ({ page, users }) => {
    test.setTimeout(120_000);
    const player = await users.create();
    await signIn(page, player);
    await shot(page, 'board-desktop-start');
    const game = await playWholeGame(page, { own: 5, ending: 'deal', dealAt: 2, shots: 'board-desktop' });
    expectOffersInBounds(game);
    expect(game.offers).toHaveLength(2);
    expect(game.won).toBe(game.offers[1]!.amount);
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

  test('NO DEAL to the end and keep, on the tablet: the own case is won', async ({ page, users }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await page.setViewportSize({ width: 1024, height: 768 });
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

    const game = await playWholeGame(page, { own: 26, ending: 'keep', shots: 'board-tablet' });
    expectOffersInBounds(game);
    expect(game.offers).toHaveLength(9);
    const saved = await savedAfter(page, player);
    const own = giftById(saved.playerCaseGiftId)!;
    expect(saved).toMatchObject({ firstCaseSelected: 26, gameOutcome: 'won', roundsCompleted: 10 });
    expect(saved.finalAmount).toBe(own.coins);
    expect(game.won).toBe(own.coins);

    // The next game ends in a deal, for the deal reveal on this view.
    await dealANewGame(page, 'board-tablet');
  });

  test('NO DEAL and swap, on mobile: exactly the swapped case is won', async ({ page, users }) => {
    test.setTimeout(240_000);
    const player = await users.create();
    await signIn(page, player);
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseView(page, 'Mobile (BETA)');
    await shot(page, 'board-mobile-start');
    const game = await playWholeGame(page, { own: 13, ending: 'swap', shots: 'board-mobile' });
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
    await page.goto('/');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    const game = await playWholeGame(page, { own: 9, ending: 'keep', shots: 'board-desktop' });
    expectOffersInBounds(game);
    await page.waitForTimeout(2500); // longer than a save's first retry
    expect(saves).toEqual([]);
    expect(await backups(page)).toEqual([]);
    await page.getByRole('button', { name: 'NEW GAME' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cases Remaining' })).toHaveText(
      /Round 1\s+Cases Remaining 26/,
    );
  });

  test('the lock, the own case and opened cases refuse clicks; Tab and Enter play', async ({ page }) => {
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
