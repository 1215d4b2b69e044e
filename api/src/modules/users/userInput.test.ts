import { inspect } from 'node:util';
import { AUTH_MESSAGES } from '@dond/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.js';
import { DatabaseError, isUniqueViolation } from '../../db/driverErrors.js';
import { isMysql } from '../../db/knex.js';
import { AppError } from '../../http/errors.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { usersRepo } from './users.repo.js';

// Runs on SQLite, and on MariaDB when TEST_MYSQL_URL is set (scripts/mariadb-test.sh).

/** Everything the app logged, as an operator's log would show it (the message and the error, in depth). */
const logged: string[] = [];
const logText = () => logged.join('\n');

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({
    log: (message, error) => {
      logged.push(
        `${message} ${inspect(error, { depth: 10 })} ${JSON.stringify(error)} ${String((error as Error | undefined)?.stack)}`,
      );
    },
  });
  await server.createUser({ username: 'boss', isAdmin: true });
  admin = server.client();
  await admin.login('boss');
});
afterAll(() => server.close());
beforeEach(() => {
  logged.length = 0;
});

const PASSWORD = 'correct-horse-battery';
const register = (body: { username: string; email: string; password?: string }) =>
  server.client().post('/api/auth/register', { password: PASSWORD, ...body });
const usersNamed = (usernameKey: string) => server.db('users').where({ username_key: usernameKey });

