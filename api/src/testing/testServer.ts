// Test harness: a real server on a random port over a fresh, migrated database (SQLite by default,
// MySQL/MariaDB when TEST_MYSQL_URL is set), and an HTTP client that keeps its cookie like a browser.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Express } from 'express';
import os from 'node:os';
import path from 'node:path';
import type { Clock, UserStatus } from '@dond/shared';
import { createApp, type AppDeps } from '../app.js';
import type { RateLimits } from '../routerContext.js';
import { hashPassword } from '../auth/passwords.js';
import { createDb, type Db } from '../db/knex.js';
import { migrateLatest } from '../db/migrate.js';
import { listenApp } from '../http/appServer.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { LiveGameEvents } from '../modules/stage/liveGameEvents.js';
import { usersRepo, type User } from '../modules/users/users.repo.js';

const GENEROUS: RateLimits = {
  login: { windowMs: 60_000, limit: 10_000 },
  loginAccount: { windowMs: 60_000, limit: 10_000 },
  register: { windowMs: 60_000, limit: 10_000 },
  forgotPassword: { windowMs: 60_000, limit: 10_000 },
  liveGameStarts: { windowMs: 60_000, limit: 10_000 },
  audienceSimulate: { windowMs: 60_000, limit: 100_000 },
};

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new empty database: a temp SQLite file, or a fresh MySQL database named dond_test_<random> on the
 * server of `mysqlUrl` (TEST_MYSQL_URL by default; null for SQLite).
 */
