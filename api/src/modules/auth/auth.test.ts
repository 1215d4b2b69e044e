import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_PASSWORD,
  testApp,
  TestClient,
  type TestServer,
} from '../../testing/testServer.js';
import { usersRepo } from '../users/users.repo.js';
import { PENDING_MESSAGE } from './auth.router.js';
import { listenApp } from '../../http/appServer.js';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.UTC(2026, 10, 21, 12);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const register = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/auth/register', body);

describe('registration', () => {
  it('creates a pending account and says so', async () => {
    const res = await register(server.client(), {
      username: 'newcomer',
      password: 'secret1',
      email: 'new@example.com',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: PENDING_MESSAGE });
    const user = await usersRepo(server.db).findByUsername('newcomer');
    expect(user).toMatchObject({ status: 'pending', isAdmin: false, email: 'new@example.com' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(21), 'Username must be less than 20 characters'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['email', 'nope', 'Please enter a valid email address'],
  ])('refuses %s %j with 400 %j', async (field, value, message) => {
    const body = { username: 'valid_name', password: 'secret1', email: 'ok@example.com', [field]: value };
    const res = await register(server.client(), body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, field });
  });

  it('refuses a username that exists in any case', async () => {
    await register(server.client(), { username: 'CaseUser', password: 'secret1', email: 'a@example.com' });
    const res = await register(server.client(), {
      username: 'caseuser',
      password: 'secret1',
      email: 'b@example.com',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Username already exists', field: 'username' });
  });
});

describe('login', () => {
  beforeAll(async () => {
    await server.createUser({ username: 'player1', email: 'p1@example.com' });
    await server.createUser({ username: 'waiting', status: 'pending' });
    await server.createUser({ username: 'refused', status: 'rejected' });
    await server.createUser({ username: 'switched', status: 'disabled' });
    await server.createUser({ username: 'lapsed', expiryDate: clock - 1 });
  });

  it('signs in an approved player, answers the user, and sets an HttpOnly SameSite=Lax cookie', async () => {
    const client = server.client();
    const res = await client.post('/api/auth/login', { username: 'player1', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), username: 'player1', isAdmin: false });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dond.sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/api/auth/me')).body).toEqual({ user: res.body });
    expect((await client.get('/api/session/validate')).body).toEqual({ valid: true });
  });

  it('logs in regardless of the username’s case', async () => {
    const res = await server
      .client()
      .post('/api/auth/login', { username: 'PLAYER1', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers an unknown user and a wrong password the same way', async () => {
    for (const body of [
      { username: 'nobody', password: TEST_PASSWORD },
      { username: 'player1', password: 'wrong-password' },
      { username: 'waiting', password: 'wrong-password' },
    ]) {
      const res = await server.client().post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid username or password' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it.each([
    ['waiting', 'pending admin approval'],
    ['refused', 'not approved'],
    ['switched', 'disabled'],
    ['lapsed', 'expired'],
  ])('gives %s its own message after a correct password, and no session', async (username, words) => {
    const client = server.client();
    const res = await client.post('/api/auth/login', { username, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(words);
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('validates the request', async () => {
    const res = await server.client().post('/api/auth/login', { username: 'ab', password: 'x' });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Username must be at least 3 characters', field: 'username' },
    });
  });

  it('gives a new session id at every login, and the old one dies', async () => {
    const client = server.client();
    await client.login('player1');
    const first = client.cookie;
    await client.login('player1');
    expect(client.cookie).not.toBe(first);
    const old = new TestClient(server.url);
    old.cookie = first;
    expect((await old.get('/api/auth/me')).status).toBe(401);
  });
});

describe('the session', () => {
  it('answers 401 and valid false when signed out', async () => {
    const client = server.client();
    expect(await client.get('/api/auth/me')).toMatchObject({ status: 401, body: { error: 'Not signed in' } });
    expect((await client.get('/api/session/validate')).body).toEqual({ valid: false });
  });

  it('logout destroys the session on the server', async () => {
    await server.createUser({ username: 'leaver' });
    const client = server.client();
    await client.login('leaver');
    const cookie = client.cookie;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    const replay = new TestClient(server.url);
    replay.cookie = cookie;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('lives in the database: another API instance on the same database knows it', async () => {
    await server.createUser({ username: 'roamer' });
    const client = server.client();
    await client.login('roamer');
    const app = testApp(server.db, server.outbox);
    const other = await listenApp(app, 0, '127.0.0.1');
    const address = other.address() as { port: number };
    const elsewhere = new TestClient(`http://127.0.0.1:${address.port}`);
    elsewhere.cookie = client.cookie;
    expect((await elsewhere.get('/api/auth/me')).body).toMatchObject({ user: { username: 'roamer' } });
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  });
});

describe('the cookie on https', () => {
  it('is Secure when APP_URL is https', async () => {
    const secure = await startTestServer({ appUrl: 'https://game.example', trustProxy: 'loopback' });
    try {
      await secure.createUser({ username: 'tls_user' });
      const res = await secure
        .client()
        .post(
          '/api/auth/login',
          { username: 'tls_user', password: TEST_PASSWORD },
          { 'x-forwarded-proto': 'https' },
        );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('dond.sid='))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('the account life', () => {
  it('register, pending cannot log in, approve, log in, disable kills the open session, expiry kills it too', async () => {
    const client = server.client();
    await register(client, { username: 'lifecycle', password: 'secret1', email: 'life@example.com' });
    expect(
      (await client.post('/api/auth/login', { username: 'lifecycle', password: 'secret1' })).status,
    ).toBe(403);

    const users = usersRepo(server.db);
    const user = (await users.findByUsername('lifecycle'))!;
    await users.update(user.id, { status: 'approved' });
    await client.login('lifecycle', 'secret1');
    expect((await client.get('/api/auth/me')).status).toBe(200);

    await users.update(user.id, { status: 'disabled' });
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/session/validate')).body).toEqual({ valid: false });

    await users.update(user.id, { status: 'approved', expiry_date: clock + 2 * DAY });
    await client.login('lifecycle', 'secret1');
    clock += DAY;
    expect((await client.get('/api/auth/me')).status).toBe(200);
    clock += 2 * DAY;
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(
      (await client.post('/api/auth/login', { username: 'lifecycle', password: 'secret1' })).body.error,
    ).toContain('expired');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address tries to log in too often', async () => {
    const limited = await startTestServer({ rateLimits: { login: { windowMs: 60_000, limit: 3 } } });
    try {
      const client = limited.client();
      for (let i = 0; i < 3; i++)
        expect((await client.post('/api/auth/login', { username: 'abc', password: 'x' })).status).toBe(401);
      const res = await client.post('/api/auth/login', { username: 'abc', password: 'x' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.body.error).toMatch(/Too many login attempts/);
    } finally {
      await limited.close();
    }
  });

  it('limits registration too', async () => {
    const limited = await startTestServer({ rateLimits: { register: { windowMs: 60_000, limit: 1 } } });
    try {
      const client = limited.client();
      await register(client, { username: 'first1', password: 'secret1', email: 'f@example.com' });
      const res = await register(client, { username: 'second', password: 'secret1', email: 's@example.com' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
