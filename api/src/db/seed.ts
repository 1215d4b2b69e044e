import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';
import { usersRepo } from '../modules/users/users.repo.js';
import type { Db } from './knex.js';

/**
 * The first admin (DECISIONS.md): ADMIN_USERNAME / ADMIN_PASSWORD, when set, exist as an approved admin
 * with that password. Otherwise, if there is no admin at all, `admin` is created with a random password
 * that is printed once.
 */
export async function seedFirstAdmin(
  db: Db,
  admin: { username: string; password: string } | undefined,
  now: number,
  print: (text: string) => void,
): Promise<void> {
  const users = usersRepo(db);
  if (admin) {
    const existing = await users.findByUsername(admin.username);
    const passwordHash = await hashPassword(admin.password);
    if (existing) {
      await users.update(existing.id, {
        password_hash: passwordHash,
        status: 'approved',
        is_admin: true,
        expiry_date: null,
      });
    } else {
      await users.create({
        username: admin.username,
        email: null,
        passwordHash,
        status: 'approved',
        isAdmin: true,
        now,
      });
    }
    return;
  }
  if (await users.hasAdmin()) return;
  const password = randomBytes(12).toString('base64url');
  const created = await users.create({
    username: 'admin',
    email: null,
    passwordHash: await hashPassword(password),
    status: 'approved',
    isAdmin: true,
    now,
  });
  if (!created) {
    // A player already took the name 'admin': promote nobody silently, say what to do.
    print(
      'No admin exists and the username "admin" is taken. Set ADMIN_USERNAME and ADMIN_PASSWORD to create one.',
    );
    return;
  }
  const bar = '='.repeat(64);
  print(
    `${bar}\n  First admin created.\n  Username: admin\n  Password: ${password}\n  It is shown only this once: sign in and keep it safe.\n${bar}`,
  );
}
