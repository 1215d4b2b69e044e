// The fuzz test of issue 16: at least 10,000 requests over every route the app serves, as a visitor, a player
// and an admin, with malformed paths, query strings, bodies, content types and methods, through raw node:http
// (fetch refuses malformed URLs) against the real server on a real database (SQLite; MariaDB in
// `npm run test:mariadb`). No answer may be a 5xx, every API error is JSON with an `error` string, no answer
// shows a stack or a path of the server, and the server still answers afterwards.
// Replay a failure with FUZZ_SEED=<the printed seed>; FUZZ_RUNS sets the number of requests; FUZZ_KEEP_GOING=1
// lists every failing request rather than the first.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from './app.js';
import { DEFAULT_TUNING_DOCUMENT, type SavedGamePayload } from '@dond/shared';
import { playLiveGame } from './testing/games.js';
import { rawRequest, sessionCookie, type RawRequest, type RawResponse } from './testing/rawHttp.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from './testing/testServer.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ORIGIN = 'http://localhost:3000';
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** FUZZ_KEEP_GOING=1: list every failing request at the end rather than stop at the first. */
const KEEP_GOING = Boolean(process.env.FUZZ_KEEP_GOING);
const LIMIT_BYTES = Number.parseInt(BODY_LIMIT, 10) * 1024;

/** A game the player finished through the API (set before the run): what a save and a recovery send. */
let finished: SavedGamePayload;

/**
 * Every route of the app, with a path that reaches it (`:name` is filled by the fuzzer) and the body it takes
 * when used well; the test fails when the app serves a route missing here.
 */
