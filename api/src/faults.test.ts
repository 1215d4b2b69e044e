// Faults: the database goes away or stalls while the server runs. Every request that needs it gets a JSON
// 503 within 2 seconds (never a hang, never a crash), /api/health says 503 within a second, and the same
// server serves again once it is back.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_CHECK_MS } from './db/fileWatch.js';
import { CONNECTION_TIMEOUT_MS, createDb, type DbOptions } from './db/knex.js';
import { DATABASE_FILE_LOST, DATABASE_UNAVAILABLE } from './http/errors.js';
import { startServerProcess, type ServerProcess } from './testing/serverProcess.js';
import { TcpProxy } from './testing/tcpProxy.js';
import {
  startTestServer,
  TestClient,
  TEST_PASSWORD,
  type TestResponse,
  type TestServer,
} from './testing/testServer.js';

const ANSWER_WITHIN_MS = 2000;
/** pino's number for `fatal`. */
const FATAL = 60;
/** The health check's own second, and room for a busy machine. */
const HEALTH_WITHIN_MS = 1500;

/** The call's answer and how long it took; a call still unanswered after 2 s fails the test. */
async function answered(
  name: string,
  call: () => Promise<TestResponse<any>>,
): Promise<TestResponse<any> & { ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}: no answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    const res = await Promise.race([call(), hang]);
    return { ...res, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

interface Scene {
  server: TestServer;
  player: TestClient;
  admin: TestClient;
}

async function setUp(server: TestServer): Promise<Scene> {
  await server.createUser({ username: 'player' });
  await server.createUser({ username: 'boss', isAdmin: true });
  const player = server.client();
  await player.login('player');
  const admin = server.client();
  await admin.login('boss');
  return { server, player, admin };
}

/** Calls that all need the database: a session lookup, a login, a registration, an admin list, a player's list. */
function databaseCalls({ server, player, admin }: Scene): Array<[string, () => Promise<TestResponse<any>>]> {
  return [
    ['GET /api/auth/me with a session', () => player.get('/api/auth/me')],
    [
      'POST /api/auth/login',
      () => server.client().post('/api/auth/login', { username: 'player', password: TEST_PASSWORD }),
    ],
    [
      'POST /api/auth/register',
      () =>
        server.client().post('/api/auth/register', {
          username: `new${Date.now() % 1e6}`,
          password: 'secret123',
          email: 'n@example.com',
        }),
    ],
    ['GET /api/admin/users as admin', () => admin.get('/api/admin/users')],
    ['GET /api/games/my-games', () => player.get('/api/games/my-games')],
  ];
}

/**
 * Every call, three times at once, answers 503 with the one message and a Retry-After, each within 2 s.
 * Answers how long each took.
 */
async function expectUnavailable(scene: Scene): Promise<number[]> {
  const calls = databaseCalls(scene);
  const answers = await Promise.all(
    [1, 2, 3].flatMap(() => calls.map(([name, call]) => answered(name, call))),
  );
  answers.forEach((res, i) => {
    const name = calls[i % calls.length]![0];
    expect(res.status, name).toBe(503);
    expect(res.headers.get('content-type'), name).toMatch(/application\/json/);
    expect(res.body, name).toEqual({ error: DATABASE_UNAVAILABLE });
    expect(res.headers.get('retry-after'), name).toBe('2');
    expect(res.ms, name).toBeLessThan(ANSWER_WITHIN_MS);
  });
  await expectHealth(scene.server, 503);
  return answers.map((res) => res.ms);
}

/** /api/health says `status` within about a second: 503 with the one message while the database is away. */
async function expectHealth(server: TestServer, status: 200 | 503): Promise<number> {
  const health = await answered('GET /api/health', () => server.client().get('/api/health'));
  expect(health.status).toBe(status);
  if (status === 200) expect(health.body).toEqual({ ok: true });
  else {
    expect(health.body).toEqual({ error: DATABASE_UNAVAILABLE });
    expect(health.headers.get('retry-after')).toBe('2');
  }
  expect(health.ms).toBeLessThan(HEALTH_WITHIN_MS);
  return health.ms;
}

/**
 * The same server, the same session cookies: everything answers as before. A connection attempt begun
 * during the outage may still fail the first request after it, so the server has 2 s to come back.
 */
async function expectServing({ server, player, admin }: Scene): Promise<void> {
  const back = performance.now() + ANSWER_WITHIN_MS;
  let me = await answered('me', () => player.get('/api/auth/me'));
  while (me.status === 503 && performance.now() < back) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    me = await answered('me', () => player.get('/api/auth/me'));
  }
  expect(me.status).toBe(200);
  expect(me.body.user.username).toBe('player');
  const login = await answered('login', () =>
    server.client().post('/api/auth/login', { username: 'player', password: TEST_PASSWORD }),
  );
  expect(login.status).toBe(200);
  const users = await answered('admin users', () => admin.get('/api/admin/users'));
  expect(users.status).toBe(200);
  expect(users.body.map((u: { username: string }) => u.username)).toEqual(
    expect.arrayContaining(['player', 'boss']),
  );
  expect((await answered('my games', () => player.get('/api/games/my-games'))).body).toEqual({ games: [] });
  await expectHealth(server, 200);
}

