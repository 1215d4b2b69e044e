// The logs an operator reads: a request id on every line of a request and in X-Request-Id, the status and the
// time taken, and no password, hash, token, cookie or session id in any line, over real requests.
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { hashPassword } from './auth/passwords.js';
import { createDb, type Db } from './db/knex.js';
import { migrateLatest } from './db/migrate.js';
import { createLogger, requestId, scrubErrorText, serializeError } from './log.js';
import { createMailer } from './mail/mailer.js';
import { usersRepo } from './modules/users/users.repo.js';
import { freshDatabase, TestClient, type TestDatabase } from './testing/testServer.js';
import { listenApp } from './http/appServer.js';

interface Line {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { message?: string };
}

const PASSWORD = 'Correct-Horse-Battery-9';
const NEW_PASSWORD = 'Another-Secret-Phrase-7';
const REGISTER_PASSWORD = 'Register-Secret-Phrase-3';
const DOOMED_PASSWORD = 'Doomed-Secret-Phrase-5';
const EMAIL = 'player.one@example.com';
const BEARER = 'Bearer bearer-secret-0123456789abcdefXYZ';

let database: TestDatabase;
let db: Db;
let server: Server;
let url = '';
let outbox = '';
const raw: string[] = [];
const lines = () => raw.map((text) => JSON.parse(text) as Line);

