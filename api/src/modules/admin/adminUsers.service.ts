import type { AdminUser } from '@dond/shared';
import type { RouterContext } from '../../routerContext.js';
import { forbidden, notFound } from '../../http/errors.js';
import { toAdminUser, usersRepo, type User, type UserRow } from '../users/users.repo.js';

export const USER_NOT_FOUND = 'User not found';
export const ADMIN_ACCOUNT_REFUSED = 'Admin accounts cannot be changed here';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin's actions on a player's account. Each answers the account as it is afterwards. */
export function adminUsersService({ db, now, sessions }: Pick<RouterContext, 'db' | 'now' | 'sessions'>) {
  const users = usersRepo(db);

  /** The account to act on: it must exist and must not be an admin's. */
  async function player(id: number): Promise<User> {
    const user = await users.findById(id);
    if (!user) throw notFound(USER_NOT_FOUND);
    if (user.isAdmin) throw forbidden(ADMIN_ACCOUNT_REFUSED);
    return user;
  }

  async function change(id: number, changes: Partial<Omit<UserRow, 'id' | 'is_admin'>>): Promise<AdminUser> {
    await users.updatePlayer(id, changes);
    const user = await users.findById(id);
    // Deleted by another admin in between.
    if (!user) throw notFound(USER_NOT_FOUND);
    return toAdminUser(user);
  }

  // The per-request check would end them too, but a signed-out account should not keep a live cookie meanwhile.
  const endSessions = (id: number) => sessions.destroyUserSessions(id);

  return {
    async find(id: number): Promise<AdminUser> {
      const user = await users.findById(id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return toAdminUser(user);
    },

    /** Approving works from pending, rejected or disabled; rejecting signs the player out. */
    async setStatus(id: number, status: 'approved' | 'rejected'): Promise<AdminUser> {
      await player(id);
      const updated = await change(id, { status });
      if (status === 'rejected') await endSessions(id);
      return updated;
    },

    async setEmail(id: number, email: string | null): Promise<AdminUser> {
      await player(id);
      return change(id, { email });
    },

    /** From today when the account has already expired (or never had a date), else from its expiry. */
    async extendExpiry(id: number, days: number): Promise<AdminUser> {
      const user = await player(id);
      const today = now();
      const from = Math.max(user.expiryDate ?? today, today);
      return change(id, { expiry_date: from + days * DAY_MS });
    },

    /** From the expiry (or today when there is none); an expiry moved into the past signs the player out. */
    async reduceExpiry(id: number, days: number): Promise<AdminUser> {
      const user = await player(id);
      const today = now();
      const expiry = (user.expiryDate ?? today) - days * DAY_MS;
      const updated = await change(id, { expiry_date: expiry });
      if (expiry <= today) await endSessions(id);
      return updated;
    },

    async disable(id: number): Promise<AdminUser> {
      await player(id);
      const updated = await change(id, { status: 'disabled' });
      await endSessions(id);
      return updated;
    },

    async setMonthlySubscriber(id: number, isMonthlySubscriber: boolean): Promise<AdminUser> {
      await player(id);
      return change(id, { is_monthly_subscriber: isMonthlySubscriber });
    },

    /** Their games stay, without the account, so the statistics keep their history. */
    async remove(id: number): Promise<AdminUser> {
      const user = await player(id);
      await users.removePlayer(id);
      await endSessions(id);
      return toAdminUser(user);
    },
  };
}
