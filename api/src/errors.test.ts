// Bad input and a full database never answer 5xx, and no answer shows a stack or one of Express's own pages:
// malformed percent-encodings in paths (issue 16 item 1), a full database (item 3), and the pages' own error
// page in every NODE_ENV (item 4). Through real HTTP, raw, since fetch refuses malformed URLs.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isMysql } from './db/knex.js';
import { DATABASE_UNAVAILABLE, isDatabaseFull } from './http/errors.js';
import { rawRequest, sessionCookie, type RawResponse } from './testing/rawHttp.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from './testing/testServer.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ORIGIN = 'http://localhost:3000';

/** No stack frame, no path of the server, none of Express's own pages. */
function expectNothingInternal(res: RawResponse, what: string) {
  expect(res.text, what).not.toMatch(/\n\s*at |at [\w.<>]+ \(|&nbsp;at /);
  expect(res.text, what).not.toContain(ROOT);
  expect(res.text, what).not.toContain('node_modules');
  expect(res.text, what).not.toMatch(/Cannot (GET|POST|PATCH|DELETE|HEAD)|<pre>/);
}

function expectJsonError(res: RawResponse, status: number, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  expect(typeof JSON.parse(res.text).error, what).toBe('string');
  expectNothingInternal(res, what);
}

function expectErrorPage(res: RawResponse, status: number, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^text\/html/);
  expect(res.text, what).toMatch(new RegExp(`<title>${status} [^<]+ · Deals or No Deals</title>`));
  expectNothingInternal(res, what);
}

function tempDir(files: Record<string, string | { symlink: string }>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-pages-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    if (typeof content === 'string') fs.writeFileSync(path.join(dir, name), content);
    else fs.symlinkSync(content.symlink, path.join(dir, name));
  }
  return dir;
}

