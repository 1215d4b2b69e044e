// The bench's server process, forked by run.ts so that the load generator and the server do not share a
// heap: the export's memory is this process's alone. It answers run.ts's requests over the IPC channel, and
// keeps its databases in the folder run.ts names (run.ts removes it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import express from 'express';
import { createApp } from '../api/src/app.js';
import { createAppServer } from '../api/src/http/appServer.js';
import type { AudienceEngine } from '../api/src/modules/audience/audience.engine.js';
import { hashPassword } from '../api/src/auth/passwords.js';
import { createDb, type Db } from '../api/src/db/knex.js';
import { migrateLatest } from '../api/src/db/migrate.js';
import { createMailer } from '../api/src/mail/mailer.js';
import { usersRepo } from '../api/src/modules/users/users.repo.js';
import { DEFAULT_STAGE_STREAM_LIMITS, type StageStreamLimits } from '../api/src/routerContext.js';
import { memoryEvent } from './audienceEvents.js';
import { ME } from './meTarget.js';
import { createPlayers, playGamePool, seedGames } from './seed.js';

export const BENCH_PASSWORD = 'bench-password';
const NO_LIMIT = { windowMs: 60_000, limit: 1_000_000 };
// The bench opens hundreds of stages from one address (the stage part 200, the streams part 1,000).
const NO_STREAM_LIMIT: StageStreamLimits = { perKey: 1_000_000, perAddress: 1_000_000 };

const dir = process.argv[2]!;
const servers: http.Server[] = [];
const databases = new Map<string, Db>();
// Each app's audience engine (issue 20), by database name: the audience bench feeds one in-process.
const engines = new Map<string, AudienceEngine>();
let memory: { baseline: number; peak: number; timer: NodeJS.Timeout } | null = null;

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function openDb(name: string): Db {
  const db = createDb(`sqlite:${path.join(dir, `${name}.sqlite`)}`);
  databases.set(name, db);
  return db;
}

/** The real app over the database `name`, as `npm start` builds it (with the rate limits lifted for the bench). */
async function serveApp(name: string, db = openDb(name), stageStreams = NO_STREAM_LIMIT): Promise<number> {
  const { app, audience } = createApp({
    config: { appUrl: 'http://localhost:3000', trustProxy: undefined },
    db,
    mailer: createMailer({ from: 'bench@localhost', outbox: path.join(dir, 'outbox') }),
    sessionSecret: 'bench-session-secret-0123456789abcdef',
    // The bench is the script the per-account limits stop: it starts hundreds of games and sends 10,000+ events.
    rateLimits: {
      login: NO_LIMIT,
      register: NO_LIMIT,
      forgotPassword: NO_LIMIT,
      liveGameStarts: NO_LIMIT,
      audienceSimulate: NO_LIMIT,
    },
    log: (message, error) => console.error(message, error ?? ''),
    stageStreams,
  });
  engines.set(name, audience);
  // Each live-game request's time in the server, from its arrival to the last byte of its answer.
  const server = createAppServer(app);
  server.prependListener('request', (req, res) => {
    const started = process.hrtime.bigint();
    if (req.url?.startsWith('/api/live-games'))
      res.once('finish', () => serverTimes.push(Number(process.hrtime.bigint() - started) / 1e6));
  });
  return listen(server);
}

const serverTimes: number[] = [];
// What the server's tail is made of: garbage collections' pauses and how busy its event loop was.
const gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
let loopSince = performance.eventLoopUtilization();
// How late the loop ran a 1 ms timer: a stall (a collection, a checkpoint's sync) holds every request behind it.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

/** A new migrated database with its first accounts. */
async function newDb(name: string, prepare: (db: Db) => Promise<void>): Promise<Db> {
  const db = openDb(name);
  await migrateLatest(db);
  await prepare(db);
  return db;
}

async function createAccounts(db: Db, count: number, isAdmin: boolean, prefix: string): Promise<string[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const users = usersRepo(db);
  const names: string[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `${prefix}${String(i).padStart(4, '0')}`;
    await users.create({ username, email: null, passwordHash, status: 'approved', isAdmin, now: Date.now() });
    names.push(username);
  }
  return names;
}