/**
 * A test server on a SQLite file of its own, for the life of the describe block it is called in: its scene and
 * the file's path are read from the answer once the block's tests run.
 */
function onSqliteFile(options: DbOptions = {}): { scene: Scene; file: string } {
  const made = { file: '' } as { scene: Scene; file: string };
  beforeAll(async () => {
    const server = await startTestServer({
      sqlite: true,
      connect: (url) => {
        made.file = url.slice('sqlite:'.length);
        return createDb(url, options);
      },
    });
    made.scene = await setUp(server);
  });
  afterAll(() => made.scene.server.close());
  return made;
}

// A SQLite file removed (or another file moved into its place) under the running server: SQLite goes on
// writing into the file it holds open, so every query succeeds and everything written is lost at the next
// start. The server notices (db/fileWatch.ts) and refuses every write and its health check from then on;
// reads of what the file held still answer. The same server cannot serve writes again: it must be restarted.
describe('SQLite: the database file is removed under the running server', () => {
  const at = onSqliteFile();

  it('answers 503 to /api/health and to every write at once, and still answers reads', async () => {
    await expectServing(at.scene);
    fs.rmSync(at.file);
    await expectFileLost(at.scene);
  });
});

describe("SQLite: another file is moved into the database file's place", () => {
  const at = onSqliteFile();

  // An operator putting a backup back with `mv` while the server runs: the server would keep writing into the
  // file it opened, now nameless, and the restored file would not see those writes.
  it('answers 503 to /api/health and to every write, as for a removed file', async () => {
    await expectServing(at.scene);
    fs.copyFileSync(at.file, `${at.file}.backup`);
    fs.renameSync(`${at.file}.backup`, at.file);
    await expectFileLost(at.scene);
  });
});

/** Health and each kind of write answer 503 with DATABASE_FILE_LOST at once; a signed-in player's reads answer. */
async function expectFileLost({ server, player, admin }: Scene): Promise<void> {
  const health = await answered('GET /api/health', () => server.client().get('/api/health'));
  expect(health.status).toBe(503);
  expect(health.body).toEqual({ error: DATABASE_FILE_LOST });
  const writes: Array<[string, () => Promise<TestResponse<any>>]> = [
    [
      'POST /api/auth/login',
      () => server.client().post('/api/auth/login', { username: 'player', password: TEST_PASSWORD }),
    ],
    ['POST /api/live-games', () => player.post('/api/live-games', { clientSeed: 'lost' })],
    ['PATCH /api/admin/users/1/disable', () => admin.patch('/api/admin/users/1/disable')],
    ['PUT /api/audience/settings', () => player.put('/api/audience/settings', {})],
    ['DELETE /api/admin/users/1', () => admin.delete('/api/admin/users/1')],
  ];
  for (const [name, call] of writes) {
    const res = await answered(name, call);
    expect(res.status, name).toBe(503);
    expect(res.body, name).toEqual({ error: DATABASE_FILE_LOST });
  }
  const me = await answered('me', () => player.get('/api/auth/me'));
  expect(me.status).toBe(200);
  expect(me.body.user.username).toBe('player');
  expect((await answered('admin users', () => admin.get('/api/admin/users'))).status).toBe(200);
}

/**
 * A test server on MySQL through a TcpProxy (which makes the outages), for the life of the describe block it is
 * called in. Its scene and proxy are read from the answer once the block's tests run.
 */
function behindProxy(options: DbOptions = {}): { scene: Scene; proxy: TcpProxy } {
  const made = {} as { scene: Scene; proxy: TcpProxy };
  beforeAll(async () => {
    const mysql = new URL(process.env.TEST_MYSQL_URL!);
    made.proxy = await TcpProxy.start({ host: mysql.hostname, port: Number(mysql.port || 3306) });
    const server = await startTestServer({ connect: (url) => createDb(made.proxy.rewrite(url), options) });
    made.scene = await setUp(server);
  });
  afterAll(async () => {
    await made.proxy.restore();
    await made.scene.server.close();
    await made.proxy.close();
  });
  return made;
}

