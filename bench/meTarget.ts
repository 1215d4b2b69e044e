// What the /api/auth/me benchmarks share: the answer the bare servers give, and a throwaway SQLite database
// holding the one approved player whose session they load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../api/src/auth/passwords.js';
import { createDb, type Db } from '../api/src/db/knex.js';
import { migrateLatest } from '../api/src/db/migrate.js';
import { usersRepo } from '../api/src/modules/users/users.repo.js';

/** The body of GET /api/auth/me for the bench's player (user id 1 in a fresh database). */
export const ME = { user: { id: 1, username: 'me0001', isAdmin: false } };

export const ME_LOGIN = { username: ME.user.username, password: 'bench-pass' };

/** A migrated SQLite file in a new temporary folder (`prefix` names it), with the bench's player approved. */
export async function dbWithPlayer(prefix: string): Promise<{ dir: string; db: Db }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = createDb(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  await migrateLatest(db);
  await usersRepo(db).create({
    username: ME_LOGIN.username,
    email: null,
    passwordHash: await hashPassword(ME_LOGIN.password),
    status: 'approved',
    isAdmin: false,
    now: Date.now(),
  });
  return { dir, db };
}
