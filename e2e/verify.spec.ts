// The verify page (issue 17): a live game played through the API, then checked at /verify/{id} by the
// browser's own WebCrypto, signed in and signed out; a tampered proof named; an unknown id; a game in progress.
import { randomUUID } from 'node:crypto';
import { formatCount, giftById, type LiveGameVerify } from '@dond/shared';
import type { Page } from '@playwright/test';
import { playLiveGame } from '../api/src/testing/games';
import { liveClient } from './admin';
import { expect, shot, test, type TestUser } from './fixtures';

/** The games' clientSeed, as a player may choose one (the server's seed stays random). */
const VERIFY_SEED = { clientSeed: 'e2e_verify' };

/**
 * The player's session for the page's browser (the real login call), without opening the board: the board
 * deals and resumes live games of its own, and must not abandon the one this test plays through the API.
 */
async function logIn(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** 'Galaxy (1,000 coins)', as the verify page names a gift. */
function giftText(id: number): string {
  const gift = giftById(id);
  if (!gift) throw new Error(`no gift ${id}`);
  return `${gift.name} (${formatCount(gift.coins, 'coin')})`;
}

const verdict = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('a finished live game is Verified by the browser, signed in and signed out', async ({ page, users }) => {
  const player = await users.create();
  await logIn(page, player);
  const { view: game } = await playLiveGame(liveClient(page.request), {
    ...VERIFY_SEED,
    pick: 5,
    swap: true,
  });
  expect(game.result?.outcome).toBe('won');

  await page.goto(`/verify/${game.id}`);
  await expect(verdict(page, 'Verified')).toBeVisible();
  await expect(page.getByText(game.commitment, { exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(27);
  await expect(page.getByRole('row', { name: /^5\s*player's case/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('listitem')).toHaveCount(
    game.offers.length,
  );
  await shot(page, 'verify-verified');

  // Anyone with the link checks it: no session needed.
  await page.context().clearCookies();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.reload();
  await expect(verdict(page, 'Verified')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'DEALS OR NO DEALS' })).toHaveCount(0);
});

test('a proof with one case changed names the case and what it should hold', async ({ page, users }) => {
  const player = await users.create();
  await logIn(page, player);
  const { view: game } = await playLiveGame(liveClient(page.request), {
    ...VERIFY_SEED,
    pick: 12,
    dealInRound: 3,
  });
  expect(game.result?.outcome).toBe('banker_accepted');

  let real: LiveGameVerify | undefined;
  await page.route(`**/api/live-games/${game.id}/verify`, async (route) => {
    const response = await route.fetch();
    real = (await response.json()) as LiveGameVerify;
    const board = [...real.board!];
    board[0] = board[1]!;
    await route.fulfill({ response, json: { ...real, board } });
  });
  await page.goto(`/verify/${game.id}`);
  await expect(verdict(page, 'Not verified')).toBeVisible();
  const board = real!.board!;
  // The one mismatch, word for word: nothing else of the proof is wrong.
  await expect(page.getByRole('region', { name: 'Not verified' }).getByRole('listitem')).toHaveText([
    `Case 1 should hold ${giftText(board[0]!)} but the game says ${giftText(board[1]!)}`,
  ]);
  await expect(verdict(page, 'Verified')).toHaveCount(0);
  await shot(page, 'verify-tampered-board');
});

test('an unknown game id shows No such game', async ({ page }) => {
  await page.goto(`/verify/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No such game' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Game' })).toHaveAttribute('href', '/');
  await shot(page, 'verify-no-such-game');
});

test('a game in progress shows its commitment and waits for the seed', async ({ page, users }) => {
  const player = await users.create();
  await logIn(page, player);
  // The pick and the six opens of round 1: the banker's offer is on the table.
  const { view: game } = await playLiveGame(liveClient(page.request), {
    ...VERIFY_SEED,
    pick: 9,
    until: 'offer',
  });
  expect(game.seq).toBe(7);
  expect(game.phase).toBe('offer');

  await page.goto(`/verify/${game.id}`);
  await expect(verdict(page, 'Game in progress')).toBeVisible();
  await expect(
    page.getByText('The server seed is revealed once the game is over', { exact: false }),
  ).toHaveCount(1);
  await expect(page.getByText(game.commitment, { exact: true })).toBeVisible();
  await expect(page.getByText('Revealed once the game is over', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gifts in play' }).getByRole('listitem')).toHaveCount(26);
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot(page, 'verify-in-progress');
});
