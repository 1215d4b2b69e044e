import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type {
  AdminUser,
  ClearGamesResponse,
  DailyGames,
  GameStats,
  RecoverGameRequest,
  SavedGamePayload,
  SaveGameResponse,
} from '@dond/shared';

export const ADMIN_API = '/api/admin';
/** GET: the CSV of every game, as an attachment (SPEC 7: a download, not a page). */
export const GAMES_EXPORT_URL = `${ADMIN_API}/games/export`;

/** Every admin call sends the session cookie (SPEC 7). */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

/** The user actions of SPEC 7 beyond ra-data-simple-rest's CRUD; each answers the updated user. */
export interface UserActions {
  setUserStatus(id: number, status: 'approved' | 'rejected'): Promise<AdminUser>;
  setUserEmail(id: number, email: string | null): Promise<AdminUser>;
  extendUserExpiry(id: number, days: number): Promise<AdminUser>;
  reduceUserExpiry(id: number, days: number): Promise<AdminUser>;
  disableUser(id: number): Promise<AdminUser>;
  setUserSubscriber(id: number, isMonthlySubscriber: boolean): Promise<AdminUser>;
  deleteUser(id: number): Promise<AdminUser>;
}

/** The game calls of SPEC 7 beyond the games list (the `games` resource). */
export interface GameActions {
  getGameStats(): Promise<GameStats>;
  /** Games and winnings per UTC day, the last `days` days, oldest first. */
  getDailyGames(days: number): Promise<DailyGames>;
  clearGames(): Promise<ClearGamesResponse>;
  /** Saves a local backup for its player; `created` is false when the server already had the game. */
  recoverGame(request: SavedGamePayload & Pick<RecoverGameRequest, 'backupKey'>): Promise<SaveGameResponse>;
}

export type AdminDataProvider = DataProvider & UserActions & GameActions;

export function createDataProvider(client: typeof httpClient = httpClient): AdminDataProvider {
  const base = simpleRestProvider(ADMIN_API, client);
  const userUrl = (id: number, action?: string) =>
    `${ADMIN_API}/users/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
  const patch = async (id: number, action: string, body: object): Promise<AdminUser> =>
    (await client(userUrl(id, action), { method: 'PATCH', body: JSON.stringify(body) })).json as AdminUser;

  return {
    ...base,
    setUserStatus: (id, status) => patch(id, 'status', { status }),
    setUserEmail: (id, email) => patch(id, 'email', { email }),
    extendUserExpiry: (id, days) => patch(id, 'extend', { days }),
    reduceUserExpiry: (id, days) => patch(id, 'reduce', { days }),
    disableUser: (id) => patch(id, 'disable', {}),
    setUserSubscriber: (id, isMonthlySubscriber) => patch(id, 'subscriber', { isMonthlySubscriber }),
    deleteUser: async (id) => (await client(userUrl(id), { method: 'DELETE' })).json as AdminUser,
    getGameStats: async () => (await client(`${ADMIN_API}/games/stats`)).json as GameStats,
    getDailyGames: async (days) =>
      (await client(`${ADMIN_API}/games/daily?days=${encodeURIComponent(days)}`)).json as DailyGames,
    clearGames: async () =>
      (await client(`${ADMIN_API}/games`, { method: 'DELETE' })).json as ClearGamesResponse,
    recoverGame: async (request) =>
      (await client(`${ADMIN_API}/games/recover`, { method: 'POST', body: JSON.stringify(request) }))
        .json as SaveGameResponse,
  };
}

/** The server's own words for a failed call ({ error } or { details } body), else SPEC 8's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { error?: unknown; details?: unknown } } | null)?.body;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  if (body && typeof body.details === 'string' && body.details) return body.details;
  return fallback;
}

/**
 * SPEC 7's words for a failed call that has no fallback of its own: the server's error or details, else
 * 'HTTP {status}', else (no answer at all) the browser's message.
 */
export function failureMessage(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const fallback =
    typeof status === 'number' && status > 0
      ? `HTTP ${status}`
      : error instanceof Error && error.message
        ? error.message
        : String(error);
  return errorMessage(error, fallback);
}