describe('an email address', () => {
  const long = `${'a'.repeat(300)}@example.com`;

  it('of more than 254 characters is a 400 naming the field, at registration', async () => {
    const res = await register({ username: 'longmail', email: long });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Email must be at most 254 characters', field: 'email' });
    expect(await usersNamed('longmail')).toHaveLength(0);
  });

  it('of exactly 254 characters is stored', async () => {
    const email = `${'b'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(email).toHaveLength(254);
    const res = await register({ username: 'fullmail', email });
    expect(res.status).toBe(201);
    expect((await usersNamed('fullmail'))[0].email).toBe(email);
  });

  it('of more than 254 characters is a 400 in forgot-password and in the admin’s email edit', async () => {
    const forgot = await server.client().post('/api/auth/forgot-password', { email: long });
    expect(forgot).toMatchObject({
      status: 400,
      body: { field: 'email', error: AUTH_MESSAGES.emailTooLong },
    });
    const user = await server.createUser({ username: 'edited' });
    const edit = await admin.patch(`/api/admin/users/${user.id}/email`, { email: long });
    expect(edit).toMatchObject({ status: 400, body: { field: 'email', error: AUTH_MESSAGES.emailTooLong } });
  });
});

describe('a username’s limits count what the users table stores, in characters (code points)', () => {
  it('refuses 20 İ: lower-cased for username_key they are 40 characters', async () => {
    const res = await register({ username: 'İ'.repeat(20), email: 'dotted20@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: AUTH_MESSAGES.usernameTooLong, field: 'username' });
  });

  it('refuses 11 İ (22 characters once lower-cased), takes 10 and signs them in', async () => {
    const eleven = await register({ username: 'İ'.repeat(11), email: 'dotted11@example.com' });
    expect(eleven).toMatchObject({ status: 400, body: { field: 'username' } });
    const ten = await register({ username: 'İ'.repeat(10), email: 'dotted10@example.com' });
    expect(ten.status).toBe(201);
    const [row] = await usersNamed('İ'.repeat(10).toLowerCase());
    expect(row.username).toBe('İ'.repeat(10));
    await server.db('users').where({ id: row.id }).update({ status: 'approved' });
    const login = await server
      .client()
      .post('/api/auth/login', { username: 'İ'.repeat(10), password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('counts an emoji as one character: 20 fit, 21 do not, 2 are too short', async () => {
    const twenty = await register({ username: '😀'.repeat(20), email: 'emoji20@example.com' });
    expect(twenty.status).toBe(201);
    expect((await usersNamed('😀'.repeat(20)))[0].username).toBe('😀'.repeat(20));
    const more = await register({ username: '😀'.repeat(21), email: 'emoji21@example.com' });
    expect(more).toMatchObject({
      status: 400,
      body: { error: AUTH_MESSAGES.usernameTooLong, field: 'username' },
    });
    const short = await register({ username: '😀😀', email: 'emoji2@example.com' });
    expect(short).toMatchObject({
      status: 400,
      body: { error: AUTH_MESSAGES.usernameTooShort, field: 'username' },
    });
  });
});

describe('a failed query leaves no value in any log line or error', () => {
  const secretsOf = (email: string) => ['$argon2', PASSWORD, email];

  it('a taken username is a 409, and nothing is logged', async () => {
    const email = 'first.taker@example.com';
    expect((await register({ username: 'taken', email })).status).toBe(201);
    const again = await register({ username: 'TAKEN', email: 'second.taker@example.com' });
    expect(again).toMatchObject({ status: 409, body: { field: 'username' } });
    expect(logged).toEqual([]);
  });

  it('an insert the database refuses is a 500 whose log holds no hash, password or email', async () => {
    // A trigger refuses every new user: the insert fails in the database, after the password was hashed.
    if (isMysql(server.db)) {
      await server.db.raw(
        "CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'",
      );
    } else {
      await server.db.raw(
        "CREATE TRIGGER refuse_users BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'refused'); END",
      );
    }
    try {
      const email = 'refused.player@example.com';
      const res = await register({ username: 'refused', email });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('$argon2');
      expect(logged.length).toBeGreaterThan(0);
      for (const secret of secretsOf(email)) expect(logText()).not.toContain(secret);
    } finally {
      await server.db.raw('DROP TRIGGER refuse_users');
    }
  });

  it('a duplicate key met by a query outside a repository is scrubbed too, its code kept', async () => {
    const email = 'scrubbed.dupe@example.com';
    const hash = await hashPassword(PASSWORD);
    const row = {
      username: 'dupe',
      username_key: 'dupe',
      email,
      password_hash: hash,
      status: 'pending',
      created_at: 1,
    };
    await server.db('users').insert(row);
    const error = await server
      .db('users')
      .insert(row)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    const seen = `${inspect(error, { depth: 10 })} ${JSON.stringify(error)} ${(error as Error).stack}`;
    for (const secret of [hash, email, 'dupe']) expect(seen).not.toContain(secret);
  });

  it('the users repository rethrows a DatabaseError, or a 400 for a value its column cannot hold', async () => {
    const users = usersRepo(server.db);
    const hash = await hashPassword(PASSWORD);
    const input = {
      username: 'repo',
      email: 'repo@example.com',
      passwordHash: hash,
      status: 'pending' as const,
      isAdmin: false,
      now: 1,
    };
    // MySQL refuses a value longer than its column; SQLite keeps it (the schemas are what stop it there).
    const email = `${'c'.repeat(300)}@example.com`;
    const long = await users.create({ ...input, username: 'repolong', email }).then(
      (user) => user,
      (e: unknown) => e,
    );
    if (isMysql(server.db)) {
      expect(long).toBeInstanceOf(AppError);
      expect(long).toMatchObject({ status: 400, field: 'email' });
    } else {
      expect(long).toMatchObject({ email });
    }
    await server.db.raw(
      isMysql(server.db)
        ? "CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'"
        : "CREATE TRIGGER refuse_users BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      const refused = await users.create(input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DatabaseError);
      // Nothing of the driver's error rides along: no sql, no sqlMessage, no cause.
      for (const key of Object.keys(refused as object)) expect(['name', 'code', 'errno']).toContain(key);
      expect((refused as Error).cause).toBeUndefined();
      const seen = `${inspect(refused, { depth: 10 })} ${(refused as Error).stack}`;
      for (const secret of [hash, input.email]) expect(seen).not.toContain(secret);
    } finally {
      await server.db.raw('DROP TRIGGER refuse_users');
    }
  });
});