/** The database's way to make the next insert of user `doomed` fail, with its values in the driver's error. */
async function refuseDoomedInserts(target: Db) {
  if (target.client.config.client === 'better-sqlite3') {
    await target.raw(
      "CREATE TRIGGER refuse_doomed BEFORE INSERT ON users WHEN NEW.username = 'doomed' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
  } else {
    await target.raw(
      "CREATE TRIGGER refuse_doomed BEFORE INSERT ON users FOR EACH ROW BEGIN IF NEW.username = 'doomed' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'; END IF; END",
    );
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  db = createDb(database.url);
  await migrateLatest(db);
  await refuseDoomedInserts(db);
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-log-outbox-'));
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-log-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>game</title>');
  const logger = createLogger({
    level: 'debug',
    env: 'test',
    destination: { write: (text: string) => raw.push(text) },
  });
  const { app } = createApp({
    config: { appUrl: 'http://localhost:3000', trustProxy: undefined },
    db,
    // The outbox mailer: the one that logs the reset link (through the same logger).
    mailer: createMailer({ from: 'test@localhost', outbox }),
    sessionSecret: 'test-session-secret-0123456789abcdef',
    logger,
    clientDir,
    adminDir: clientDir,
  });
  server = await listenApp(app, 0, '127.0.0.1');
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.destroy();
  await database.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** The token of the newest reset mail in the outbox, once it is there. */
async function tokenFromOutbox(): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mails = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    if (mails.length) {
      const text = fs.readFileSync(path.join(outbox, mails.sort().at(-1)!), 'utf8').replace(/=\r?\n/g, '');
      const token = /token=3D([\w-]+)|token=([\w-]+)/.exec(text);
      if (token) return (token[1] ?? token[2])!;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no reset mail in the outbox');
}

describe('the logs of real requests', () => {
  const secrets: Record<string, string> = {};
  const ids = new Map<string, { status: number; header: string | null }>();

  /** A request with its own X-Request-Id, remembered with its answer's status and header. */
  async function traced(
    client: TestClient,
    id: string,
    method: string,
    path: string,
    body?: unknown,
    headers = {},
  ) {
    const res = await client.request(method, path, body, { 'x-request-id': id, ...headers });
    ids.set(id, { status: res.status, header: res.headers.get('x-request-id') });
    return res;
  }

  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD);
    await usersRepo(db).create({
      username: 'player_one',
      email: EMAIL,
      passwordHash,
      status: 'approved',
      isAdmin: false,
      now: Date.now(),
    });
    secrets.password = PASSWORD;
    secrets.hash = passwordHash;

    const player = new TestClient(url);
    expect(
      (
        await traced(player, 'login-1', 'POST', '/api/auth/login', {
          username: 'player_one',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const cookie = player.cookie!;
    const signed = decodeURIComponent(cookie.slice('dond.sid='.length));
    secrets.cookie = cookie.slice('dond.sid='.length);
    secrets.sessionId = signed.slice(2, signed.lastIndexOf('.'));
    secrets.signature = signed.slice(signed.lastIndexOf('.') + 1);
    expect(secrets.sessionId.length).toBeGreaterThanOrEqual(20);
    // With the cookie, and an Authorization header nobody should ever see in a log.
    await traced(player, 'me-1', 'GET', '/api/auth/me', undefined, { authorization: BEARER });
    await traced(player, 'validate-1', 'GET', '/api/auth/validate');

    // A stage key is a secret like a stream key (decision 0033): its page, its reads and its stream, a mistyped
    // key and one in capitals (Express routes either).
    const key = ((await traced(player, 'stage-info', 'GET', '/api/stage')).body as { key: string }).key;
    secrets.stageKey = key;
    const visitor = new TestClient(url);
    await traced(visitor, 'stage-page', 'GET', `/stage/${key}?layout=portrait`);
    await traced(visitor, 'stage-game', 'GET', `/api/stage/${key}/game`);
    await traced(visitor, 'stage-board', 'GET', `/api/stage/${key}/leaderboard`);
    await traced(visitor, 'stage-mistyped', 'GET', `/stage/${key.slice(0, -1)}`);
    await traced(visitor, 'stage-capitals', 'GET', `/API/STAGE/${key}/game`);
    secrets.stageKeyMistyped = key.slice(0, -1);
    const events = new AbortController();
    const stream = await fetch(`${url}/api/stage/${key}/events`, {
      headers: { 'x-request-id': 'stage-events' },
      signal: events.signal,
    });
    expect(stream.status).toBe(200);
    await stream.body!.getReader().read();
    events.abort();
    // The stream's line is written as the server sees it closed.
    for (let i = 0; i < 100 && !lines().some((l) => l.reqId === 'stage-events' && l.res); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const stranger = new TestClient(url);
    await traced(stranger, 'login-wrong', 'POST', '/api/auth/login', {
      username: 'player_one',
      password: `${PASSWORD}x`,
    });
    secrets.wrongPassword = `${PASSWORD}x`;
    await traced(stranger, 'register-1', 'POST', '/api/auth/register', {
      username: 'newcomer',
      password: REGISTER_PASSWORD,
      email: 'new@example.com',
    });
    secrets.registerPassword = REGISTER_PASSWORD;
    secrets.registeredHash = (await usersRepo(db).findByUsername('newcomer'))!.passwordHash;
    // A failing query with a password hash and an email among its values.
    await traced(stranger, 'register-doomed', 'POST', '/api/auth/register', {
      username: 'doomed',
      password: DOOMED_PASSWORD,
      email: 'doomed@example.com',
    });
    secrets.doomedPassword = DOOMED_PASSWORD;

    await traced(stranger, 'forgot-1', 'POST', '/api/auth/forgot-password', { email: EMAIL });
    const token = await tokenFromOutbox();
    secrets.token = token;
    await traced(stranger, 'verify-1', 'GET', `/api/auth/verify-reset-token/${token}`);
    await traced(stranger, 'page-reset', 'GET', `/reset-password?token=${token}`);
    await traced(stranger, 'reset-1', 'POST', '/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    secrets.newPassword = NEW_PASSWORD;
    secrets.newHash = (await usersRepo(db).findByUsername('player_one'))!.passwordHash;
    await traced(stranger, 'verify-spent', 'GET', `/api/auth/verify-reset-token/${token}`);
    await traced(stranger, 'health-1', 'GET', '/api/health');
    await traced(stranger, 'static-1', 'GET', '/missing.js');
    // Whatever the sessions table keeps as the session's key (the id, or its hash).
    for (const row of await db('sessions').select('sid'))
      secrets[`stored sid ${String(row.sid)}`] = String(row.sid);
    // Lines still on their way (the reset mail's) are in by now: the token came from the mail written after it.
  }, 60_000);

  it('exercised what it meant to', () => {
    expect(ids.get('stage-page')!.status).toBe(200);
    expect(ids.get('stage-game')!.status).toBe(200);
    expect(ids.get('stage-capitals')!.status).toBe(200);
    expect(ids.get('stage-mistyped')!.status).toBe(404);
    expect(lines().find((l) => l.reqId === 'stage-events' && l.res)).toMatchObject({
      level: 30,
      msg: 'GET /api/stage/[Redacted]/events 200',
      req: { url: '/api/stage/[Redacted]/events' },
    });
    expect(ids.get('login-1')!.status).toBe(200);
    expect(ids.get('login-wrong')!.status).toBe(401);
    expect(ids.get('register-1')!.status).toBe(201);
    expect(ids.get('register-doomed')!.status).toBeGreaterThanOrEqual(500);
    expect(ids.get('verify-1')!.status).toBe(200);
    expect(ids.get('reset-1')!.status).toBe(200);
    expect(ids.get('verify-spent')!.status).toBe(400);
  });

  it('has no password, hash, token, cookie or session id in any line', () => {
    const all = raw.join('');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(all.includes(secret), `${name} is in the log`).toBe(false);
    }
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain(BEARER.slice('Bearer '.length));
    expect(all).not.toContain('doomed@example.com');
  });

  it('logs the failed query as an error of its request, without its values', () => {
    const errors = lines().filter((l) => l.reqId === 'register-doomed' && l.level === 50);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(errors);
    expect(text).not.toContain('"sql"');
    expect(text).not.toContain('"bindings"');
  });

  it('puts a request id on every line and the same id in the answer header', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(ids.size);
    for (const line of all) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    for (const [id, { header }] of ids) {
      expect(header).toBe(id);
      expect(all.some((l) => l.reqId === id)).toBe(true);
    }
    // The reset link logged while serving forgot-password carries that request's id, its token blanked.
    const link = all.find((l) => l.msg?.startsWith('Password reset link'));
    expect(link).toMatchObject({ reqId: 'forgot-1', level: 30 });
    expect(link!.msg).toContain('token=[Redacted]');
  });

  it('ends every request with one line: method, path, status and the time taken', () => {
    for (const [id, { status }] of ids) {
      const done = lines().filter((l) => l.reqId === id && l.res);
      expect(done, id).toHaveLength(1);
      expect(done[0]).toMatchObject({ res: { statusCode: status }, responseTime: expect.any(Number) });
    }
    const verify = lines().find((l) => l.reqId === 'verify-1' && l.res)!;
    expect(verify.req).toMatchObject({ method: 'GET', url: '/api/auth/verify-reset-token/[Redacted]' });
    expect(lines().find((l) => l.reqId === 'login-1' && l.res)).toMatchObject({
      level: 30,
      msg: 'POST /api/auth/login 200',
    });
  });

  it('logs health checks and static files at debug, failures at error', () => {
    const done = (id: string) => lines().find((l) => l.reqId === id && l.res)!;
    expect(done('health-1').level).toBe(20);
    expect(done('static-1').level).toBe(20);
    expect(done('page-reset')).toMatchObject({ level: 20, req: { url: '/reset-password?token=[Redacted]' } });
    expect(done('register-doomed').level).toBe(50);
  });

  it('makes its own id for a missing or malformed X-Request-Id, never echoing the input', async () => {
    const client = new TestClient(url);
    const plain = await client.get('/api/health');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['a b', 'x'.repeat(129), '<script>', 'id;drop']) {
      const res = await client.get('/api/health', { 'x-request-id': bad });
      expect(res.headers.get('x-request-id')).not.toBe(bad);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestId('proxy-1.abc_DEF')).toBe('proxy-1.abc_DEF');
  });
});

describe('the error serializer', () => {
  it('drops the query and its values from a driver error, and blanks secrets in its message', async () => {
    const hash = await hashPassword('Serializer-Secret-1');
    // A driver error as Knex made it before createDb scrubbed them at the source (api/src/db/knex.ts): the
    // serializer is the second line of defence for any error that reaches a log another way.
    const sql = 'insert into `users` (`email`, `password_hash`, `username`) values (?, ?, ?)';
    const caught = Object.assign(
      new Error(
        `insert into \`users\` (\`email\`, \`password_hash\`, \`username\`) values ('serializer@example.com', '${hash}', 'doomed') - SQLITE_CONSTRAINT_TRIGGER: refused by the test`,
      ),
      { code: 'SQLITE_CONSTRAINT_TRIGGER', sql, bindings: ['serializer@example.com', hash, 'doomed'] },
    );
    expect(caught.message).toContain(hash);
    const text = JSON.stringify(serializeError(caught));
    expect(text).not.toContain(hash);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('serializer@example.com');
    expect(text).not.toMatch(/"(sql|bindings|parameters)"/);
    expect(text).toContain('refused by the test');
  });

  it('blanks hashes, cookies, tokens and random ids inside any error text', () => {
    const sid = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const text = scrubErrorText(
      `failed for dond.sid=s%3A${sid}.sig; hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA and ` +
        `/api/auth/verify-reset-token/tok123 ?token=tok456 and ${sid} and ${'ab12'.repeat(16)}`,
    );
    for (const secret of [sid, '$argon2', 'tok123', 'tok456', 'ab12ab12ab12'])
      expect(text).not.toContain(secret);
    expect(text).toContain('failed for dond.sid=[Redacted]');
    // The driver's own message, after knex's query, may quote a value too (a duplicate key).
    const duplicate = serializeError(
      Object.assign(
        new Error(
          `insert into \`sessions\` values ('${sid}', 1) - Duplicate entry '${sid}' for key 'PRIMARY'`,
        ),
        {
          code: 'ER_DUP_ENTRY',
          sqlMessage: `Duplicate entry '${sid}' for key 'PRIMARY'`,
          sql: `insert into sessions values ('${sid}', 1)`,
        },
      ),
    );
    expect(JSON.stringify(duplicate)).not.toContain(sid);
    expect(duplicate).toMatchObject({
      code: 'ER_DUP_ENTRY',
      message: expect.stringContaining("for key 'PRIMARY'"),
    });
  });
});

describe('createLogger', () => {
  const capture = (env: string, level: 'info' | 'silent' = 'info') => {
    const out: string[] = [];
    return { out, logger: createLogger({ level, env, destination: { write: (t: string) => out.push(t) } }) };
  };

  it('keeps the token of a reset link in a message only in development (the laptop flow, DECISIONS.md Mail)', () => {
    const link = 'Password reset link for someone: http://localhost:3000/reset-password?token=Tok_en-123';
    for (const env of ['production', 'test']) {
      const { out, logger } = capture(env);
      logger.info(link);
      expect(out.join('')).toContain('token=[Redacted]');
    }
    const dev = capture('development');
    dev.logger.info(link);
    expect(dev.out.join('')).toContain('token=Tok_en-123');
    // A hash is blanked in every environment.
    dev.logger.info('hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA');
    expect(dev.out.join('')).not.toContain('$argon2');
  });

  it('writes nothing at silent', () => {
    const { out, logger } = capture('production', 'silent');
    logger.fatal('stop');
    logger.error({ err: new Error('x') }, 'failed');
    expect(out).toEqual([]);
  });
});
