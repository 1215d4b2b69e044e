// Rate limits kept in the database: per client address (login, registration, forgot-password) and per account
// (failed logins), with a Retry-After that tells the real wait, over real HTTP on SQLite and MariaDB.
import knex, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { isMysql } from '../db/knex.js';
import { DEFAULT_RATE_LIMITS } from '../routerContext.js';
import {
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
  type TestServerOptions,
} from '../testing/testServer.js';
import { DATABASE_UNAVAILABLE } from './errors.js';
import { RateLimiter } from './rateLimit.js';

const MINUTE = 60_000;
let server: TestServer | undefined;
let clock = Date.UTC(2026, 10, 25, 12);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server on the product's own limits (unless told otherwise) that trusts X-Forwarded-For from loopback. */
async function start(options: TestServerOptions = {}): Promise<TestServer> {
  clock = Date.UTC(2026, 10, 25, 12);
  server = await startTestServer({
    now: () => clock,
    trustProxy: 'loopback',
    rateLimits: DEFAULT_RATE_LIMITS,
    ...options,
  });
  return server;
}

const from = (address: string) => ({ 'X-Forwarded-For': address });

async function login(s: TestServer, username: string, password: string, address = '198.51.100.1') {
  return s.client().post('/api/auth/login', { username, password }, from(address));
}

