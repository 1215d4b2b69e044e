// A dump of the database opens no account: sessions are stored under the SHA-256 of their 256-bit id, and the
// cookie secret comes from SESSION_SECRET or a file beside the database, never from a row of it. Started as
// `npm start` starts the server (startServer with loadConfig), on SQLite and on MariaDB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config.js';
import * as sessionHashes from '../db/migrations/20261125_0003_session_hashes.js';
import { startServer, type RunningServer } from '../server.js';
import { freshDatabase, startTestServer, TestClient, type TestDatabase } from '../testing/testServer.js';
import { createLogger } from '../log.js';
import { sessionSecret } from './sessionSecret.js';
import { sessionKey } from './sessionStore.js';

const ADMIN = { username: 'boss', password: 'secret123' };
const TABLES = ['users', 'sessions', 'settings', 'games', 'gift_sets', 'reset_tokens'];

/** The session id inside a `dond.sid=s:<id>.<signature>` cookie. */
const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;

describe('a dump of the database', () => {
  let dir: string;
  let database: TestDatabase;
  let config: Config;
  let running: RunningServer | undefined;
  const sqlite = () => config.databaseUrl.startsWith('sqlite:');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-secrets-'));
    database = await freshDatabase();
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: '0',
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // On SQLite the default place, beside the database file; MariaDB has no file, so a folder of the test's.
    if (!database.url.startsWith('sqlite:')) env.SESSION_SECRET_FILE = path.join(dir, 'session-secret');
    config = loadConfig(env, dir);
  });
  afterAll(async () => {
    await running?.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    running = await startServer(config, createLogger({ level: 'silent' }));
    return new TestClient(running.url.replace('localhost', '127.0.0.1'));
  };

  it('holds neither a session id nor the cookie secret, and a session outlives a restart', async () => {
    const client = await start();
    await client.login(ADMIN.username, ADMIN.password);
    const sid = sessionIdOf(client.cookie!);
    // 256 random bits.
    expect(sid).toMatch(/^[\w-]{43}$/);
    const secret = fs.readFileSync(config.sessionSecretFile, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    if (sqlite())
      expect(path.dirname(config.sessionSecretFile)).toBe(path.dirname(config.databaseUrl.slice(7)));
    // Readable by its owner alone.
    expect(fs.statSync(config.sessionSecretFile).mode & 0o777).toBe(0o600);

    const sessions = await running!.db('sessions').select();
    expect(sessions.map((row) => row.sid)).toEqual([sessionKey(sid)]);
    expect(await running!.db('settings').where({ name: 'session_secret' }).first()).toBeUndefined();
    for (const table of TABLES) {
      const rows = JSON.stringify(await running!.db(table).select());
      expect(rows, table).not.toContain(sid);
      expect(rows, table).not.toContain(secret);
    }

    // The same secret after a restart: the cookie still signs in.
    await running!.close();
    running = undefined;
    if (sqlite()) {
      // The file itself, as a backup copies it (and its write-ahead log, if any is left).
      const file = config.databaseUrl.slice('sqlite:'.length);
      for (const part of [file, `${file}-wal`].filter((f) => fs.existsSync(f))) {
        const bytes = fs.readFileSync(part).toString('latin1');
        expect(bytes, part).not.toContain(sid);
        expect(bytes, part).not.toContain(secret);
      }
    }
    const again = await start();
    again.cookie = client.cookie;
    expect((await again.get('/api/auth/me')).body.user).toMatchObject({ username: ADMIN.username });
    expect(fs.readFileSync(config.sessionSecretFile, 'utf8').trim()).toBe(secret);
    // Logging out removes the row found by the hash.
    expect((await again.post('/api/auth/logout')).status).toBeLessThan(300);
    expect(await running!.db('sessions').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('the session secret', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-secret-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is SESSION_SECRET when set, and then no file is made', () => {
    const file = path.join(dir, 'unused');
    expect(sessionSecret('y'.repeat(40), file)).toBe('y'.repeat(40));
    expect(fs.existsSync(file)).toBe(false);
  });

  it('is made once in its file (folders included) and read back after', () => {
    const file = path.join(dir, 'nested', 'session-secret');
    const first = sessionSecret(undefined, file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(sessionSecret(undefined, file)).toBe(first);
  });

  it('refuses a file that holds too short a secret, naming SESSION_SECRET_FILE', () => {
    const file = path.join(dir, 'short');
    fs.writeFileSync(file, 'short\n');
    expect(() => sessionSecret(undefined, file)).toThrow(ConfigError);
    expect(() => sessionSecret(undefined, file)).toThrow(/SESSION_SECRET_FILE: .*short must hold a secret/);
  });

  it('is required in production: the start is refused with a message that says how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, dir)).toThrow(
      /SESSION_SECRET: SESSION_SECRET is required when NODE_ENV=production.*openssl rand -base64 48/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'z'.repeat(32) }, dir).sessionSecret).toBe(
      'z'.repeat(32),
    );
  });
});

describe('the migration to hashed sessions', () => {
  it('drops the sessions stored under raw ids and the secret row', async () => {
    const server = await startTestServer();
    try {
      await server.db('sessions').insert({ sid: 'raw-session-id', sess: '{}', expires_at: Date.now() + 1e6 });
      await server.db('settings').insert({ name: 'session_secret', value: 'x'.repeat(43) });
      await server.db('settings').insert({ name: 'kept', value: 'yes' });
      await sessionHashes.up(server.db);
      expect(await server.db('sessions').select()).toEqual([]);
      expect(await server.db('settings').select('name')).toEqual([{ name: 'kept' }]);
    } finally {
      await server.close();
    }
  });
});