export async function freshDatabase(
  mysqlUrl: string | null = process.env.TEST_MYSQL_URL ?? null,
): Promise<TestDatabase> {
  if (!mysqlUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-test-'));
    return {
      url: `sqlite:${path.join(dir, 'test.sqlite')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `dond_test_${randomBytes(6).toString('hex')}`;
  const admin = createDb(mysqlUrl);
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = createDb(mysqlUrl);
      await again.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.destroy();
    },
  };
}

export interface TestServerOptions {
  now?: () => number;
  /** The audience's windows' time and timers (createManualClock: a test moves them), and the app's now. */
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  mailer?: Mailer;
  appUrl?: string;
  trustProxy?: boolean | number | string;
  clientDir?: string;
  adminDir?: string;
  log?: AppDeps['log'];
  /** SQLite even when TEST_MYSQL_URL is set. */
  sqlite?: boolean;
  /** Builds the app's Knex for the fresh database's URL (faults.test.ts puts a proxy it can cut in between). */
  connect?: (databaseUrl: string) => Db | Promise<Db>;
  /** What the streamers' event sources are made with (an offline TikTok library, a short back-off). */
  audienceSources?: AppDeps['audienceSources'];
  /** The caps on open stage streams (20 per key and 50 per address unless lifted). */
  stageStreams?: AppDeps['stageStreams'];
}

export interface TestServer {
  url: string;
  /** The Express app, for tests that read its routes (fuzz.test.ts). */
  app: ReturnType<typeof createApp>['app'];
  db: Db;
  outbox: string;
  sessions: ReturnType<typeof createApp>['sessions'];
  /** The app's one live games service. */
  liveGames: ReturnType<typeof createApp>['liveGames'];
  /** The app's audience engine (what the audience's sources feed). */
  audience: ReturnType<typeof createApp>['audience'];
  /** The app's event sources. */
  sources: ReturnType<typeof createApp>['sources'];
  /** Where the app publishes live games' changes (a test can push what a stage hears). */
  liveEvents: LiveGameEvents;
  client(): TestClient;
  createUser(input: Partial<CreateUserInput> & { username: string }): Promise<User>;
  /** A new user (named `prefix` and a number) signed in on a client of their own. */
  signedIn(prefix: string): Promise<{ client: TestClient; id: number }>;
  close(): Promise<void>;
}

export interface CreateUserInput {
  username: string;
  password: string;
  email: string | null;
  status: UserStatus;
  isAdmin: boolean;
  expiryDate: number | null;
}

export const TEST_PASSWORD = 'secret123';

/** A user straight in the database: approved, a player, with TEST_PASSWORD, unless `input` says otherwise. */
export async function createTestUser(
  db: Db,
  input: Partial<CreateUserInput> & { username: string },
): Promise<User> {
  const users = usersRepo(db);
  const created = await users.create({
    username: input.username,
    email: input.email ?? null,
    passwordHash: await hashPassword(input.password ?? TEST_PASSWORD),
    status: input.status ?? 'approved',
    isAdmin: input.isAdmin ?? false,
    now: Date.now(),
  });
  if (!created) throw new Error(`user ${input.username} exists`);
  if (input.expiryDate !== undefined) await users.update(created.id, { expiry_date: input.expiryDate });
  return (await users.findById(created.id)) as User;
}
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/**
 * An app as the tests build it, on `db`: a second API instance on a test server's database, say. `options`
 * replace any of its dependencies. Answers all createApp makes (its audience, to close).
 */
export function testAppParts(
  db: Db,
  outbox: string,
  options: Partial<AppDeps> = {},
): ReturnType<typeof createApp> {
  return createApp({
    config: { appUrl: 'http://localhost:3000', trustProxy: undefined },
    db,
    mailer: createMailer({ from: 'test@localhost', outbox }),
    sessionSecret: TEST_SESSION_SECRET,
    log: () => undefined,
    ...options,
  });
}

/** testAppParts's Express app. */
export function testApp(db: Db, outbox: string, options: Partial<AppDeps> = {}): Express {
  return testAppParts(db, outbox, options).app;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await freshDatabase(options.sqlite ? null : undefined);
  const db = await (options.connect ?? createDb)(database.url);
  await migrateLatest(db);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-outbox-'));
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const liveEvents = new LiveGameEvents();
  const { app, sessions, liveGames, audience, sources } = createApp({
    config: { appUrl, trustProxy: options.trustProxy },
    db,
    mailer: options.mailer ?? createMailer({ from: 'test@localhost', outbox }),
    sessionSecret: TEST_SESSION_SECRET,
    now: options.now,
    clock: options.clock,
    rateLimits: { ...GENEROUS, ...options.rateLimits },
    log: options.log ?? (() => undefined),
    clientDir: options.clientDir,
    adminDir: options.adminDir,
    audienceSources: options.audienceSources,
    liveEvents,
    stageStreams: options.stageStreams,
  });
  const server = await listenApp(app, 0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let signedInUsers = 0;
  return {
    url,
    app,
    db,
    outbox,
    sessions,
    liveGames,
    audience,
    sources,
    liveEvents,
    client: () => new TestClient(url),
    createUser: (input) => createTestUser(db, input),
    async signedIn(prefix) {
      const username = `${prefix}${++signedInUsers}`;
      const user = await createTestUser(db, { username });
      const client = new TestClient(url);
      await client.login(username);
      return { client, id: user.id };
    },
    async close() {
      await sources.close();
      await audience.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      await database.drop();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar of one cookie: the session. */
export class TestClient {
  cookie: string | undefined;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const res = await fetch(`${this.baseUrl}${url}`, init);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('dond.sid='));
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = /dond\.sid=;|Expires=Thu, 01 Jan 1970/i.test(setCookie) ? undefined : value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  get = <T = any>(url: string, headers?: Record<string, string>) =>
    this.request<T>('GET', url, undefined, headers);
  post = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', url, body ?? {}, headers);
  put = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', url, body ?? {}, headers);
  patch = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('PATCH', url, body ?? {}, headers);
  delete = <T = any>(url: string, headers?: Record<string, string>) =>
    this.request<T>('DELETE', url, undefined, headers);

  async login(username: string, password = TEST_PASSWORD): Promise<TestResponse> {
    const res = await this.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res;
  }
}
