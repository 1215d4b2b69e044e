import type { LiveGamePublic } from '@dond/shared';
import type { Page } from '@playwright/test';
import { expect, signIn, test, toasts } from './fixtures';
import { openLowestCases, playFirstRound, waitOutLock } from './game';

/** The signed-in player's unfinished live game, as the server holds it. */
async function current(page: Page): Promise<LiveGamePublic> {
  const res = await page.request.get('/api/live-games/current');
  expect(res.status()).toBe(200);
  return (await res.json()) as LiveGamePublic;
}

test.describe('games dealt and held by the server', () => {
  test('the browser never gets an unopened case; a reload in the middle of an offer comes back to it', async ({
    page,
    users,
  }) => {
    test.setTimeout(120_000);
    const answers: LiveGamePublic[] = [];
    page.on('response', async (res) => {
      if (!/\/api\/live-games(\/current|\/[\w-]+\/actions)?$/.test(new URL(res.url()).pathname)) return;
      if (res.ok()) answers.push((await res.json()) as LiveGamePublic);
    });
    const player = await users.create();
    await signIn(page, player);
    await playFirstRound(page, 4);
    const offer = page.getByRole('dialog', { name: "BANKER'S OFFER" });
    const amount = await offer.locator('.offer-amount').innerText();

    // Every answer the page got holds the gifts of opened cases only.
    expect(answers.length).toBeGreaterThanOrEqual(8);
    for (const answer of answers) {
      expect(answer).not.toHaveProperty('serverSeed');
      for (const c of answer.cases) expect(c.giftId !== undefined).toBe(c.opened);
    }
    const held = await current(page);
    expect(held).toMatchObject({ phase: 'offer', playerCase: 4, seq: 7 });

    // The page's head asks for the game in progress before the app's bundle has run (held back here), and the
    // board takes that answer rather than asking again.
    let appBundleServed = Infinity;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      appBundleServed = Date.now();
      await route.continue();
    });
    const reads: number[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/live-games/current' && req.method() === 'GET')
        reads.push(Date.now());
    });
    await page.reload();
    // Back exactly as it was: the same offer on the table, the same case, the same cases open (a loaded machine's
    // board takes its time to start: 10 s was too few in a CI run).
    await expect(offer).toBeVisible({ timeout: 20_000 });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toBeLessThan(appBundleServed);
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    await expect(offer.locator('.offer-amount')).toHaveText(amount);
    await expect(page.getByRole('button', { name: 'Briefcase 4, your case' })).toHaveCount(0); // under the dialog
    await page.getByRole('button', { name: 'NO DEAL!' }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Briefcase 4, your case' })).toBeVisible();
    const opened = held.openedOrder;
    for (const n of opened)
      await expect(page.getByRole('button', { name: `Briefcase ${n}`, exact: true })).toHaveCount(0);
    expect((await current(page)).seq).toBe(8);

    // Over: the way to the game's proof, which the browser checks on its own.
    await openLowestCases(page, 5);
    await expect(offer).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'DEAL!', exact: true }).click();
    const proof = page.getByRole('link', { name: /^Verify this game/ });
    await expect(proof).toHaveAttribute('href', `/verify/${held.id}`);
    await proof.click();
    await expect(page.getByRole('heading', { name: 'Verified' })).toBeVisible({ timeout: 10_000 });
  });

  test('an action that cannot reach the server is sent again behind Reconnecting..., applied once', async ({
    page,
    users,
  }) => {
    test.setTimeout(90_000);
    const player = await users.create();
    await signIn(page, player);
    await page.getByRole('button', { name: 'Briefcase 9', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Briefcase 9, your case' })).toBeVisible();
    await waitOutLock(page);
    const before = await current(page);

    // The first two attempts are lost on the way; the third goes through.
    let dropped = 0;
    await page.route('**/api/live-games/*/actions', async (route) => {
      if (dropped < 2) {
        dropped++;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.getByRole('button', { name: 'Briefcase 1', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Reconnecting...' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Case Eliminated!' })).toBeVisible({ timeout: 10_000 });
    await expect(toasts(page).filter({ hasText: 'Reconnecting...' })).toHaveCount(0);
    expect(dropped).toBe(2);
    const after = await current(page);
    expect(after.seq).toBe(before.seq + 1);
    expect(after.openedOrder).toEqual([1]);
  });
});
