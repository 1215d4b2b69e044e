import type { AdminUser, CurrentUser, UserStatus } from '@dond/shared';
import { isUniqueViolation, isValueTooLong, translatingDriverErrors } from '../../db/driverErrors.js';
import type { Db } from '../../db/knex.js';
import { badRequest } from '../../http/errors.js';
import { fetchPage, type ListRequest, type Page } from '../../http/listQuery.js';

export interface UserRow {
  id: number;
  username: string;
  username_key: string;
  email: string | null;
  password_hash: string;
  status: UserStatus;
  is_admin: number | boolean;
  is_monthly_subscriber: number | boolean;
  created_at: number | string;
  expiry_date: number | string | null;
  last_login_at: number | string | null;
}

export interface User {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string;
  status: UserStatus;
  isAdmin: boolean;
  isMonthlySubscriber: boolean;
  createdAt: number;
  expiryDate: number | null;
  lastLoginAt: number | null;
}

/** What a request needs of its signed-in user: who, admin or not, and whether the account may still play. */
export type SessionUser = Pick<User, 'id' | 'username' | 'status' | 'isAdmin' | 'expiryDate'>;

/** The users columns that make a SessionUser (the session read selects only these: no password hash). */
export const SESSION_USER_COLUMNS = ['id', 'username', 'status', 'is_admin', 'expiry_date'] as const;
export type SessionUserRow = Pick<UserRow, (typeof SESSION_USER_COLUMNS)[number]>;

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: Number(row.id),
    username: row.username,
    status: row.status,
    isAdmin: Boolean(row.is_admin),
    expiryDate: num(row.expiry_date),
  };
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toUser(row: UserRow): User {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    status: row.status,
    isAdmin: Boolean(row.is_admin),
    isMonthlySubscriber: Boolean(row.is_monthly_subscriber),
    createdAt: Number(row.created_at),
    expiryDate: num(row.expiry_date),
    lastLoginAt: num(row.last_login_at),
  };
}

export const toCurrentUser = (u: SessionUser): CurrentUser => ({
  id: u.id,
  username: u.username,
  isAdmin: u.isAdmin,
});

export function toAdminUser(u: User): AdminUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    status: u.status,
    isAdmin: u.isAdmin,
    isMonthlySubscriber: u.isMonthlySubscriber,
    createdAt: new Date(u.createdAt).toISOString(),
    expiryDate: iso(u.expiryDate),
    lastLoginAt: iso(u.lastLoginAt),
  };
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

/** What the admin's user lists can be narrowed by. */
export interface UserListFilter {
  /** Part of the username or the email, in any case. */
  q?: string;
  status?: UserStatus;
  /** react-admin's getMany asks for a set of ids. */
  id?: number[];
}

// '!' escapes LIKE's wildcards: the same ESCAPE clause works on SQLite and MySQL (a backslash does not).
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

export function usersRepo(db: Db) {
  const users = () => db<UserRow>('users');
  return translatingDriverErrors({
    async findById(id: number): Promise<User | null> {
      const row = await users().where({ id }).first();
      return row ? toUser(row) : null;
    },
    async findByUsername(username: string): Promise<User | null> {
      const row = await users()
        .where({ username_key: usernameKey(username) })
        .first();
      return row ? toUser(row) : null;
    },
    async findByEmail(email: string): Promise<User[]> {
      const rows = await users().whereRaw('LOWER(email) = ?', [email.trim().toLowerCase()]);
      return rows.map(toUser);
    },
    /** Inserts a user; answers null when the username is taken (regardless of case). */
    async create(input: {
      username: string;
      email: string | null;
      passwordHash: string;
      status: UserStatus;
      isAdmin: boolean;
      now: number;
    }): Promise<User | null> {
      try {
        await users().insert({
          username: input.username.trim(),
          username_key: usernameKey(input.username),
          email: input.email,
          password_hash: input.passwordHash,
          status: input.status,
          is_admin: input.isAdmin,
          is_monthly_subscriber: false,
          created_at: input.now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        // The schemas keep every value within its column; should one still overflow (MySQL refuses it,
        // SQLite has no limit), it is the caller's input.
        if (isValueTooLong(error))
          throw badRequest('A value is longer than the database can store', tooLongField(error));
        throw error;
      }
      return this.findByUsername(input.username);
    },
    async update(id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
      await users().where({ id }).update(changes);
    },
    async remove(id: number): Promise<void> {
      await users().where({ id }).delete();
    },
    /** A page of users for the admin lists, with the total the filter matches. */
    async listPage(filter: UserListFilter, list: ListRequest<unknown>): Promise<Page<User>> {
      const query = users();
      if (filter.status) query.where({ status: filter.status });
      if (filter.id) query.whereIn('id', filter.id);
      if (filter.q) {
        const pattern = likeContaining(filter.q);
        query.where((q) =>
          q
            .whereRaw("username_key LIKE ? ESCAPE '!'", [pattern])
            .orWhereRaw("LOWER(email) LIKE ? ESCAPE '!'", [pattern]),
        );
      }
      const page = await fetchPage<UserRow>(query, list);
      return { rows: page.rows.map(toUser), total: page.total };
    },
    /** Changes a player's account; an admin's row is never touched, whatever the caller checked before. */
    async updatePlayer(id: number, changes: Partial<Omit<UserRow, 'id' | 'is_admin'>>): Promise<void> {
      await users().where({ id, is_admin: false }).update(changes);
    },
    async removePlayer(id: number): Promise<void> {
      await users().where({ id, is_admin: false }).delete();
    },
    async hasAdmin(): Promise<boolean> {
      return (await users().where({ is_admin: true }).first('id')) !== undefined;
    },
  });
}
export type UsersRepo = ReturnType<typeof usersRepo>;

/** The request field of a users column named in MySQL's 'Data too long for column ...' message. */
function tooLongField(error: unknown): string | undefined {
  const column = /column '(\w+)'/.exec(String((error as { message?: unknown }).message))?.[1];
  if (column === 'username' || column === 'username_key') return 'username';
  return column === 'email' ? 'email' : undefined;
}