const ROUTES: Array<{ method: string; path: string; body?: () => Record<string, unknown> }> = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/auth/me' },
  {
    method: 'POST',
    path: '/api/auth/login',
    body: () => ({ username: 'player', password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: () => ({ username: 'newcomer', password: 'secret123', email: 'new@example.com' }),
  },
  { method: 'POST', path: '/api/auth/logout', body: () => ({}) },
  { method: 'POST', path: '/api/auth/forgot-password', body: () => ({ email: 'player@example.com' }) },
  { method: 'GET', path: '/api/auth/verify-reset-token/:token' },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    body: () => ({ token: 'a'.repeat(64), password: 'secret456', confirmPassword: 'secret456' }),
  },
  { method: 'GET', path: '/api/session/validate' },
  { method: 'GET', path: '/api/gifts/custom' },
  {
    method: 'POST',
    path: '/api/gifts/custom',
    body: () => ({ name: 'Mine', giftIds: Array.from({ length: 26 }, (_, i) => i + 1) }),
  },
  { method: 'POST', path: '/api/games', body: () => ({ ...finished }) },
  { method: 'GET', path: '/api/games/my-games' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'GET', path: '/api/admin/users/pending' },
  { method: 'GET', path: '/api/admin/users/:userId' },
  { method: 'PATCH', path: '/api/admin/users/:userId/status', body: () => ({ status: 'approved' }) },
  { method: 'PATCH', path: '/api/admin/users/:userId/email', body: () => ({ email: 'x@example.com' }) },
  { method: 'PATCH', path: '/api/admin/users/:userId/extend', body: () => ({ days: 30 }) },
  { method: 'PATCH', path: '/api/admin/users/:userId/reduce', body: () => ({ days: 7 }) },
  { method: 'PATCH', path: '/api/admin/users/:userId/disable', body: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/admin/users/:userId/subscriber',
    body: () => ({ isMonthlySubscriber: true }),
  },
  { method: 'DELETE', path: '/api/admin/users/:userId' },
  { method: 'GET', path: '/api/admin/games' },
  { method: 'GET', path: '/api/admin/games/stats' },
  { method: 'GET', path: '/api/admin/games/daily' },
  { method: 'DELETE', path: '/api/admin/games' },
  { method: 'GET', path: '/api/admin/games/export' },
  {
    method: 'POST',
    path: '/api/admin/games/recover',
    body: () => ({
      ...finished,
      userId: 1,
      username: 'player',
      backupKey: `game_backup_${finished.clientGameId}`,
    }),
  },
  { method: 'POST', path: '/api/live-games', body: () => ({ clientSeed: 'fuzz' }) },
  { method: 'GET', path: '/api/live-games/current' },
  { method: 'POST', path: '/api/live-games/:id/actions', body: () => ({ seq: 0, type: 'pick', case: 1 }) },
  { method: 'POST', path: '/api/live-games/:id/continue' },
  { method: 'GET', path: '/api/live-games/:id/verify' },
  { method: 'GET', path: '/api/stage' },
  { method: 'POST', path: '/api/stage/key', body: () => ({}) },
  { method: 'GET', path: '/api/stage/:key/game' },
  { method: 'GET', path: '/api/stage/:key/leaderboard' },
  // A valid key's stream never ends: the fuzzed keys are never valid, so this is the refusal's path.
  { method: 'GET', path: '/api/stage/:key/events' },
  { method: 'GET', path: '/api/audience/settings' },
  { method: 'PUT', path: '/api/audience/settings', body: () => ({ mode: 'vote', windowSeconds: 30 }) },
  {
    method: 'POST',
    path: '/api/audience/simulate',
    body: () => ({
      type: 'chat',
      msgId: 'm1',
      viewerId: 'v1',
      uniqueId: 'v1',
      nickname: 'V',
      comment: 'deal',
    }),
  },
  { method: 'GET', path: '/api/audience/leaderboard' },
  { method: 'GET', path: '/api/audience/blocklist' },
  { method: 'PUT', path: '/api/audience/blocklist', body: () => ({ words: ['rude'] }) },
  { method: 'GET', path: '/api/audience/gift-rules' },
  {
    method: 'PUT',
    path: '/api/audience/gift-rules',
    body: () => ({ rules: [{ giftName: 'Rose', effect: 'deal' }] }),
  },
  { method: 'GET', path: '/api/audience/sources' },
  {
    method: 'PUT',
    path: '/api/audience/sources',
    body: () => ({
      tikfinity: { enabled: false, url: 'ws://localhost:21213' },
      tiktok: { enabled: false, username: '@dondstudio' },
    }),
  },
  { method: 'GET', path: '/api/tuning' },
  { method: 'PUT', path: '/api/admin/tuning', body: () => structuredClone(DEFAULT_TUNING_DOCUMENT) },
  { method: 'GET', path: '/api/admin/tuning/history' },
  { method: 'POST', path: '/api/admin/tuning/rollback', body: () => ({ id: 1 }) },
  { method: 'GET', path: '/api/openapi.json' },
  // The pages: the game, its client-side routes and files, the admin console.
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/customize-gifts/:token' },
  { method: 'GET', path: '/stage/:key' },
  { method: 'GET', path: '/assets/app.js' },
  { method: 'GET', path: '/admin/' },
  { method: 'GET', path: '/admin/users/:userId' },
  { method: 'GET', path: '/admin/assets/admin.js' },
];

// --- The app's own routes, read from its router stack, to prove ROUTES holds them all. ---

interface Layer {
  route?: { methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string;
  /** router 2: the part of the path it matched, or false. */
  match(path: string): false | { path: string };
}

/** Every route of the router: the layers that lead to it (mounts, then the route) and its methods. */
function appRoutes(stack: Layer[], chain: Layer[] = []): Array<{ chain: Layer[]; methods: string[] }> {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
      return [{ chain: [...chain, layer], methods: methods.map((m) => m.toUpperCase()) }];
    }
    return Array.isArray(layer.handle.stack) ? appRoutes(layer.handle.stack, [...chain, layer]) : [];
  });
}