const commands = {
  /** The app, a bare Express 5 route and a bare node:http server answering the same body as /api/auth/me. */
  async startAuthTargets() {
    const app = await serveApp(
      'auth',
      await newDb('auth', async (db) => {
        await createAccounts(db, 1, false, 'me');
      }),
    );
    const bare = express();
    bare.get('/api/auth/me', (_req, res) => {
      res.json(ME);
    });
    const express5 = await listen(http.createServer(bare));
    const node = await listen(
      http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(ME));
      }),
    );
    return { app, express: express5, node, username: ME.user.username, password: BENCH_PASSWORD };
  },

  /** The app with `players` players who can log in (they play live games). */
  async startPlayers(players: number, name = 'live') {
    let usernames: string[] = [];
    const db = await newDb(name, async (created) => {
      usernames = await createAccounts(created, players, false, 'player');
    });
    return {
      port: await serveApp(name, db),
      usernames,
      password: BENCH_PASSWORD,
    };
  },

  /** The server's time of each live-game request since the last call, in ms. */
  takeServerTimes() {
    return serverTimes.splice(0);
  },

  /** The event loop's busy share, its delays (ms) and the garbage collections' pauses (ms) since the last call. */
  takeLoopFigures() {
    const busy = performance.eventLoopUtilization(loopSince).utilization;
    loopSince = performance.eventLoopUtilization();
    const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    loopDelay.reset();
    return { busy, delay, gcPauses: gcPauses.splice(0) };
  },

  /** A database of `games` generated games and an admin; answers how long the generation took. */
  async seedBig(games: number) {
    const started = performance.now();
    await newDb('big', async (db) => {
      await createAccounts(db, 1, true, 'boss');
      const now = Date.now();
      await seedGames(db, games, await createPlayers(db, 5000, now), playGamePool(2000), now);
    });
    return { seedMs: performance.now() - started };
  },

  /** The app over the database seedBig made (in a fresh process, so the seeding's memory is not in the way). */
  async serveBig() {
    return { port: await serveApp('big'), username: 'boss0001', password: BENCH_PASSWORD };
  },

  /** Starts sampling this process's resident memory every 5 ms, from a collected heap. */
  startMemory() {
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    const sample = {
      baseline,
      peak: baseline,
      timer: setInterval(() => {
        sample.peak = Math.max(sample.peak, process.memoryUsage().rss);
      }, 5),
    };
    memory = sample;
    return { baseline };
  },

  stopMemory() {
    if (!memory) throw new Error('memory sampling was not started');
    clearInterval(memory.timer);
    const result = { baseline: memory.baseline, peak: Math.max(memory.peak, process.memoryUsage().rss) };
    memory = null;
    return result;
  },

  /** The app with two streamers (issue 20's audience: one for the votes' latency, one for the memory). */
  async startAudience() {
    let usernames: string[] = [];
    const db = await newDb('audience', async (created) => {
      usernames = await createAccounts(created, 2, false, 'streamer');
    });
    return { port: await serveApp('audience', db), usernames, password: BENCH_PASSWORD };
  },

  /** This process's V8 heap in use after a full collection, in bytes. */
  heapUsed() {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed;
  },

  /**
   * Feeds events `from` to `to` of memoryEvent's sequence to the audience app's engine in-process (as a source
   * inside the API does), yielding to the event loop every 500 so that its pushes and score flushes run; then
   * writes the pending scores and answers the heap after a full collection, and how many events were taken.
   */
  async feedAudience(username: string, from: number, to: number) {
    const engine = engines.get('audience')!;
    const user = await usersRepo(databases.get('audience')!).findByUsername(username);
    if (!user) throw new Error(`no streamer ${username}`);
    let taken = 0;
    for (let i = from; i < to; i++) {
      if (await engine.receive(user.id, memoryEvent(i))) taken += 1;
      if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
    await engine.flush();
    (globalThis as { gc?: () => void }).gc?.();
    return { heapUsed: process.memoryUsage().heapUsed, taken };
  },

  /**
   * The stage streams' part (bench/stageEvents.ts): one streamer, served twice over one database, by an app with
   * the caps lifted (`port`) and by one with the default caps (`capped`: 20 streams per key, 50 per address).
   */
  async startStageStreams() {
    let usernames: string[] = [];
    const db = await newDb('streams', async (created) => {
      usernames = await createAccounts(created, 1, false, 'streamer');
    });
    const port = await serveApp('streams', db);
    const capped = await serveApp('streamsCapped', db, DEFAULT_STAGE_STREAM_LIMITS);
    return { port, capped, username: usernames[0]!, password: BENCH_PASSWORD };
  },

  /**
   * `count` gifts of the largest size a source may send (a 500-character picture address) fed to app `name`'s
   * engine in-process, as a source does, yielding to the event loop every `batch`; answers the time it took.
   */
  async floodGifts(name: string, username: string, count: number, batch: number) {
    const engine = engines.get(name)!;
    const user = await usersRepo(databases.get('streams')!).findByUsername(username);
    if (!user) throw new Error(`no streamer ${username}`);
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await engine.receive(user.id, {
        type: 'gift',
        msgId: `flood-${name}-${i}-${started}`,
        viewerId: `flood${i}`,
        uniqueId: `flood_viewer_${i}`,
        nickname: `Flood viewer ${i}`,
        giftId: 5655,
        giftName: 'Rose',
        diamondCount: 1,
        repeatCount: 1,
        pictureUrl: `https://p16-webcast.tiktokcdn.com/img/rose.webp?x=${'r'.repeat(440)}&n=${i}`,
      });
      if (i % batch === batch - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    return { ms: performance.now() - started };
  },

  /** This process's resident memory and V8 heap in use after a full collection, in bytes. */
  collectedMemory() {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed };
  },

  async stop() {
    for (const engine of engines.values()) await engine.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    for (const db of databases.values()) await db.destroy();
    return null;
  },
};
export type BenchCommands = typeof commands;

/** The server process as a benchmark part calls it (run.ts forks it and sends each command). */
export interface BenchServer {
  call<K extends keyof BenchCommands>(
    command: K,
    ...args: Parameters<BenchCommands[K]>
  ): Promise<Awaited<ReturnType<BenchCommands[K]>>>;
}

process.on('message', (message: { id: number; command: keyof BenchCommands; args: unknown[] }) => {
  const run = commands[message.command] as (...args: unknown[]) => unknown;
  Promise.resolve()
    .then(() => run(...message.args))
    .then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) => process.send!({ id: message.id, error: String((error as Error)?.stack ?? error) }),
    );
});
process.send!({ ready: true });
