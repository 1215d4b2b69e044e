import fs from 'node:fs/promises';
import { formatCoins, giftById, type SavedGamePayload } from '@dond/shared';
import type { Page } from '@playwright/test';
import {
  clearGames,
  expectToast,
  screen,
  openAsAdmin,
  playerSession,
  playerWith,
  saveGame,
  type Player,
} from './admin';
import { expect, test, type AdminApi } from './fixtures';

const EMPTY = 'No games have been played yet. Start playing to see statistics!';

interface Saved {
  payload: SavedGamePayload;
  player: Player;
}

/** 30 games by three players, saved through the API in this order: deals in rounds 1 to 4 and finals. */
async function playGames(
  admin: AdminApi,
  request: Parameters<typeof playerWith>[0],
  playwright: Parameters<typeof playerSession>[0],
  baseURL: string | undefined,
): Promise<Saved[]> {
  const players = [
    await playerWith(request, admin, 'approved', 'stats'),
    await playerWith(request, admin, 'approved', 'stats'),
    await playerWith(request, admin, 'approved', 'stats'),
  ];
  const sessions = await Promise.all(players.map((p) => playerSession(playwright, baseURL, p)));
  const saved: Saved[] = [];
  for (let i = 0; i < 30; i++) {
    const who = i % 3;
    const payload = await saveGame(sessions[who]!, {
      seed: 100 + i,
      // Case 7 most often (12 games), then 3 (9), then 20 (9): the most popular is 7.
      pick: [7, 3, 20, 7][i % 4],
      dealInRound: i % 3 === 0 ? null : (i % 4) + 1,
      swap: i % 2 === 0,
    });
    saved.push({ payload, player: players[who]! });
  }
  await Promise.all(sessions.map((s) => s.dispose()));
  return saved;
}

/** The cells of a table's body rows, as text. */
async function cells(page: Page, table: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: table }).getByRole('row');
  const all = await rows.evaluateAll((trs) =>
    trs
      .slice(1)
      .map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
  );
  return all;
}

