import type { AdminUser } from '@dond/shared';
import type { RouterContext } from '../../routerContext.js';
import { forbidden, notFound } from '../../http/errors.js';
import { stageRepo } from '../stage/stage.repo.js';
import { toAdminUser, usersRepo, type User, type UserRow } from '../users/users.repo.js';

export const USER_NOT_FOUND = 'User not found';
export const ADMIN_ACCOUNT_REFUSED = 'Admin accounts cannot be changed here';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin's actions on a player's account. Each answers the account as it is afterwards. */
export function adminUsersService({
  db,
  now,
  sessions,
  liveEvents,
  sources,
}: Pick<RouterContext, 'db' | 'now' | 'sessions' | 'liveEvents' | 'sources'>) {
  const users = usersRepo(db);
  const stages = stageRepo(db);

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

  /**
   * Everything that acts for an account that may no longer play ends with it (docs/decisions/0045): its sessions
   * (the per-request check would end them too, but not a live cookie meanwhile), its stage key (its open stages
   * hear `revoked` and close; re-approval makes a new key, as a replaced one) and its audience sources.
   */
  async function endAccess(id: number) {
    await sessions.destroyUserSessions(id);
    await stages.removeKey(id);
    liveEvents.publish(id, { type: 'revoked' });
    await sources.stopFor(id);
  }

  return {
    async find(id: number): Promise<AdminUser> {
      const user = await users.findById(id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return toAdminUser(user);
    },

    /** Approving works from pending, rejected or disabled; rejecting ends the account's access. */
    async setStatus(id: number, status: 'approved' | 'rejected'): Promise<AdminUser> {
      await player(id);
      const updated = await change(id, { status });
      if (status === 'rejected') await endAccess(id);
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

    /** From the expiry (or today when there is none); an expiry moved into the past ends the account's access. */
    async reduceExpiry(id: number, days: number): Promise<AdminUser> {
      const user = await player(id);
      const today = now();
      const expiry = (user.expiryDate ?? today) - days * DAY_MS;
      const updated = await change(id, { expiry_date: expiry });
      if (expiry <= today) await endAccess(id);
      return updated;
    },

    async disable(id: number): Promise<AdminUser> {
      await player(id);
      const updated = await change(id, { status: 'disabled' });
      await endAccess(id);
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
      await endAccess(id);
      return toAdminUser(user);
    },
  };
}