// Dozens of argon2 checks each: room for a busy machine (several test files share two cores).
describe('failed logins on one account', { timeout: 30_000 }, () => {
  it('meet a 429 well before 300 guesses spread over 30 addresses end', async () => {
    const s = await start();
    await s.createUser({ username: 'streamer' });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      // Each address makes 10 guesses, inside its own limit of 10 a minute.
      const res = await login(s, 'streamer', `guess-${i}`, `203.0.113.${(i % 30) + 1}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({ error: 'Too many login attempts. Please wait a moment and try again.' });
      }
    }
    const first429 = statuses.indexOf(429);
    expect(first429).toBe(DEFAULT_RATE_LIMITS.loginAccount.limit);
    expect(statuses.slice(0, first429).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(first429).every((status) => status === 429)).toBe(true);
  });

  it('refuse even the right password until the wait ends, with a Retry-After that counts down', async () => {
    const s = await start();
    await s.createUser({ username: 'streamer' });
    for (let i = 0; i < 10; i++)
      expect((await login(s, 'streamer', 'wrong', `192.0.2.${i + 1}`)).status).toBe(401);

    let res = await login(s, 'streamer', TEST_PASSWORD, '192.0.2.100');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(res.headers.get('set-cookie')).toBeNull();

    clock += 5 * MINUTE + 500;
    res = await login(s, 'streamer', TEST_PASSWORD, '192.0.2.101');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('600');

    clock += 10 * MINUTE - 1000;
    res = await login(s, 'streamer', TEST_PASSWORD, '192.0.2.102');
    expect(res.headers.get('retry-after')).toBe('1');

    clock += 500;
    expect((await login(s, 'streamer', TEST_PASSWORD, '192.0.2.103')).status).toBe(200);
  });

  it('are forgotten after a successful login, count the username as the users repo keys it, and lock no one else', async () => {
    const s = await start();
    await s.createUser({ username: 'Streamer' });
    await s.createUser({ username: 'neighbour' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) {
        const name = ['streamer', 'STREAMER', ' Streamer '][i % 3]!;
        expect((await login(s, name, 'wrong', `192.0.2.${round * 10 + i}`)).status).toBe(401);
      }
      // Nine failures, then the owner: in, and the count starts again.
      expect((await login(s, 'streamer', TEST_PASSWORD, `192.0.2.${round * 10 + 9}`)).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) await login(s, 'streamer', 'wrong', `198.51.100.${i}`);
    expect((await login(s, 'STREAMER', TEST_PASSWORD, '198.51.100.50')).status).toBe(429);
    expect((await login(s, 'neighbour', TEST_PASSWORD, '198.51.100.51')).status).toBe(200);
  });

  it('lock an unknown username just as a known one, so the answer tells nothing', async () => {
    const s = await start();
    for (let i = 0; i < 10; i++) expect((await login(s, 'nobody', 'wrong', `192.0.2.${i}`)).status).toBe(401);
    const res = await login(s, 'nobody', 'wrong', '192.0.2.99');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });
});

describe('limits per client address', { timeout: 30_000 }, () => {
  it('count each address apart (req.ip from X-Forwarded-For behind a trusted proxy)', async () => {
    const s = await start();
    for (let i = 0; i < 10; i++) expect((await login(s, `user${i}`, 'wrong', '192.0.2.7')).status).toBe(401);
    const refused = await login(s, 'user99', 'wrong', '192.0.2.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await login(s, 'user99', 'wrong', '192.0.2.8')).status).toBe(401);
  });

  it('answer a Retry-After of the real wait, not the window', async () => {
    const s = await start({
      rateLimits: { ...DEFAULT_RATE_LIMITS, register: { windowMs: 60 * MINUTE, limit: 1 } },
    });
    const register = (username: string) =>
      s
        .client()
        .post(
          '/api/auth/register',
          { username, password: 'secret123', email: `${username}@example.com` },
          from('192.0.2.1'),
        );
    expect((await register('first1')).status).toBe(201);
    clock += 20 * MINUTE;
    let res = await register('second');
    expect(res).toMatchObject({
      status: 429,
      body: { error: 'Too many registration attempts. Please wait a moment and try again.' },
    });
    expect(res.headers.get('retry-after')).toBe(String(40 * 60));
    clock += 40 * MINUTE;
    res = await register('third1');
    expect(res.status).toBe(201);
  });

  it('keep forgot-password at 5 an hour', async () => {
    const s = await start();
    const forgot = () =>
      s.client().post('/api/auth/forgot-password', { email: 'a@example.com' }, from('192.0.2.1'));
    for (let i = 0; i < 5; i++) expect((await forgot()).status).toBe(200);
    const res = await forgot();
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many password reset attempts. Please wait a moment and try again.');
    expect(res.headers.get('retry-after')).toBe('3600');
  });
});

describe('a database that cannot count', () => {
  it('answers 503, never a silent pass', async () => {
    const s = await start();
    await s.db.destroy();
    for (const res of [
      await s.client().post('/api/auth/forgot-password', { email: 'a@example.com' }, from('192.0.2.1')),
      await login(s, 'streamer', TEST_PASSWORD),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: DATABASE_UNAVAILABLE });
      expect(res.headers.get('retry-after')).toBeTruthy();
    }
  });
});

describe('the counter', () => {
  it('counts hits that arrive together exactly once each, from two connection pools', async () => {
    const s = await start();
    // On SQLite the server owns the file (exclusive locking): there the second pool is the same one.
    const other = isMysql(s.db) ? knex(s.db.client.config as Knex.Config) : s.db;
    try {
      const limiters = [new RateLimiter(s.db, () => clock), new RateLimiter(other, () => clock)];
      const hits = await Promise.all(
        Array.from({ length: 60 }, (_, i) => limiters[i % 2]!.hit('test', 'one key', MINUTE)),
      );
      expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 60 }, (_, i) => i + 1),
      );
      expect(new Set(hits.map((h) => h.resetAt))).toEqual(new Set([clock + MINUTE]));
      // A new window starts from the first hit after the last one ended.
      clock += MINUTE;
      expect(await limiters[1]!.hit('test', 'one key', MINUTE)).toEqual({ hits: 1, resetAt: clock + MINUTE });
    } finally {
      if (other !== s.db) await other.destroy();
    }
  });

  it('deletes the windows that have ended, about once a minute', async () => {
    const s = await start();
    const limiter = new RateLimiter(s.db, () => clock);
    await limiter.hit('test', 'old', MINUTE);
    clock += 2 * MINUTE;
    await limiter.hit('test', 'new', MINUTE);
    const keys = async () => (await s.db('rate_limits').select('reset_at')).map((r) => Number(r.reset_at));
    for (let i = 0; i < 50 && (await keys()).length > 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await keys()).toEqual([clock + MINUTE]);
  });
});
