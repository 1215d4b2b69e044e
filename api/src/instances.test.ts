// Two API instances on one database behind a round-robin proxy serve one user as one: a session from either
// works on both, the rate limits add up across both, and a save retried against both is stored once.
// On MariaDB (npm run test:mariadb) each instance has its own connection pool, as two processes would. On
// SQLite the server holds the file in exclusive locking mode (docs/decisions/0015), so a second process
// cannot open it: there both instances share the one connection, and everything else stays their own.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './db/knex.js';
import { migrateLatest } from './db/migrate.js';
import { createAppServer } from './http/appServer.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './routerContext.js';
import { liveGamePayload } from './testing/games.js';
import {
  freshDatabase,
  testApp,
  TestClient,
  type TestDatabase,
  createTestUser,
} from './testing/testServer.js';

const LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  login: { windowMs: 60_000, limit: 1000 },
  loginAccount: { windowMs: 15 * 60_000, limit: 4 },
  register: { windowMs: 60 * 60_000, limit: 2 },
};

interface Instance {
  name: string;
  url: string;
  db: Db;
  server: http.Server;
}

let database: TestDatabase;
let instances: Instance[];
let proxy: http.Server;
let proxyUrl: string;
let outbox: string;
const served: string[] = [];

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

/** Forwards each request to the next instance in turn, adding its peer to X-Forwarded-For as proxies do. */
function roundRobin(targets: Instance[]): http.Server {
  let next = 0;
  return http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    served.push(target.name);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      new URL(req.url ?? '/', target.url),
      { method: req.method, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  const sqlite = database.url.startsWith('sqlite:');
  const first = createDb(database.url);
  await migrateLatest(first);
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-outbox-'));
  instances = [];
  for (const name of ['a', 'b']) {
    const db = sqlite || name === 'a' ? first : createDb(database.url);
    const app = testApp(db, outbox, {
      config: { appUrl: 'http://localhost:3000', trustProxy: 'loopback' },
      rateLimits: LIMITS,
    });
    const server = createAppServer(app);
    instances.push({ name, url: await listen(server), db, server });
  }
  proxy = roundRobin(instances);
  proxyUrl = await listen(proxy);
  for (const username of ['streamer', 'victim']) await createTestUser(first, { username });
});

afterAll(async () => {
  for (const server of [proxy, ...instances.map((i) => i.server)]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  for (const db of new Set(instances.map((i) => i.db))) await db.destroy();
  await database.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** A client of one instance that carries another client's session cookie. */
function direct(instance: Instance, cookie: string | undefined): TestClient {
  const client = new TestClient(instance.url);
  client.cookie = cookie;
  return client;
}

describe('two instances behind a round-robin proxy', () => {
  it('share a session: a login through either works on both, and a logout ends it on both', async () => {
    const client = new TestClient(proxyUrl);
    const login = await client.login('streamer');
    const loggedInOn = login.headers.get('x-served-by');
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.username).toBe('streamer');
      seen.add(me.headers.get('x-served-by')!);
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
    for (const instance of instances)
      expect((await direct(instance, client.cookie).get('/api/auth/me')).status).toBe(200);

    const cookie = client.cookie;
    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.headers.get('x-served-by')).not.toBe(loggedInOn);
    for (const instance of instances)
      expect((await direct(instance, cookie).get('/api/auth/me')).status).toBe(401);
  });

  it('add up the limits: the failures counted on one account and one address are those of both', async () => {
    const address = { 'X-Forwarded-For': '203.0.113.9' };
    const attempt = (n: number) =>
      new TestClient(proxyUrl).post(
        '/api/auth/login',
        { username: 'victim', password: 'wrong' },
        { 'X-Forwarded-For': `198.51.100.${n}` },
      );
    const failures = [];
    for (let i = 0; i < LIMITS.loginAccount.limit; i++) failures.push(await attempt(i));
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401]);
    expect(new Set(failures.map((f) => f.headers.get('x-served-by'))).size).toBe(2);
    // The next failure is refused whichever instance takes it.
    const refused = [await attempt(10), await attempt(11)];
    expect(refused.map((r) => [r.status, r.headers.get('x-served-by')]).sort()).toEqual([
      [429, 'a'],
      [429, 'b'],
    ]);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(890);

    const register = (username: string) =>
      new TestClient(proxyUrl).post(
        '/api/auth/register',
        { username, password: 'secret123', email: `${username}@example.com` },
        address,
      );
    expect((await register('newbie1')).status).toBe(201);
    expect((await register('newbie2')).status).toBe(201);
    const over = [await register('newbie3'), await register('newbie4')];
    expect(over.map((r) => [r.status, r.headers.get('x-served-by')]).sort()).toEqual([
      [429, 'a'],
      [429, 'b'],
    ]);
  });

  it('store a save retried against both once', async () => {
    const client = new TestClient(proxyUrl);
    await client.login('streamer');
    const payload = await liveGamePayload(client, { seed: 7, dealInRound: 4 });
    const first = await client.post('/api/games', payload);
    const retry = await client.post('/api/games', payload);
    expect([first.headers.get('x-served-by'), retry.headers.get('x-served-by')].sort()).toEqual(['a', 'b']);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.game.id).toBe(first.body.game.id);

    // Retries that reach both at once.
    const again = await liveGamePayload(client, { seed: 8, dealInRound: null });
    const answers = await Promise.all(
      [0, 1, 0, 1].map((i) => direct(instances[i]!, client.cookie).post('/api/games', again)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.game.id)).size).toBe(1);

    const rows = await instances[0]!
      .db('games')
      .whereIn('client_game_id', [payload.clientGameId, again.clientGameId]);
    expect(rows).toHaveLength(2);
  });
});
