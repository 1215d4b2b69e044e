import { SAVE_BACKOFF_FACTOR, SAVE_FIRST_BACKOFF_MS, TIMINGS } from '@dond/shared';
import { backups, endLock, openLowestCases, playFirstRound } from './game';
import { expect, shot, signIn, test, toasts } from './fixtures';
import { resumeAt } from './resume';

test.describe('saving a finished game', () => {
  test('three attempts 1 s then 2 s apart, the backup kept unsaved and the failure toast; then a save that works', async ({
    page,
    users,
  }) => {
    test.setTimeout(120_000);
    const player = await users.create();
    // The page's own clock times each attempt: from the failed POST's answer to the next attempt's first
    // request (the session check), so a slow round trip on a busy machine is not counted as the wait.
    await page.addInitScript(() => {
      const log: Array<{ url: string; method: string; start: number; end: number }> = [];
      (window as unknown as { __saveCalls: typeof log }).__saveCalls = log;
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const entry = { url: String(input), method: init?.method ?? 'GET', start: performance.now(), end: 0 };
        log.push(entry);
        try {
          return await original(input, init);
        } finally {
          entry.end = performance.now();
        }
      };
    });
    // Page time on Playwright's clock: the retries' 1 s and 2 s are jumped, not waited out (their lengths are
    // checked on a fake clock in game-client/src/game/liveTimings.test.ts; here they are printed).
    await page.clock.install();
    await signIn(page, player);
    // The first round is the reducer's: the API plays it to its last case, the board resumes it there.
    const offerDialog = page.getByRole('dialog', { name: "BANKER'S OFFER" });
    await resumeAt(page, { pick: 1, until: { seq: 6 } });

    /** The round's last case by a tap, the phone's 2 s jumped: the offer. */
    const lastCaseToOffer = async () => {
      await endLock(page);
      await openLowestCases(page, 1);
      await page.clock.fastForward(TIMINGS.phoneOverlayMs);
      await expect(offerDialog).toBeVisible({ timeout: 10_000 });
    };
    await lastCaseToOffer();

    const attempts: number[] = [];
    await page.route('**/api/games', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      attempts.push(Date.now());
      await route.fulfill({ status: 500, body: '' });
    });

    // The mirror's amount is the offer itself (the canvas counts it up, the mirror does not): no wait for it. No
    // page.clock.runFor(1500) either: it fires each animation frame of its span in turn (software WebGL), and
    // a run at load 30 got stuck after it, before DEAL!. The lock is ended as a tap on the board would find it.
    await endLock(page);
    const offer = await offerDialog.locator('.offer-amount').innerText();
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'DEAL!', exact: true })).toBeVisible();

    // The first attempt fails at once; the next two wait 1 s and 2 s of page time.
    await expect.poll(() => attempts.length).toBe(1);
    await page.clock.fastForward(SAVE_FIRST_BACKOFF_MS);
    await expect.poll(() => attempts.length).toBe(2);
    await page.clock.fastForward(SAVE_FIRST_BACKOFF_MS * SAVE_BACKOFF_FACTOR);
    const failure = toasts(page).filter({ hasText: 'Game Not Saved' });
    await expect(failure).toBeVisible({ timeout: 8000 });
    await expect(failure).toContainText(
      'Failed to save your game after multiple attempts: HTTP 500. Your result is backed up locally. Contact support to recover it.',
    );
    expect(attempts).toHaveLength(3);
    const calls = await page.evaluate(
      () =>
        (
          window as unknown as {
            __saveCalls: Array<{ url: string; method: string; start: number; end: number }>;
          }
        ).__saveCalls,
    );
    const posts = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/games'));
    expect(posts).toHaveLength(3);
    const gaps = posts.slice(0, 2).map((post) => {
      const next = calls.find((c) => c.url.endsWith('/api/session/validate') && c.start >= post.end);
      expect(next, 'a session check starts the next attempt').toBeDefined();
      return next!.start - post.end;
    });
    // A figure, not a check: page time jumped by the test (at least the backoff, never less).
    console.log(
      `save retries: ${gaps.map((g) => `${g.toFixed(0)} ms`).join(', ')} of page time after a failure`,
    );
    expect(gaps[0]).toBeGreaterThanOrEqual(SAVE_FIRST_BACKOFF_MS - 50);
    expect(gaps[1]).toBeGreaterThanOrEqual(SAVE_FIRST_BACKOFF_MS * SAVE_BACKOFF_FACTOR - 50);
    await shot(page, 'save-failed-toast');

    const [failed] = await backups(page);
    expect(failed?.record.saved).toBe(false);
    expect(failed?.key).toBe(`game_backup_${failed?.record.clientGameId}`);
    expect(Number(offer.replace(/\D/g, ''))).toBe(failed?.record.finalAmount);
    // The server recorded the game as the DEAL landed (issue 17); the save only asks for that record.
    const mine = await page.request.get('/api/games/my-games');
    const held = (await mine.json()).games as Array<{ clientGameId: string }>;
    expect(held.map((g) => g.clientGameId)).toEqual([failed?.record.clientGameId]);

    // The server answers again: the next game is saved and its backup marked saved.
    await page.unroute('**/api/games');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByRole('button', { name: 'NEW GAME' }).click();
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
    await endLock(page);
    await resumeAt(page, { pick: 2, until: { seq: 6 } });
    await lastCaseToOffer();
    await endLock(page);
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    // A loaded machine's round trip and the toast's drawing, not a timer of the rule: room for both.
    await expect(toasts(page).filter({ hasText: 'Game Saved!' })).toBeVisible({ timeout: 15_000 });
    await expect(toasts(page)).toContainText('Your game result has been recorded successfully.');
    await shot(page, 'save-succeeded-toast');

    const all = await backups(page);
    expect(all).toHaveLength(2);
    const saved = all.find((b) => b.record.clientGameId !== failed?.record.clientGameId);
    expect(saved?.record.saved).toBe(true);
    expect(all.find((b) => b.record.clientGameId === failed?.record.clientGameId)?.record.saved).toBe(false);
    const games = (await (await page.request.get('/api/games/my-games')).json()).games as Array<{
      clientGameId: string;
      finalAmount: number;
    }>;
    expect(games.map((g) => g.clientGameId).sort()).toEqual(
      [saved?.record.clientGameId, failed?.record.clientGameId].sort(),
    );
    expect(games.find((g) => g.clientGameId === saved?.record.clientGameId)?.finalAmount).toBe(
      saved?.record.finalAmount,
    );
  });

  test('a guest’s game writes no backup and calls no save', async ({ page }) => {
    test.setTimeout(60_000);
    const saves: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/games') || req.url().includes('/api/session/validate'))
        saves.push(req.url());
    });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await playFirstRound(page);
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'DEAL!', exact: true })).toBeVisible();
    // Past a save's first retry, in page time.
    await page.clock.fastForward(SAVE_FIRST_BACKOFF_MS + 500);
    expect(await backups(page)).toEqual([]);
    expect(saves).toEqual([]);
    await expect(toasts(page).filter({ hasText: 'Game Saved!' })).toHaveCount(0);
  });
});