async function login(server: TestServer, username: string): Promise<string> {
  const res = await rawRequest(server.url, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  expect(res.status, res.text).toBe(200);
  return sessionCookie(res)!;
}

describe('a malformed percent-encoding in a path', () => {
  let server: TestServer;
  let dir: string;
  let adminCookie: string;
  const logged: string[] = [];
  beforeAll(async () => {
    dir = tempDir({ 'client/index.html': '<title>game</title>', 'admin/index.html': '<title>admin</title>' });
    server = await startTestServer({
      clientDir: path.join(dir, 'client'),
      adminDir: path.join(dir, 'admin'),
      log: (message) => logged.push(message),
    });
    await server.createUser({ username: 'boss', isAdmin: true });
    adminCookie = await login(server, 'boss');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const API: Array<[method: string, path: string]> = [
    ['GET', '/api/auth/verify-reset-token/%'],
    ['GET', '/api/auth/verify-reset-token/%E0%A4%A'],
    ['GET', '/api/admin/users/%E0%A4%A'],
    ['GET', '/api/admin/users/%'],
    ['PATCH', '/api/admin/users/%/status'],
    ['PATCH', '/api/admin/users/%C0%AF/extend'],
    ['DELETE', '/api/admin/users/%ZZ'],
  ];
  it.each(API)('%s %s answers a JSON 400, logged as nothing unexpected', async (method, url) => {
    const res = await rawRequest(server.url, {
      method,
      path: url,
      headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: method === 'PATCH' ? '{"status":"approved","days":1}' : undefined,
    });
    expectJsonError(res, 400, `${method} ${url}`);
    expect(JSON.parse(res.text)).toEqual({
      error: 'The address is not valid: it has a malformed percent-encoding',
    });
    expect(logged).not.toContain('unexpected error');
  });

  const PAGES: Array<[method: string, path: string]> = [
    ['GET', '/%'],
    ['GET', '/%E0%A4%A'],
    ['GET', '/games/%zz'],
    ['GET', '/assets/%.js'],
    ['GET', '/admin/%'],
    ['GET', '/admin/users/%C0'],
    ['HEAD', '/%'],
  ];
  it.each(PAGES)('%s %s answers our 400 page', async (method, url) => {
    const res = await rawRequest(server.url, { method, path: url });
    if (method === 'HEAD') expect(res.status).toBe(400);
    else expectErrorPage(res, 400, `${method} ${url}`);
    expect(logged).not.toContain('unexpected error');
  });

  it('on methods the pages do not serve, answers our page with a 4xx', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT']) {
      for (const url of ['/%', '/admin/%E0%A4%A']) {
        const res = await rawRequest(server.url, { method, path: url, headers: { origin: ORIGIN } });
        expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expectErrorPage(res, res.status, `${method} ${url}`);
      }
    }
    expect(logged).not.toContain('unexpected error');
  });
});

// Express picks its environment from NODE_ENV when the app is made: unset means development, where its own
// final handler would answer an HTML page with the stack and the server's absolute paths.
describe.each([undefined, 'development', 'production'])('the pages with NODE_ENV=%s', (nodeEnv) => {
  let server: TestServer;
  let dir: string;
  const before = process.env.NODE_ENV;
  beforeAll(async () => {
    // A file that cannot be read (a symlink to itself: ELOOP) is a real server-side error on a page route.
    dir = tempDir({
      'client/index.html': '<title>game</title>',
      'client/assets/loop.js': { symlink: 'loop.js' },
      'admin/index.html': { symlink: 'index.html' },
    });
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    server = await startTestServer({
      clientDir: path.join(dir, 'client'),
      adminDir: path.join(dir, 'admin'),
    });
    process.env.NODE_ENV = before;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers our own page for every error, with its status, and the game otherwise', async () => {
    const cases: Array<[url: string, status: number]> = [
      ['/assets/loop.js', 500],
      ['/admin/users', 500],
      ['/admin/', 500],
      ['/%', 400],
      ['/admin/%ZZ', 400],
      ['/assets/missing.js', 404],
      ['/favicon.ico', 404],
    ];
    for (const [url, status] of cases) {
      expectErrorPage(await rawRequest(server.url, { method: 'GET', path: url }), status, url);
    }
    const game = await rawRequest(server.url, { method: 'GET', path: '/some/page' });
    expect(game.status).toBe(200);
    expect(game.text).toBe('<title>game</title>');
    // The API keeps its JSON.
    expectJsonError(await rawRequest(server.url, { method: 'GET', path: '/api/%' }), 404, '/api/%');
  });
});

describe("requests Node's parser refuses", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Sends bytes as they are and answers what came back before the server closed the connection. */
  function rawBytes(text: string): Promise<string> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      let answer = '';
      const socket = net.connect(Number(port), hostname, () => socket.end(text));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answer the JSON error with the status Node gives, and no body to HEAD', async () => {
    const badLength = await rawBytes(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    );
    expect(badLength).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect(badLength).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(badLength.split('\r\n\r\n')[1]).toBe('{"error":"The request is malformed"}');
    expect(await rawBytes('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')).toContain(
      '{"error":"The request is malformed"}',
    );

    const long = `/api/auth/verify-reset-token/${'a'.repeat(20_000)}`;
    const tooLarge = await rawRequest(server.url, { method: 'GET', path: long });
    expectJsonError(tooLarge, 431, 'headers over 16 KB');
    expect(JSON.parse(tooLarge.text)).toEqual({ error: 'The request headers are too large' });
    const head = await rawRequest(server.url, { method: 'HEAD', path: long });
    expect(head.status).toBe(431);
    expect(head.text).toBe('');
    // The server goes on answering.
    expect((await rawRequest(server.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
  });
});

describe('isDatabaseFull', () => {
  const error = (message: string, fields: Record<string, unknown>) =>
    Object.assign(new Error(message), fields);
  it.each([
    ['SQLite', error('database or disk is full', { code: 'SQLITE_FULL' })],
    [
      'MariaDB table full',
      error("The table 'sessions' is full", { code: 'ER_RECORD_FILE_FULL', errno: 1114 }),
    ],
    [
      'MariaDB disk full',
      error('Disk full (/tmp/x); waiting for someone to free some space...', { errno: 1021 }),
    ],
    ['MariaDB out of memory', error('Out of memory.', { code: 'ER_OUT_OF_RESOURCES', errno: 1041 })],
    [
      'storage engine errno 28',
      error('Got error 28 "No space left on device" from storage engine InnoDB', { errno: 1030 }),
    ],
    ['the OS', error('ENOSPC: no space left on device, write', { code: 'ENOSPC', errno: -28 })],
  ])('%s', (_name, value) => {
    expect(isDatabaseFull(value)).toBe(true);
  });
  it('not a duplicate key or a bug', () => {
    expect(isDatabaseFull(error('Duplicate entry', { code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(false);
    expect(isDatabaseFull(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('a full database', () => {
  let server: TestServer;
  const logged: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ log: (message) => logged.push(message) });
    await server.createUser({ username: 'player' });
  });
  afterAll(() => server.close());
  afterEach(() => {
    logged.length = 0;
  });

  /** Makes the sessions table (MariaDB) or the whole file (SQLite) full, for real; answers how to undo it. */
  async function fill(): Promise<() => Promise<void>> {
    const db = server.db;
    if (!isMysql(db)) {
      const [{ page_count: pages }] = (await db.raw('PRAGMA page_count')) as [{ page_count: number }];
      await db.raw(`PRAGMA max_page_count = ${pages}`);
      return async () => void (await db.raw('PRAGMA max_page_count = 1073741823'));
    }
    // A MyISAM table sized for 1,000 bytes gets the smallest row pointer (64 KB of data); filler sessions
    // take the room up to the last bytes, so the next login's session row is refused with 1114.
    await db.raw('ALTER TABLE sessions ENGINE=MyISAM MAX_ROWS=10 AVG_ROW_LENGTH=100');
    for (const size of [1000, 100, 10]) {
      for (let i = 0; ; i++) {
        try {
          await db('sessions').insert({ sid: `filler-${size}-${i}`, sess: 'x'.repeat(size), expires_at: 0 });
        } catch (error) {
          expect((error as { errno?: number }).errno).toBe(1114);
          break;
        }
        if (i > 10_000) throw new Error('the sessions table never got full');
      }
    }
    return async () => {
      await db('sessions').where('sid', 'like', 'filler-%').delete();
      await db.raw('ALTER TABLE sessions ENGINE=InnoDB MAX_ROWS=0 AVG_ROW_LENGTH=0');
    };
  }

  it('answers 503 with Retry-After like a dead database, keeps serving reads, and loses nothing', async () => {
    const before = await login(server, 'player');
    const undo = await fill();
    let full: RawResponse | undefined;
    // SQLite fills the page it has before it needs a new one: a few logins may still fit.
    for (let i = 0; i < 300 && !full; i++) {
      const res = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ username: 'player', password: TEST_PASSWORD }),
      });
      if (res.status !== 200) full = res;
    }
    expect(full, 'no login ever met the full database').toBeDefined();
    expectJsonError(full!, 503, 'login on a full database');
    expect(JSON.parse(full!.text)).toEqual({ error: DATABASE_UNAVAILABLE });
    expect(full!.headers['retry-after']).toBe('2');
    expect(logged).toContain('database full');
    expect(logged).not.toContain('unexpected error');

    // Reads still work while it is full.
    expect((await rawRequest(server.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
    const me = await rawRequest(server.url, {
      method: 'GET',
      path: '/api/auth/me',
      headers: { cookie: before },
    });
    expect(me.status).toBe(200);

    await undo();
    const after = await login(server, 'player');
    expect(after).not.toBe(before);
    const check = isMysql(server.db)
      ? (
          (await server.db.raw('CHECK TABLE sessions, users'))[0] as Array<{
            Msg_type: string;
            Msg_text: string;
          }>
        )
          .filter((r) => r.Msg_type === 'status')
          .map((r) => r.Msg_text)
      : ((await server.db.raw('PRAGMA integrity_check')) as Array<{ integrity_check: string }>).map(
          (r) => r.integrity_check,
        );
    expect(
      check.every((text) => text === 'OK' || text === 'ok'),
      check.join(),
    ).toBe(true);
    expect(await server.db('users').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  }, 60_000);
});