/** Whether `url` goes down this chain of layers as the router would take it. */
function reaches(chain: Layer[], url: string): boolean {
  let rest = url;
  for (const layer of chain) {
    const match = layer.match(rest);
    if (!match) return false;
    if (layer.route) return true;
    rest = rest.slice(match.path.length) || '/';
  }
  return false;
}

// --- What the fuzzer sends. ---

type Who = 'visitor' | 'player' | 'admin' | 'forged';

const utf8Escape = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** node:http sends bytes 0x21 to 0xff only: anything else is percent-encoded as UTF-8 first. */
const sendable = (text: string) => text.replace(/[^\u0021-\u00ff]/gu, utf8Escape);

const NASTY_SEGMENTS = [
  '%',
  '%%',
  '%E0%A4%A',
  '%zz',
  '%0',
  '%00',
  'a%00b',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '%5C',
  '\\',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x10',
  '9'.repeat(40),
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%F0%9F%98%80',
  '😀',
  'İİİ',
  'é',
  'ÿ\u00ad',
  ';',
  '*',
  "'",
  '"',
  '<script>',
  '{}',
  '[]',
  '%20',
  '+',
];

const segment = (ids: () => string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
    { weight: 3, arbitrary: fc.nat().map((i) => ids()[i % ids().length]!) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: fc.constantFrom(..."abcAF09%.-_~!$&'()*+,;=:@/"), maxLength: 30 }),
    },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 1_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 20_000).map((n) => 'a'.repeat(n)) },
  );

const QUERY_KEYS = [
  'range',
  'sort',
  'filter',
  'days',
  'q',
  'page',
  'perPage',
  '_start',
  '_end',
  'status',
  'id',
  'token',
  'filter[q]',
  'range[]',
  '__proto__',
  'constructor',
  'a[b][c][d]',
];
const QUERY_VALUES = [
  '[0,24]',
  '[0,9999999]',
  '[-1,5]',
  '[5,1]',
  '[0.5,2]',
  '["id","ASC"]',
  '["password_hash","DESC"]',
  '["username","SIDEWAYS"]',
  '{"q":"pla"}',
  '{"id":[1,2,3]}',
  '{"id":"x"}',
  '{"gameOutcome":"won"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"q":{"$gt":""}}',
  '30',
  '0',
  '366',
  '1e309',
  '',
  '%',
  '%E0%A4%A',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
];
const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
          fc.oneof(
            fc.constantFrom(...QUERY_VALUES),
            fc.jsonValue({ maxDepth: 3 }).map((v) => encodeURIComponent(JSON.stringify(v) ?? 'null')),
            fc.string({ unit: 'grapheme', maxLength: 20 }),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?', '??', '?&&&', '?=', '?a', `?${'a=1&'.repeat(2000)}`, '?%', '#x'),
  },
);

