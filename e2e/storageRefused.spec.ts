import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM } from './chromium';
import { expect, test, toasts } from './fixtures';
import { waitOutLock } from './game';

// A player who blocks cookies for the site (Chromium's own setting, written into a fresh profile): the browser
// then throws on merely reading localStorage or sessionStorage. The game must still start and play as a guest
// (game-client/src/store/browserStorage.ts), and a sign-in the browser cannot keep must say so.
async function refusingBrowser(baseURL: string, headers: Record<string, string>) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'dond-no-cookies-'));
  mkdirSync(path.join(profile, 'Default'));
  writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    baseURL,
    extraHTTPHeaders: headers,
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, errors, close };
}

/** What the page's own storages do: 'refused' when reading the property throws, as it must here. */
const storages = (page: Page) =>
  page.evaluate(() =>
    (['localStorage', 'sessionStorage'] as const).map((kind) => {
      try {
        window[kind].getItem('probe');
        return 'readable';
      } catch {
        return 'refused';
      }
    }),
  );

test.describe('a browser that refuses cookies and storage', () => {
  test('the game starts and a guest plays a round', async ({ baseURL, extraHTTPHeaders }) => {
    const browser = await refusingBrowser(baseURL!, extraHTTPHeaders!);
    const { page, errors } = browser;
    try {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
      expect(await storages(page)).toEqual(['refused', 'refused']);
      await page.getByRole('button', { name: 'Play as guest' }).click();
      await page.getByRole('button', { name: 'Briefcase 7', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Briefcase 7, your case' })).toBeVisible();
      await waitOutLock(page);
      await page.getByRole('button', { name: 'Briefcase 2', exact: true }).click();
      await expect(page.getByText('Case Eliminated!').first()).toBeVisible();
      // A mode chosen is kept for this page only, and still shown as chosen.
      await page.getByRole('button', { name: /^iPad/ }).click();
      await expect(page.getByRole('button', { name: /^iPad/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: 'Briefcase 3', exact: true })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('signing in says the browser blocked the cookie, and stays on the login screen', async ({
    baseURL,
    extraHTTPHeaders,
    users,
  }) => {
    const player = await users.create();
    const browser = await refusingBrowser(baseURL!, extraHTTPHeaders!);
    const { page, errors } = browser;
    try {
      await page.goto('/auth');
      await page.getByLabel('Username').fill(player.username);
      await page.getByLabel('Password').fill(player.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(toasts(page).filter({ hasText: 'Login failed' })).toContainText(
        'Your browser blocked the sign-in cookie. Allow cookies for this site to sign in, or play as a guest.',
      );
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
