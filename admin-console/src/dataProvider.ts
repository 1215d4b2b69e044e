import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { AdminUser } from '@dond/shared';

export const ADMIN_API = '/api/admin';

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

export type AdminDataProvider = DataProvider & UserActions;

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
  };
}

/** The server's own words for a failed call ({ error } body), else SPEC 8's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { error?: unknown; details?: unknown } } | null)?.body;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  if (body && typeof body.details === 'string' && body.details) return body.details;
  return fallback;
}