const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'İ'.repeat(20),
  'ß'.repeat(20),
  '😀'.repeat(30),
  '👩‍👩‍👧‍👦'.repeat(10),
  'a'.repeat(21),
  'a'.repeat(300),
  `${'a'.repeat(250)}@example.com`,
  'a@b',
  'secret123',
  'player',
  'admin',
  [],
  {},
  [[[[[]]]]],
  { $gt: '' },
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'approved',
  'disabled',
  '<img src=x onerror=alert(1)>',
  Array.from({ length: 26 }, (_, i) => 26 - i),
  Array.from({ length: 1000 }, () => 1),
];
/** Strings at and around the limits of the schemas and the columns, in characters of 1 to 4 bytes. */
const edgeString = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('a', 'é', 'İ', 'ß', '😀', 'A '),
      fc.constantFrom(2, 3, 5, 6, 19, 20, 21, 50, 51, 64, 65, 254, 255, 256),
    )
    .map(([unit, length]) => unit.repeat(length)),
  fc.constantFrom(242, 250, 254, 255, 256, 300).map((length) => `${'a'.repeat(length - 12)}@example.com`),
);
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 3, arbitrary: edgeString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 50 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** A body: the route's own, bent in a few fields; any JSON; broken, deep, huge or odd JSON text. */
const body = (route: (typeof ROUTES)[number]) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(
              {
                weight: 4,
                arbitrary: fc.constantFrom(...Object.keys(route.body?.() ?? {}), 'username'),
              },
              { weight: 1, arbitrary: fc.constantFrom('extra', 'isAdmin', 'id', 'userId') },
            ),
            value,
            fc.oneof(
              { weight: 5, arbitrary: fc.constant(false) },
              { weight: 1, arbitrary: fc.constant(true) },
            ),
          ),
          { maxLength: 3 },
        )
        .map((changes) => {
          const result: Record<string, unknown> = route.body?.() ?? {};
          for (const [key, v, remove] of changes) {
            if (remove) delete result[key];
            else result[key] = v;
          }
          return JSON.stringify(result);
        }),
    },
    {
      // The route's own body with one field at the edge of its limits (lengths, multi-byte characters).
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...Object.keys(route.body?.() ?? {}), 'username'), edgeString)
        .map(([key, edge]) => JSON.stringify({ ...route.body?.(), [key]: edge })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"username": ',
        'null',
        '"text"',
        '[]',
        '1e309',
        '-0',
        '9'.repeat(400),
        '{"a":1,"a":2}',
        '{"__proto__":{"isAdmin":true},"username":"player","password":"secret123"}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '\ufeff{"username":"player"}',
        '{"username":"\\ud800\\udc00\\ud800"}',
        '\u0000',
        'username=player&password=secret123',
        '['.repeat(5000) + ']'.repeat(5000),
        '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
        JSON.stringify({ name: '😀'.repeat(5000), giftIds: [1] }),
        JSON.stringify({ username: 'x'.repeat(LIMIT_BYTES - 40) }),
        JSON.stringify({ username: 'x'.repeat(LIMIT_BYTES + 10) }),
        JSON.stringify({ username: 'x'.repeat(LIMIT_BYTES * 3) }),
      ),
    },
  );

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/merge-patch+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '*/*',
  'json',
  '',
  undefined,
];

interface FuzzRequest {
  who: Who;
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
}