test.describe('statistics screen', () => {
  test('with no games: cards at zero and SPEC 2’s empty text', async ({ page, admin }) => {
    await clearGames(admin);
    await openAsAdmin(page, '/admin/stats');
    await expect(page.getByRole('heading', { name: 'Game Statistics' })).toBeVisible();
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Games Played' })).toContainText('0');
    await expect(page.getByRole('group', { name: 'Most Popular First Case' })).toContainText('—');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear All Stats' })).toBeVisible();
    await screen(page, 'admin-stats-empty');
  });

  test('the cards, the Top 10 with medals, the history paged through the server and the chart', async ({
    page,
    request,
    admin,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await clearGames(admin);
    const saved = await playGames(admin, request, playwright, baseURL);
    const amounts = saved.map((s) => s.payload.finalAmount);
    const deals = saved.filter((s) => s.payload.gameOutcome === 'banker_accepted').length;
    const average = amounts.reduce((a, b) => a + b, 0) / saved.length;

    const ranges: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/admin/games') ranges.push(url.searchParams.get('range') ?? '');
    });
    await openAsAdmin(page, '/admin/stats');
    const card = (name: string) => page.getByRole('group', { name });
    await expect(card('Total Games Played')).toContainText('30');
    await expect(card('Total Players')).toContainText('3');
    await expect(card('Average Winnings')).toContainText(
      formatCoins(Math.round(Math.round(average * 100) / 100)),
    );
    const rate = Math.round((deals / 30) * 10_000) / 100;
    await expect(card('Banker Acceptance Rate')).toContainText(
      `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(rate)}%`,
    );
    await expect(card('Most Popular First Case')).toContainText('#7');
    await expect(card('Games This Session')).toContainText('30');
    await expect(page.getByText(EMPTY)).toHaveCount(0);

    // Top 10: highest first, the later game first on a tie (the server's order), medals for three.
    const top = saved
      .map((s, order) => ({ ...s, order }))
      .sort((a, b) => b.payload.finalAmount - a.payload.finalAmount || b.order - a.order)
      .slice(0, 10);
    await expect(page.getByRole('table', { name: 'Top 10 Highest Winnings' }).getByRole('row')).toHaveCount(
      11,
    );
    const topCells = await cells(page, 'Top 10 Highest Winnings');
    expect(topCells.map((row) => row.slice(0, 5))).toEqual(
      top.map((s, i) => [
        ['🥇 1', '🥈 2', '🥉 3'][i] ?? String(i + 1),
        s.player.username,
        `#${s.payload.firstCaseSelected}`,
        s.payload.gameOutcome === 'won' ? 'Won' : 'Banker Accepted',
        formatCoins(s.payload.finalAmount),
      ]),
    );

    // The history: newest first, 50 a page by default, so all 30; in a box that scrolls at 600 px.
    const history = page.getByRole('table', { name: 'All Games History' });
    await expect(history.getByRole('row')).toHaveCount(31);
    const newest = [...saved].reverse();
    const historyCells = await cells(page, 'All Games History');
    expect(historyCells.map((row) => [row[0], row[1], row[3], row[4], row[5]])).toEqual(
      newest.map((s) => [
        s.player.username,
        `#${s.payload.firstCaseSelected}`,
        String(s.payload.roundsCompleted),
        s.payload.gameOutcome === 'won' ? 'Won' : 'Banker',
        formatCoins(s.payload.finalAmount),
      ]),
    );
    const gifts = newest.map((s) => giftById(s.payload.playerCaseGiftId)?.name);
    expect(historyCells.map((row) => row[2])).toEqual(gifts);
    const scroller = page.getByTestId('history-scroll');
    expect(await scroller.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('600px');
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(ranges).toContain('[0,49]');

    // 25 a page: the second page is asked of the server and holds the 5 oldest.
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(history.getByRole('row')).toHaveCount(26);
    await expect(page.getByText('1–25 of 30')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText('26–30 of 30')).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(6);
    expect(ranges).toContain('[25,49]');
    expect((await cells(page, 'All Games History')).map((r) => r[5])).toEqual(
      saved
        .slice(0, 5)
        .reverse()
        .map((s) => formatCoins(s.payload.finalAmount)),
    );

    // Sorted by winnings on the server: the highest first.
    await page.getByRole('button', { name: 'Winnings' }).click();
    await expect(page.getByText('1–25 of 30')).toBeVisible();
    await expect
      .poll(async () => (await cells(page, 'All Games History'))[0]?.[5])
      .toBe(formatCoins(Math.max(...amounts)));

    // The chart: today's bar holds all 30 games.
    const chart = page.getByRole('img', { name: /Games per day, last 30 days: 30 games/ });
    await expect(chart).toBeVisible();
    const bars = chart.locator('rect');
    await expect(bars).toHaveCount(30);
    await expect(bars.last().locator('title')).toHaveText(/: 30 games, 🪙 [\d,]+ won$/);
    // Nothing wider than the window: a wide table scrolls in its own box.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await screen(page, 'admin-stats');
  });

  test('Export CSV downloads every game and says so', async ({
    page,
    request,
    admin,
    playwright,
    baseURL,
  }) => {
    await clearGames(admin);
    const player = await playerWith(request, admin, 'approved', 'csv');
    const session = await playerSession(playwright, baseURL, player);
    const games = [
      await saveGame(session, { seed: 1, dealInRound: 2 }),
      await saveGame(session, { seed: 2, dealInRound: null, swap: true }),
    ];
    await openAsAdmin(page, '/admin/stats');
    await expect(page.getByRole('group', { name: 'Total Games Played' })).toContainText('2');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    await expectToast(page, 'Export Started', 'Your CSV file is being downloaded.');
    expect(download.suggestedFilename()).toMatch(/^dond-games-\d{8}-\d{6}\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,clientGameId,userId,username,customGiftSetId,firstCaseSelected,playerCaseGiftId,roundsCompleted,gameOutcome,bankerOfferAccepted,finalAmount,casesEliminated,giftIdsUsed,playedAt',
    );
    expect(lines).toHaveLength(3);
    for (const [i, game] of games.entries()) {
      const line = lines[i + 1]!;
      expect(line).toContain(
        `,${game.clientGameId},${player.id},${player.username},,${game.firstCaseSelected},`,
      );
      expect(line).toContain(
        `,${game.roundsCompleted},${game.gameOutcome},${game.bankerOfferAccepted},${game.finalAmount},"${JSON.stringify(game.casesEliminated)}",`,
      );
    }
    await session.dispose();
  });

  test('Clear All Stats asks first, then empties the statistics', async ({
    page,
    request,
    admin,
    playwright,
    baseURL,
  }) => {
    const player = await playerWith(request, admin, 'approved', 'clear');
    const session = await playerSession(playwright, baseURL, player);
    await saveGame(session, { seed: 5, dealInRound: 1 });
    await session.dispose();
    const total = async () => (await (await admin.request.get('/api/admin/games/stats')).json()).totalGames;
    expect(await total()).toBeGreaterThan(0);
    await openAsAdmin(page, '/admin/stats');

    await page.getByRole('button', { name: 'Clear All Stats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear All Statistics?' });
    await expect(dialog).toContainText(
      'This action cannot be undone. This will permanently delete all game statistics from the database. Are you sure you want to continue?',
    );
    await screen(page, 'admin-stats-clear-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await total()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Clear All Stats' }).click();
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await expectToast(page, 'Statistics Cleared', 'All game statistics have been deleted successfully.');
    expect(await total()).toBe(0);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Games Played' })).toContainText('0');
  });
});
