// Where GET /api/auth/me spends its time, layer by layer, as the benchmark pays it (not in a loop: under load
// the caches are cold and everything costs several times more). Each step adds one layer to a bare Express 5
// app; autocannon loads each from another process, and the server's CPU time (process.cpuUsage) divided by the
// requests answered is the figure, median of ROUNDS rounds (3) of SECONDS seconds (3) each.
//   node --conditions=@dond/source --import tsx bench/layersMe.ts
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import { createApp } from '../api/src/app.js';
import { createPassport, sessionUser } from '../api/src/auth/passport.js';
import { KnexSessionStore, sessionKey } from '../api/src/auth/sessionStore.js';
import { crossSiteRefusal } from '../api/src/http/origin.js';
import { apiSecurityHeaders, headersStep } from '../api/src/http/securityHeaders.js';
import { createMailer } from '../api/src/mail/mailer.js';
import { currentUserRoute } from '../api/src/modules/auth/auth.router.js';
import { dbWithPlayer, ME, ME_LOGIN } from './meTarget.js';

// The load generator: a child of this script, so that it does not share the server's event loop.
if (process.argv[2] === '--load') {
  const [url, cookie, seconds] = process.argv.slice(3) as [string, string, string];
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, headers: { cookie }, connections: 10, duration }, (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
  await run(1);
  process.send!({ started: true });
  const result = await run(Number(seconds));
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  process.send!({ total: result.requests.total, rps: result.requests.average });
  process.exit(0);
}

const SECONDS = Number(process.env.SECONDS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECRET = 'bench-session-secret-0123456789abcdef';

const { dir, db } = await dbWithPlayer('dond-layers-');
const servers: http.Server[] = [];
async function listen(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
const { app } = createApp({
  config: { appUrl: 'http://localhost:3000', trustProxy: undefined },
  db,
  mailer: createMailer({ from: 'bench@localhost', outbox: path.join(dir, 'outbox') }),
  sessionSecret: SECRET,
  log: (message, error) => console.error(message, error ?? ''),
});
const appPort = await listen(app);
const login = await fetch(`http://127.0.0.1:${appPort}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ME_LOGIN),
});
const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
const storedSession = (
  (await db('sessions')
    .where({ sid: sessionKey(sid) })
    .first()) as { sess: string }
).sess;

/** express-session's cost alone: the stored session, at once, from memory. */
class FixedStore extends session.Store {
  override get(_sid: string, callback: (error: unknown, sess?: session.SessionData | null) => void) {
    callback(null, JSON.parse(storedSession) as session.SessionData);
  }
  override set(_sid: string, _sess: session.SessionData, callback?: () => void) {
    callback?.();
  }
  override destroy(_sid: string, callback?: () => void) {
    callback?.();
  }
}
const sessionOn = (store: session.Store) =>
  session({
    name: 'dond.sid',
    secret: SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: false, maxAge: 30 * 24 * 3600 * 1000, path: '/' },
  });
const helmetHeaders = headersStep(apiSecurityHeaders());
const refusal = crossSiteRefusal('http://localhost:3000');
const userStep = sessionUser(createPassport(db, Date.now));
const fixedAnswer: RequestHandler = (_req, res) => {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(ME));
};
/** app.ts's API step, with the session and the user step as given. */
function apiStep(sessionStep: RequestHandler | null, withUser: boolean): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const refused = refusal(req);
    if (refused) return next(refused);
    if (!sessionStep) return next();
    sessionStep(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (withUser) userStep(req, res, next);
      else next();
    });
  };
}
function step(...handlers: RequestHandler[]) {
  const a = express();
  a.disable('x-powered-by');
  a.set('etag', false);
  if (handlers.length > 1) a.use(helmetHeaders);
  a.get('/api/auth/me', ...handlers);
  return a;
}
const benchBare = express();
benchBare.get('/api/auth/me', (_req, res) => {
  res.json(ME);
});
const steps: Array<[string, number]> = [
  ['bare Express 5 route of bench/ (res.json, ETag)', await listen(benchBare)],
  ['bare Express 5, no ETag, answer by res.end', await listen(step(fixedAnswer))],
  ['+ helmet headers', await listen(step((_q, _s, next) => next(), fixedAnswer))],
  ['+ no-store, origin check', await listen(step(apiStep(null, false), fixedAnswer))],
  [
    '+ express-session, in-memory store',
    await listen(step(apiStep(sessionOn(new FixedStore()), false), fixedAnswer)),
  ],
  [
    '+ session read on SQLite',
    await listen(step(apiStep(sessionOn(new KnexSessionStore(db)), false), fixedAnswer)),
  ],
  [
    '+ Passport user, /me answer',
    await listen(step(apiStep(sessionOn(new KnexSessionStore(db)), true), currentUserRoute)),
  ],
  ['createApp', appPort],
];

// ONLY=0,7 measures just those steps (by index), for a quick comparison.
const only = process.env.ONLY?.split(',').map(Number);
if (only) steps.splice(0, steps.length, ...steps.filter((_, i) => only.includes(i)));
const cpu = new Map<string, number[]>();
const loadBefore = os.loadavg()[0]!;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, port] of steps) {
    const child = fork(
      new URL(import.meta.url),
      ['--load', `http://127.0.0.1:${port}/api/auth/me`, cookie, String(SECONDS)],
      {
        execArgv: ['--conditions=@dond/source', '--import', 'tsx'],
      },
    );
    let start = process.cpuUsage();
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) =>
        code ? reject(new Error(`${name}: load generator exited with ${code}`)) : undefined,
      );
      child.on('message', (message: { started?: true; total?: number }) => {
        if (message.started) {
          start = process.cpuUsage();
          return;
        }
        const used = process.cpuUsage(start);
        cpu.set(name, [...(cpu.get(name) ?? []), (used.user + used.system) / message.total!]);
        resolve();
      });
    });
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `server CPU per request (µs), median of ${ROUNDS} rounds of ${SECONDS} s; each round in brackets\n`,
);
let previous: number | undefined;
for (const [index, [name]] of steps.entries()) {
  const figure = median(cpu.get(name)!);
  const delta =
    index >= 2 && previous !== undefined
      ? `${figure - previous >= 0 ? '+' : ''}${(figure - previous).toFixed(0)}`
      : '';
  console.log(
    `${name.padEnd(50)} ${figure.toFixed(0).padStart(5)} ${delta.padStart(5)}   [${cpu
      .get(name)!
      .map((v) => v.toFixed(0))
      .join(' ')}]`,
  );
  previous = figure;
}
console.log(
  `\nload average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (${os.cpus().length} cores)`,
);
for (const server of servers) {
  server.closeAllConnections();
  server.close();
}
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