describe.runIf(process.env.TEST_MYSQL_URL)('MySQL: the database server goes away', () => {
  const at = behindProxy();

  it('refused connections: 503 at once, and served again on return', async () => {
    await expectServing(at.scene);
    await at.proxy.cut('refuse');
    let times: number[];
    try {
      times = await expectUnavailable(at.scene);
    } finally {
      await at.proxy.restore();
    }
    // A refused connection is known at once: most answers come well before the connection timeout.
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    expect(median).toBeLessThan(CONNECTION_TIMEOUT_MS);
    await expectServing(at.scene);
  });

  it('a network that answers nothing: 503 when the connection timeout passes, still within 2 s', async () => {
    await expectServing(at.scene);
    await at.proxy.cut('blackhole');
    try {
      await expectUnavailable(at.scene);
    } finally {
      await at.proxy.restore();
    }
    await expectServing(at.scene);
  });
});

/** The query limit of the servers below (DB_QUERY_TIMEOUT_MS): short, so the tests are quick. */
const QUERY_LIMIT_MS = 500;

/** Waits until `done` holds, for up to `withinMs`; answers whether it did. */
async function eventually(done: () => boolean, withinMs: number): Promise<boolean> {
  const until = performance.now() + withinMs;
  while (!done() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
}

describe.runIf(process.env.TEST_MYSQL_URL)('MySQL: the database server stalls', () => {
  const at = behindProxy({ queryTimeoutMs: QUERY_LIMIT_MS });

  // Like a server stopped with SIGSTOP: connections stay open and queries sent on them get no answer and no
  // error. Without a time limit each one held its request and its pool connection for minutes.
  it('every request meets the query limit (503), health says 503 within 1 s, and the pool recovers', async () => {
    await expectServing(at.scene);
    // Several pooled connections open, so the stall catches queries on connections already made.
    await Promise.all([1, 2].flatMap(() => databaseCalls(at.scene).map(([, call]) => call())));
    expect(at.proxy.connections).toBeGreaterThan(1);
    await at.proxy.cut('stall');
    let times: number[];
    try {
      times = await expectUnavailable(at.scene);
      // A query on an open connection ends at the limit; one waiting for a connection at the connection
      // timeout, which is never longer than the limit.
      expect(Math.max(...times)).toBeLessThan(QUERY_LIMIT_MS + 700);
      // Timed-out connections are destroyed, not returned to the pool: none is left open through the at.proxy.
      expect(await eventually(() => at.proxy.connections === 0, 3000)).toBe(true);
      // And the next requests do not queue behind stalled ones.
      await expectUnavailable(at.scene);
    } finally {
      await at.proxy.restore();
    }
    console.log(
      `stalled MariaDB, limit ${QUERY_LIMIT_MS} ms: 503 in ${Math.round(Math.min(...times))} to ${Math.round(Math.max(...times))} ms`,
    );
    await expectServing(at.scene);
  });
});

// The real thing, on demand only (TEST_SIGSTOP_MARIADB=1, this file alone): it freezes the MariaDB server
// that other test files share. The server must be this user's own, as scripts/mariadb-test.sh starts it.
describe.runIf(process.env.TEST_MYSQL_URL && process.env.TEST_SIGSTOP_MARIADB === '1')(
  'MySQL: the real server stopped with SIGSTOP',
  () => {
    let scene: Scene;
    beforeAll(async () => {
      const server = await startTestServer({
        connect: (url) => createDb(url, { queryTimeoutMs: QUERY_LIMIT_MS }),
      });
      scene = await setUp(server);
    });
    afterAll(() => scene.server.close());

    it('answers 503 within the limit while it is stopped, and serves again after SIGCONT', async () => {
      await expectServing(scene);
      const [[{ file }]] = (await scene.server.db.raw('select @@pid_file as file')) as [[{ file: string }]];
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      await Promise.all(databaseCalls(scene).map(([, call]) => call()));
      process.kill(pid, 'SIGSTOP');
      let times: number[];
      try {
        times = await expectUnavailable(scene);
        expect(Math.max(...times)).toBeLessThan(QUERY_LIMIT_MS + 700);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      console.log(
        `SIGSTOP mariadbd, limit ${QUERY_LIMIT_MS} ms: 503 in ${Math.round(Math.min(...times))} to ${Math.round(Math.max(...times))} ms`,
      );
      await expectServing(scene);
    });
  },
);

describe('SQLite: another process holds the database file locked', () => {
  const at = onSqliteFile({ queryTimeoutMs: QUERY_LIMIT_MS });

  // The server's connection is made again while another connection holds the file: a second server or
  // `npm run migrate` (each holds it in exclusive mode, db/knex.ts), a sqlite3 shell in a transaction.
  it('answers 503 within the limit while it is locked, health says so, and serves once it is free', async () => {
    await expectServing(at.scene);
    await at.scene.server.db.destroy();
    const other = createDb(`sqlite:${at.file}`);
    await other.raw('select count(*) from users');
    let times: number[];
    try {
      at.scene.server.db.initialize();
      times = await expectUnavailable(at.scene);
      expect(Math.max(...times)).toBeLessThan(QUERY_LIMIT_MS + 700);
    } finally {
      await other.destroy();
    }
    console.log(
      `locked SQLite, limit ${QUERY_LIMIT_MS} ms: 503 in ${Math.round(Math.min(...times))} to ${Math.round(Math.max(...times))} ms`,
    );
    await expectServing(at.scene);
  });
});

describe('the session store failing', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await setUp(await startTestServer());
  });
  afterAll(() => scene.server.close());

  // The sessions table alone is gone: users can still be found, sessions cannot be read or written.
  async function withoutSessions(run: () => Promise<void>) {
    await scene.server.db.schema.renameTable('sessions', 'sessions_away');
    try {
      await run();
    } finally {
      await scene.server.db.schema.renameTable('sessions_away', 'sessions');
    }
  }

  function expectErrorAnswer(name: string, res: TestResponse<any>) {
    expect(res.status, name).toBeGreaterThanOrEqual(500);
    expect(typeof res.body.error, name).toBe('string');
    expect(res.text, name).not.toMatch(/sessions|select|insert|delete|at .*\.js/i);
  }

  it('gives an error answer, never a hang, and sessions work again once it is repaired', async () => {
    const { player } = scene;
    await withoutSessions(async () => {
      expectErrorAnswer('reading the session', await answered('me', () => player.get('/api/auth/me')));
      expectErrorAnswer(
        'ending the session at logout',
        await answered('logout', () => player.post('/api/auth/logout')),
      );
    });
    expect((await player.get('/api/auth/me')).body.user.username).toBe('player');
  });

  // express-session reports a failed save at the end of the answer through its `next` a second time; that once
  // fell out to Express's final handler, which destroys the socket once headers are sent.
  it('a login that cannot save its session answers 500 and keeps the connection open', async () => {
    await withoutSessions(async () => {
      const res = await requestOnOwnConnection(scene.server.url, 'POST', '/api/auth/login', {
        username: 'player',
        password: TEST_PASSWORD,
      });
      expect(res.status).toBe(500);
      expect(res.closedAfterAnswer).toBe(false);
    });
  });
});

