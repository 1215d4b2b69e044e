/**
 * What every browser test imports instead of '@playwright/test':
 *
 *   import { expect, test, shot, signIn } from './fixtures';
 *
 *   test('something', async ({ page, users, admin, outbox }) => {
 *     const player = await users.create();          // registered and approved through the real API
 *     await signIn(page, player);                    // a session cookie for the page, then open '/'
 *     await shot(page, 'game-signed-in');            // test-results/screenshots/game-signed-in.jpg
 *   });
 *
 * - `page`, `request`, `baseURL`: Playwright's own, pointed at the test server (playwright.config.ts).
 * - `users.create({ approve?, prefix? })`: a new account { username, password, email }; approved unless
 *   `approve: false` (then it stays pending).
 * - `admin`: the admin's API session: `admin.request` (logged in), `admin.userId(name)`,
 *   `admin.setStatus(name, status)`, `admin.approve(name)`. The admin's login is `ADMIN`.
 * - `outbox`: the folder the server writes mail to; `outbox.waitForMail(to)` returns the newest mail to that
 *   address with its text part decoded, and `resetLinkIn(text)` picks the reset link out of it.
 * - `toasts(page)`: the toasts on show, found in the 'Notifications (F8)' region;
 *   `expectShownFor(toast, ms)` checks, in real time, that a toast just shown stays about that long.
 * - Each test sends its own X-Forwarded-For address (the server trusts the loopback proxy), so the
 *   per-address rate limits on login, registration and forgot-password count every test apart.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E, serverOf } from './env';
import { closeStages } from './stage';

export { expect };

export const ADMIN = E2E.admin;

export interface TestUser {
  username: string;
  password: string;
  email: string;
}

export type UserStatus = 'pending' | 'approved' | 'rejected' | 'disabled';

export interface AdminApi {
  request: APIRequestContext;
  userId(username: string): Promise<number>;
  setStatus(username: string, status: UserStatus): Promise<void>;
  approve(username: string): Promise<void>;
}

export interface Outbox {
  dir: string;
  waitForMail(to: string, options?: { timeout?: number }): Promise<string>;
}

/** Makes test accounts: registered and approved through the real API unless asked otherwise. */
export interface Users {
  create(options?: { approve?: boolean; prefix?: string }): Promise<TestUser>;
}

interface Fixtures {
  stagesClosed: void;
  admin: AdminApi;
  users: Users;
  outbox: Outbox;
}

let testsInWorker = 0;
let namesMade = 0;

/** A username no other test has taken: up to 6 letters of prefix, then time and a counter (20 at most). */
export function uniqueName(prefix = 'player'): string {
  const stamp = Date.now().toString(36).slice(-6);
  return `${prefix.slice(0, 6)}_${stamp}${(namesMade++).toString(36)}`.slice(0, 20);
}

/**
 * Saves a screenshot as test-results/screenshots/<name>.jpg (look at every one): the whole page, or with
 * `fullPage: false` the viewport (what a player sees of a turned Mobile page, which a full-page capture lays out
 * anew). JPEG, not PNG: at 1920x1080 a PNG took 500 ms to encode on two cores and a JPEG 90 ms, and these
 * pictures are looked at, never compared (the pixel checks take PNGs of their own).
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const file = path.join(test.info().project.outputDir, 'screenshots', `${name}.jpg`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', type: 'jpeg', quality: 85 });
}

/** Gives the page's browser a session for this user (the real login call), then opens the game at '/'. */
export async function signIn(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
}

/** The toasts on show: items of Radix's 'Notifications (F8)' region (its screen-reader copy is left out). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
}

/**
 * Checks that a toast that has just appeared stays for about `ms`: still there a second before, gone 1.5 s
 * after (Radix counts from its own mount, a little before the test sees it).
 */
export async function expectShownFor(toast: Locator, ms: number): Promise<void> {
  const seen = Date.now();
  await expect(toast).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, seen + ms - 1000 - Date.now())));
  expect(await toast.isVisible(), `still shown after ${ms - 1000} ms`).toBe(true);
  await expect(toast, `gone by ${ms + 1500} ms`).toBeHidden({ timeout: seen + ms + 1500 - Date.now() });
}

/** The text/plain part of a raw .eml message, decoded (nodemailer writes quoted-printable or base64). */
export function mailText(eml: string): string {
  const part = eml.split(/\r?\n--/).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? eml;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The reset link of a reset mail's text. */
export function resetLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`No reset link in this mail:\n${text}`);
  return link;
}

export const test = base.extend<Fixtures>({
  stagesClosed: [
    // Playwright reads a fixture's needs from its destructured first argument: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await closeStages();
    },
    { auto: true },
  ],

  // The worker's own server (e2e/env.ts): the page's, the request's and the admin's base URL.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverOf(testInfo.parallelIndex).baseURL);
  },

  // This test's own client address, for the server's per-address rate limits (see above).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testsInWorker++;
    const address = `10.${testInfo.workerIndex % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },

  admin: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    const login = await request.post('/api/auth/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    const api: AdminApi = {
      request,
      async userId(username) {
        const res = await request.get('/api/admin/users', {
          params: { filter: JSON.stringify({ q: username }) },
        });
        expect(res.status(), await res.text()).toBe(200);
        const rows = (await res.json()) as Array<{ id: number; username: string }>;
        const row = rows.find((u) => u.username.toLowerCase() === username.toLowerCase());
        if (!row) throw new Error(`No user named ${username}`);
        return row.id;
      },
      async setStatus(username, status) {
        const res = await request.patch(`/api/admin/users/${await api.userId(username)}/status`, {
          data: { status },
        });
        expect(res.status(), await res.text()).toBe(200);
      },
      approve: (username) => api.setStatus(username, 'approved'),
    };
    await use(api);
    await request.dispose();
  },

  users: async ({ request, admin }, use) => {
    await use({
      async create({ approve = true, prefix = 'player' } = {}) {
        const username = uniqueName(prefix);
        const user = { username, password: `pw-${username}`, email: `${username}@example.test` };
        const res = await request.post('/api/auth/register', { data: user });
        expect(res.status(), await res.text()).toBe(201);
        if (approve) await admin.approve(username);
        return user;
      },
    });
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  outbox: async ({}, use, testInfo) => {
    const outbox = serverOf(testInfo.parallelIndex).outbox;
    await use({
      dir: outbox,
      async waitForMail(to, { timeout = 10_000 } = {}) {
        // File names are a time and a random id (never the address): the newest file addressed to `to`.
        const addressed = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\r?$`, 'mi');
        let newest: string | undefined;
        await expect
          .poll(
            async () => {
              const names = await fs.readdir(outbox).catch(() => [] as string[]);
              // The file names start with an ISO time, so the last in order is the newest.
              newest = undefined;
              for (const name of names
                .filter((n) => n.endsWith('.eml'))
                .sort()
                .reverse()) {
                const eml = await fs.readFile(path.join(outbox, name), 'utf8').catch(() => '');
                if (addressed.test(eml)) {
                  newest = name;
                  break;
                }
              }
              return newest;
            },
            { message: `a mail to ${to} in ${outbox}`, timeout },
          )
          .toBeTruthy();
        return mailText(await fs.readFile(path.join(outbox, newest!), 'utf8'));
      },
    });
  },
});
