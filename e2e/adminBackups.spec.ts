import fs from 'node:fs/promises';
import { formatCoins } from '@dond/shared';
import type { Page } from '@playwright/test';
import { playGame } from '../api/src/testing/games';
import {
  backupEntries,
  expectToast,
  openAsAdmin,
  playerSession,
  playerWith,
  putInLocalStorage,
  saveGame,
  screen,
  storedBackups,
  storedGames,
} from './admin';
import { expect, signIn, test, toasts } from './fixtures';
import { backups, playFirstRound } from './game';

const HOUR = 60 * 60 * 1000;

const unsavedList = (page: Page) => page.getByRole('list', { name: 'Unsaved Games' }).getByRole('listitem');
const savedList = (page: Page) =>
  page.getByRole('list', { name: 'Successfully Saved' }).getByRole('listitem');

test.describe('backups screen', () => {
  test('no backups: All Clear! and no export', async ({ page }) => {
    await openAsAdmin(page, '/admin/backups');
    await expect(page.getByRole('heading', { name: 'Game Backup Recovery' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Clear!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Unsaved' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await screen(page, 'admin-backups-all-clear');
  });

  test('a game whose save failed is recovered once, even clicked twice, then cleaned up', async ({
    page,
    users,
    admin,
  }) => {
    test.setTimeout(90_000);
    // The player's game, in this browser, while the server refuses every save.
    const player = await users.create();
    await signIn(page, player);
    await page.route('**/api/games', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await playFirstRound(page);
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Game Not Saved' })).toBeVisible({ timeout: 10_000 });
    await page.unroute('**/api/games');
    const [backup] = await backups(page);
    expect(backup?.record.saved).toBe(false);
    // The server recorded the game as its last action landed (issue 17): the backup is the player's proof.
    const recorded = (await storedGames(admin, { q: player.username })).map((g) => g.clientGameId);
    expect(recorded).toEqual([backup!.record.clientGameId]);

    // The admin, later, on the same computer.
    const recoverCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/games/recover')) recoverCalls.push(req.method());
    });
    await openAsAdmin(page, '/admin/backups');
    await expect(page.getByRole('alert').filter({ hasText: '1 unsaved game found' })).toBeVisible();
    await expect(unsavedList(page)).toHaveCount(1);
    const item = unsavedList(page).first();
    await expect(item).toContainText(player.username);
    await expect(item).toContainText('Outcome: Banker Accepted');
    await expect(item).toContainText(`Final amount: ${formatCoins(backup!.record.finalAmount)}`);
    await expect(item).toContainText('First case: #1');
    await expect(item).toContainText('Rounds: 1');
    await expect(page.getByRole('heading', { name: 'All Clear!' })).toHaveCount(0);
    await screen(page, 'admin-backups-unsaved');

    await item.getByRole('button', { name: 'Recover to Database' }).dblclick();
    await expectToast(page, '✅ Game Recovered', 'The game has been successfully saved to the database.');
    const games = await storedGames(admin, { q: player.username });
    expect(games.map((g) => [g.clientGameId, g.finalAmount])).toEqual([
      [backup!.record.clientGameId, backup!.record.finalAmount],
    ]);
    expect(recoverCalls).toEqual(['POST']);
    expect((await storedBackups(page))[0]?.record.saved).toBe(true);
    await expect(page.getByRole('heading', { name: 'All Clear!' })).toBeVisible();
    await expect(savedList(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Export Unsaved' })).toHaveCount(0);
    await screen(page, 'admin-backups-recovered');

    await savedList(page).first().getByRole('button', { name: 'Clean Up' }).click();
    await expectToast(page, 'Backup Deleted', 'The game backup has been removed.');
    expect(await storedBackups(page)).toEqual([]);
    await expect(page.getByRole('list', { name: 'Successfully Saved' })).toHaveCount(0);
    expect(await storedGames(admin, { q: player.username })).toHaveLength(1);
  });

  test('a backup of a game the server already has: recovering makes no second game', async ({
    page,
    request,
    admin,
    playwright,
    baseURL,
  }) => {
    const player = await playerWith(request, admin, 'approved', 'again');
    const session = await playerSession(playwright, baseURL, player);
    const payload = await saveGame(session, { seed: 9, dealInRound: 2 });
    await session.dispose();
    await openAsAdmin(page, '/admin/backups');
    // Written after the screen has read the (empty) storage: only Refresh reads it.
    await expect(page.getByRole('heading', { name: 'All Clear!' })).toBeVisible();
    await putInLocalStorage(page, backupEntries([{ payload, player, at: Date.now() }]));
    await expect(unsavedList(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(unsavedList(page)).toHaveCount(1);

    await unsavedList(page).first().getByRole('button', { name: 'Recover to Database' }).click();
    await expectToast(page, '✅ Game Recovered', 'The game has been successfully saved to the database.');
    await expect(savedList(page)).toHaveCount(1);
    const games = await storedGames(admin, { q: player.username });
    expect(games.map((g) => g.clientGameId)).toEqual([payload.clientGameId]);
  });

  test('newest first; Export Unsaved writes them to a JSON file; Delete asks first; a failed recovery says why', async ({
    page,
    request,
    admin,
  }) => {
    const player = await playerWith(request, admin, 'approved', 'many');
    const gone = await playerWith(request, admin, 'approved', 'gone');
    const now = Date.now();
    const games = [
      { payload: playGame({ seed: 21, dealInRound: 1 }), player, at: now - 3 * HOUR },
      { payload: playGame({ seed: 22, dealInRound: null, swap: true }), player, at: now - 1 * HOUR },
      { payload: playGame({ seed: 23, dealInRound: 3 }), player: gone, at: now - 2 * HOUR },
    ];
    await openAsAdmin(page, '/admin/backups');
    await putInLocalStorage(page, backupEntries(games));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: '3 unsaved games found' })).toBeVisible();
    const newestFirst = [games[1]!, games[2]!, games[0]!];
    await expect(unsavedList(page)).toHaveCount(3);
    for (const [i, game] of newestFirst.entries()) {
      await expect(unsavedList(page).nth(i)).toContainText(
        `Final amount: ${formatCoins(game.payload.finalAmount)}`,
      );
      await expect(unsavedList(page).nth(i)).toContainText(`Rounds: ${game.payload.roundsCompleted}`);
    }
    await screen(page, 'admin-backups-three');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Unsaved' }).click();
    const download = await downloading;
    await expectToast(page, 'Export Complete', 'Exported 3 unsaved game backups');
    expect(download.suggestedFilename()).toMatch(/^dond-unsaved-backups-\d{8}-\d{6}\.json$/);
    const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(file.count).toBe(3);
    expect(Date.parse(file.exportedAt)).toBeGreaterThanOrEqual(now - 1000);
    const stored = new Map((await storedBackups(page)).map((b) => [b.key, b.record]));
    expect(file.backups).toEqual(
      newestFirst.map((g) => {
        const key = `game_backup_${g.payload.clientGameId}`;
        return { backupKey: key, ...stored.get(key) };
      }),
    );

    // The player of one backup no longer exists: the server's words, and the backup stays.
    const removed = await admin.request.delete(`/api/admin/users/${gone.id}`);
    expect(removed.status()).toBe(200);
    await unsavedList(page).nth(1).getByRole('button', { name: 'Recover to Database' }).click();
    await expectToast(
      page,
      'Recovery Failed',
      'Failed to recover game: The player of this backup no longer exists',
    );
    await expect(unsavedList(page)).toHaveCount(3);
    await screen(page, 'admin-backups-recovery-failed');

    // Delete asks; Cancel keeps the backup, Delete removes it.
    const doomed = `game_backup_${games[2]!.payload.clientGameId}`;
    await unsavedList(page).nth(1).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Backup' });
    await expect(dialog).toContainText('Are you sure you want to delete this backup? This cannot be undone.');
    await screen(page, 'admin-backups-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await storedBackups(page)).map((b) => b.key)).toContain(doomed);
    await unsavedList(page).nth(1).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Backup Deleted', 'The game backup has been removed.');
    expect((await storedBackups(page)).map((b) => b.key)).not.toContain(doomed);
    await expect(unsavedList(page)).toHaveCount(2);
    await expect(page.getByRole('alert').filter({ hasText: '2 unsaved games found' })).toBeVisible();
  });

  test('Back to Admin and Logout', async ({ page }) => {
    await openAsAdmin(page, '/admin/backups');
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await page.getByRole('link', { name: 'Game Backups' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