/** One request on its own keep-alive connection, and whether the server closed it soon after answering. */
async function requestOnOwnConnection(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; closedAfterAnswer: boolean }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await new Promise((resolve, reject) => {
      const req = http.request(
        `${baseUrl}${path}`,
        { method, agent, headers: { 'content-type': 'application/json' }, timeout: ANSWER_WITHIN_MS },
        (res) => {
          let closed = false;
          res.socket.once('close', () => (closed = true));
          res.resume();
          res.on('end', () =>
            setTimeout(() => resolve({ status: res.statusCode ?? 0, closedAfterAnswer: closed }), 200),
          );
        },
      );
      req.on('timeout', () =>
        req.destroy(new Error(`${method} ${path}: no answer within ${ANSWER_WITHIN_MS} ms`)),
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  } finally {
    agent.destroy();
  }
}

// The same, as `npm start` runs: the server notices with no request (its timer), says so once at `fatal`, and a
// stop after it exits non-zero, so a supervisor (systemd, Docker, Kubernetes) sees the failure.
describe('SQLite: the database file removed under the real server process', () => {
  let dir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-lost-'));
  });
  afterAll(() => {
    server?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('logs it once at fatal on its own, answers 503 to health and writes, and exits 1 when stopped', async () => {
    const file = path.join(dir, 'dond.sqlite');
    server = await startServerProcess({
      DATABASE_URL: `sqlite:${file}`,
      MAIL_OUTBOX: path.join(dir, 'outbox'),
    });
    const client = new TestClient(server.url!);
    expect((await client.get('/api/health')).status).toBe(200);
    fs.rmSync(file);
    const fatal = () => server!.logLines().filter((line) => line.level === FATAL);
    expect(await eventually(() => fatal().length > 0, DATABASE_FILE_CHECK_MS + 1500)).toBe(true);
    expect(fatal()[0]!.msg).toContain(`The SQLite database file ${file} was removed`);
    expect(await client.get('/api/health')).toMatchObject({
      status: 503,
      body: { error: DATABASE_FILE_LOST },
    });
    const login = await client.post('/api/auth/login', { username: 'nobody', password: TEST_PASSWORD });
    expect(login).toMatchObject({ status: 503, body: { error: DATABASE_FILE_LOST } });
    expect(await server.stop()).toBe(1);
    expect(fatal()).toHaveLength(1);
    // A child's start from source takes seconds on a busy machine; the checks themselves about two.
  }, 30_000);
});