function request(ids: () => string[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      // Routes that take a body come up more often: most of the input is there.
      route: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ROUTES.filter((r) => r.body)) },
        { weight: 2, arbitrary: fc.constantFrom(...ROUTES.filter((r) => !r.body)) },
      ),
      who: fc.constantFrom<Who>('visitor', 'player', 'player', 'admin', 'admin', 'admin', 'forged'),
      params: fc.array(segment(ids), { minLength: 2, maxLength: 2 }),
      // Most requests are well formed but for one thing, so that the fuzzing reaches the code behind the checks.
      pathChange: fc.oneof(
        { weight: 20, arbitrary: fc.constant('none') },
        {
          weight: 12,
          arbitrary: fc.constantFrom(
            'trailing slash',
            'extra segment',
            'double slash',
            'dot segment',
            'dot dot',
            'upper case',
            'percent',
            'unicode',
            'random',
          ),
        },
      ),
      extra: segment(ids),
      query,
      methodChange: fc.oneof(
        { weight: 16, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS') },
        { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'SEARCH', 'PURGE', 'get') },
      ),
      withBody: fc.boolean(),
      contentType: fc.oneof(
        { weight: 3, arbitrary: fc.constant('application/json') },
        { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      encoding: fc.oneof(
        { weight: 12, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown') },
      ),
      origin: fc.oneof(
        { weight: 8, arbitrary: fc.constant(ORIGIN) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'https://evil.example',
            'null',
            'http://localhost:3000.evil.example',
            '%',
          ),
        },
      ),
      crossSite: fc.oneof(
        { weight: 19, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    })
    .chain((r) =>
      body(r.route).map((text): FuzzRequest => {
        let path = r.route.path;
        for (const param of r.params) path = path.replace(/:\w+/, param);
        switch (r.pathChange) {
          case 'trailing slash':
            path += '/';
            break;
          case 'extra segment':
            path += `/${r.extra}`;
            break;
          case 'double slash':
            path = path.replace('/', '//');
            break;
          case 'dot segment':
            path = `/.${path}`;
            break;
          case 'dot dot':
            path = `${path}/../${r.extra}`;
            break;
          case 'upper case':
            path = path.toUpperCase();
            break;
          case 'percent':
            path = `${path.slice(0, path.length >> 1)}%${path.slice(path.length >> 1)}`;
            break;
          case 'unicode':
            path = `${path}/${utf8Escape('É😀İ')}`;
            break;
          case 'random':
            path = `/${r.params.join('/')}`;
            break;
        }
        const method = r.methodChange ?? r.route.method;
        const headers: Record<string, string> = {};
        if (r.origin !== undefined) headers.origin = r.origin;
        if (r.crossSite) headers['sec-fetch-site'] = 'cross-site';
        if (r.encoding) headers['content-encoding'] = r.encoding;
        const sendBody = r.withBody || (r.route.body !== undefined && r.methodChange === undefined);
        if (sendBody && r.contentType !== undefined) headers['content-type'] = r.contentType;
        return {
          who: r.who,
          method,
          path: sendable(`${path}${r.query}`),
          body: sendBody && method !== 'GET' && method !== 'HEAD' ? text : undefined,
          headers,
        };
      }),
    );
}

// --- The run. ---

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-fuzz-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('fuzzed requests over every route', () => {
  let server: TestServer;
  let dir: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const unexpected: string[] = [];
  const cookies: Record<Who, string | undefined> = {
    visitor: undefined,
    player: undefined,
    admin: undefined,
    forged: 'dond.sid=s%3Aforged.signature%',
  };
  const ids = { player: 0, admin: 0, others: [] as number[], liveGames: [] as string[] };
  let sent = 0;

  const send = async (req: RawRequest): Promise<RawResponse> => {
    sent++;
    try {
      return await rawRequest(server.url, req, agent);
    } catch {
      // A socket the server closed after its last answer, reused: once more on a fresh connection.
      try {
        return await rawRequest(server.url, { ...req, headers: { ...req.headers, connection: 'close' } });
      } catch (error) {
        throw new Error(
          `${req.method} ${req.path.slice(0, 200)} ${JSON.stringify(req.headers)} ${String(req.body).slice(0, 200)}: ${String(error)}`,
          { cause: error },
        );
      }
    }
  };

  async function signIn(who: 'player' | 'admin'): Promise<void> {
    const res = await send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ username: who, password: TEST_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${who}: ${res.status} ${res.text}`);
    cookies[who] = sessionCookie(res);
  }

  /** Puts the player and the admin back as they were (approved, signed in) after a request that may not have. */
  async function restore(): Promise<void> {
    for (const who of ['player', 'admin'] as const) {
      const me = await send({ method: 'GET', path: '/api/auth/me', headers: { cookie: cookies[who] ?? '' } });
      if (
        me.status === 200 &&
        (JSON.parse(me.text) as { user: { username: string } }).user.username === who
      ) {
        continue;
      }
      const row = await server.db('users').where({ username_key: who }).first();
      if (row) {
        await server.db('users').where({ id: row.id }).update({ status: 'approved', expiry_date: null });
      } else {
        ids[who] = (await server.createUser({ username: who, isAdmin: who === 'admin' })).id;
      }
      await signIn(who);
    }
  }

  beforeAll(async () => {
    dir = tempDir({
      'client/index.html': '<title>game</title>',
      'client/assets/app.js': 'console.log(1)',
      'admin/index.html': '<title>admin</title>',
      'admin/assets/admin.js': 'console.log(2)',
    });
    server = await startTestServer({
      clientDir: path.join(dir, 'client'),
      adminDir: path.join(dir, 'admin'),
      log: (message, error) => {
        if (message === 'unexpected error') unexpected.push(String((error as Error)?.stack ?? error));
      },
    });
    ids.player = (await server.createUser({ username: 'player', email: 'player@example.com' })).id;
    ids.admin = (await server.createUser({ username: 'admin', isAdmin: true })).id;
    for (const name of ['victim1', 'victim2', 'victim3']) {
      ids.others.push((await server.createUser({ username: name, status: 'pending' })).id);
    }
    await signIn('player');
    await signIn('admin');
    const player = server.client();
    await player.login('player');
    const game = await playLiveGame(player, { seed: 7, dealInRound: 3 });
    finished = game.payload;
    ids.liveGames.push(game.id, (await player.post('/api/live-games', {})).body.id);
  }, 60_000);
  afterAll(async () => {
    agent.destroy();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has every route of the app in its table', () => {
    const routes = appRoutes((server.app as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.flatMap(({ chain, methods }) =>
      methods
        .filter(
          (method) =>
            !ROUTES.some((r) => r.method === method && reaches(chain, r.path.replace(/:\w+/g, '1'))),
        )
        .map((method) => `${method} ${chain.map((l) => l.rawPath ?? '').join('')}`),
    );
    expect(missing, 'routes of the app that ROUTES lacks').toEqual([]);
  });

  it(`answers ${RUNS} fuzzed requests with no 5xx, JSON errors under /api and no stack`, async () => {
    console.log(`fuzz: seed ${SEED}, ${RUNS} runs (replay with FUZZ_SEED=${SEED})`);
    const started = Date.now();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const idList = () => [
      String(ids.player),
      String(ids.admin),
      ...ids.others.map(String),
      '999999',
      ...ids.liveGames,
    ];
    await fc.assert(
      fc.asyncProperty(request(idList), async (req) => {
        const cookie = cookies[req.who];
        const res = await send({
          method: req.method,
          path: req.path,
          headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
          body: req.body,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const what = `${req.method} ${req.path.slice(0, 200)} as ${req.who}: ${res.status} ${res.text.slice(0, 300)}`;
        const pathname = req.path.split('?')[0]!;
        try {
          expect(res.status, what).toBeLessThan(500);
          if (/^\/api(\/|$)/i.test(pathname) && res.status >= 400 && req.method !== 'HEAD') {
            expect(res.headers['content-type'], what).toMatch(/^application\/json/);
            expect(typeof (JSON.parse(res.text) as { error?: unknown }).error, what).toBe('string');
          }
          expect(res.text, what).not.toMatch(/\n\s*at |\bat [\w.<>]+ \(|&nbsp;at /);
          expect(res.text, what).not.toContain(ROOT);
          expect(res.text, what).not.toContain('node_modules');
        } catch (error) {
          if (!KEEP_GOING) throw error;
          failures.push(`${String(error)} (body ${String(req.body).slice(0, 300)})`);
        }
        // Requests that can sign out, block or delete the fuzzer's own accounts: put them back.
        if (req.method !== 'GET' && res.status < 400 && /\/(auth|admin\/users)\//i.test(pathname)) {
          await restore();
        }
      }),
      {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
        // The failing request is in the assertion's message, cut short; fast-check's own report prints it whole.
        reporter: (run) => {
          if (run.failed) {
            throw new Error(
              `fuzz failed (FUZZ_SEED=${SEED}, run ${run.numRuns}): ${String(run.errorInstance)}`,
            );
          }
        },
      },
    );
    const seconds = (Date.now() - started) / 1000;
    expect(failures, 'failed requests (FUZZ_KEEP_GOING)').toEqual([]);
    console.log(
      `fuzz: ${RUNS} fuzzed requests (${sent} in all) in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(unexpected, 'errors logged as unexpected').toEqual([]);
    const health = await rawRequest(server.url, { method: 'GET', path: '/api/health' });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ ok: true });
  }, 300_000);
});
