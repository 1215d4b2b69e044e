// Helpers for the admin console's browser tests: players in a given status, their games saved through the
// real API, and backups written the way the game writes them.
import { listBackups, writeBackup, type BackupStorage, type SavedGamePayload } from '@dond/shared';
import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { liveGamePayload, type LiveGameClient, type PlayPlan } from '../api/src/testing/games';
import { ADMIN, shot, uniqueName, type AdminApi, type TestUser, type UserStatus } from './fixtures';

let addresses = 0;
/**
 * A client address of its own for each registration and login these helpers make, so the per-address limits
 * (10 registrations an hour, 10 logins a minute) never count a test's many players together.
 */
const ownAddress = () => {
  const n = addresses++;
  return `10.250.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

export interface Player extends TestUser {
  id: number;
}

/** A new account brought to `status` through the admin API (disabled through its own call). */
export async function playerWith(
  request: APIRequestContext,
  admin: AdminApi,
  status: UserStatus,
  prefix = status.slice(0, 6),
): Promise<Player> {
  const username = uniqueName(prefix);
  const user = { username, password: `pw-${username}`, email: `${username}@example.test` };
  const res = await request.post('/api/auth/register', {
    data: user,
    headers: { 'X-Forwarded-For': ownAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = await admin.userId(username);
  if (status === 'approved' || status === 'rejected') await admin.setStatus(username, status);
  if (status === 'disabled') {
    const disabled = await admin.request.patch(`/api/admin/users/${id}/disable`, { data: {} });
    expect(disabled.status(), await disabled.text()).toBe(200);
  }
  return { ...user, id };
}

/** The account as the admin API answers it now; null once deleted. */
export async function userRecord(admin: AdminApi, id: number) {
  const res = await admin.request.get(`/api/admin/users/${id}`);
  if (res.status() === 404) return null;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    id: number;
    username: string;
    email: string | null;
    status: UserStatus;
    isMonthlySubscriber: boolean;
    expiryDate: string | null;
  };
}

/** A signed-in API session of this player (its own client address). */
export async function playerSession(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  player: Pick<TestUser, 'username' | 'password'>,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() },
  });
  const login = await request.post('/api/auth/login', { data: player });
  expect(login.status(), await login.text()).toBe(200);
  return request;
}

/** A browser test's API session as the headless player's HTTP client (api/src/testing/games.ts). */
export function liveClient(session: APIRequestContext): LiveGameClient {
  return {
    async post(url, body, headers) {
      const res = await session.post(url, { data: body, headers });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: res.status(), body: parsed, text };
    },
  };
}

/** A live game played to its end by its player through the API, then saved with POST /api/games. */
export async function saveGame(session: APIRequestContext, plan: PlayPlan): Promise<SavedGamePayload> {
  const payload = await liveGamePayload(liveClient(session), plan);
  const res = await session.post('/api/games', { data: payload });
  expect(res.status(), await res.text()).toBe(201);
  return payload;
}

/** Every game the server holds, through the admin list (a page of up to 1000). */
export async function storedGames(admin: AdminApi, filter: object = {}) {
  const res = await admin.request.get('/api/admin/games', {
    params: { range: '[0,999]', filter: JSON.stringify(filter) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Array<{ clientGameId: string; username: string; finalAmount: number }>;
}

export async function clearGames(admin: AdminApi): Promise<void> {
  const res = await admin.request.delete('/api/admin/games');
  expect(res.status(), await res.text()).toBe(200);
}

/** The game's own backup function over an in-memory storage: the entries it would leave in localStorage. */
export function backupEntries(
  games: Array<{ payload: SavedGamePayload; player: Pick<Player, 'id' | 'username'>; at: number }>,
): Array<[key: string, value: string]> {
  const map = new Map<string, string>();
  const storage: BackupStorage = {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
  for (const { payload, player, at } of games) {
    writeBackup({ ...payload, userId: player.id, username: player.username }, at, storage);
  }
  expect(listBackups(storage)).toHaveLength(games.length);
  return [...map.entries()];
}

/** Puts entries into this page's local storage (the origin the game and the console share). */
export async function putInLocalStorage(page: Page, entries: Array<[string, string]>): Promise<void> {
  await page.evaluate((pairs) => {
    for (const [key, value] of pairs) localStorage.setItem(key, value);
  }, entries);
}

/** The page's game_backup_ entries, parsed. */
export function storedBackups(page: Page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('game_backup_'))
      .map((key) => ({
        key,
        record: JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>,
      })),
  );
}

/** Gives the page a session for this user (the real login call) and opens `path`, not the game first. */
export async function openAs(page: Page, user: Pick<TestUser, 'username' | 'password'>, path: string) {
  const res = await page.request.post('/api/auth/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(path);
}

/** Signs the page in as the admin and opens an admin screen. */
export const openAsAdmin = (page: Page, path = '/admin') => openAs(page, ADMIN, path);

/** The toast on show: its title and description (one at a time). */
export function toast(page: Page) {
  return page.locator('.MuiSnackbar-root').getByRole('alert');
}

export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const shown = toast(page);
  await expect(shown.locator('.MuiAlertTitle-root')).toHaveText(title);
  await expect(shown).toContainText(description);
}

/** A full-page screenshot from the top, so react-admin's fixed app bar sits above the screen, not across it. */
export async function screen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}
