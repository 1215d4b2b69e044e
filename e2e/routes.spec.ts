import type { Page } from '@playwright/test';
import { expect, shot, signIn, test } from './fixtures';

/** Holds the page's session check (GET /api/auth/me) until the answered function is called. */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await answered;
    await route.continue();
  });
  return release;
}

// SPEC.md section 2: the route tables signed out and signed in, and 'Loading...' while the session loads.

test.describe('signed out', () => {
  for (const [path, name] of [
    ['/', 'root'],
    ['/auth', 'auth'],
    ['/anything', 'unknown-path'],
    ['/deep/unknown/path', 'deep-unknown-path'],
  ] as const) {
    test(`${path} opens the login screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'DEALS OR NO DEALS' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      await shot(page, `signed-out-${name}`);
    });
  }

  for (const path of ['/reset-password', '/forgot-password']) {
    test(`${path} opens the password reset screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
      await shot(page, `signed-out-${path.slice(1)}`);
    });
  }

  test("'Loading...' shows while the session check is pending", async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/');
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'DEALS OR NO DEALS' })).toHaveCount(0);
    await shot(page, 'loading-session');
    release();
    await expect(page.getByRole('heading', { name: 'DEALS OR NO DEALS' })).toBeVisible();
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  });

  test('a guest in this tab gets the board at / while the session check is still pending', async ({
    page,
  }) => {
    await page.addInitScript(() => sessionStorage.setItem('dond.guest', '1'));
    const release = await holdSessionCheck(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Briefcase 1', exact: true })).toBeVisible();
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    // The check answers 'signed out': the guest's board stays, the game on it too.
    await page.getByRole('button', { name: 'Briefcase 3', exact: true }).click();
    const answer = page.waitForResponse('**/api/auth/me');
    release();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('button', { name: 'Briefcase 3, your case' })).toBeVisible();
    await expect(page.getByText('Guest game: results are not saved.')).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('/ opens the game frame', async ({ page, users }) => {
    const player = await users.create();
    await signIn(page, player);
    await expect(page.getByRole('banner')).toContainText('Deals or No Deals');
    await expect(page.getByRole('banner')).toContainText('TikTok Edition');
    await expect(page.getByRole('button', { name: `Logout (${player.username})` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Customize Gifts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    for (const mode of ['Desktop', 'iPad (BETA)', 'Mobile (BETA)']) {
      await expect(page.getByRole('button', { name: mode })).toBeVisible();
    }
    await expect(page.getByRole('main', { name: 'Game board' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('fan-made');
    await shot(page, 'signed-in-game');
  });

  test('/customize-gifts opens the gift customisation screen', async ({ page, users }) => {
    const player = await users.create();
    await signIn(page, player);
    await page.goto('/customize-gifts');
    await expect(page.getByText(/customi[sz]e/i).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'DEALS OR NO DEALS' })).toHaveCount(0);
    await shot(page, 'signed-in-customize-gifts');
  });

  for (const path of ['/nope', '/auth', '/reset-password']) {
    test(`${path} shows the not-found card`, async ({ page, users }) => {
      const player = await users.create();
      await signIn(page, player);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
      await shot(page, `signed-in-not-found${path.replace('/', '-')}`);
    });
  }
});
