// npm run bench: the API's figures against its targets, all measured in one run on this machine.
//   1. GET /api/auth/me with a session, against a bare Express 5 route and bare node:http (autocannon, same
//      connections and duration): at least 60% of bare Express.
//   2. Live games on SQLite (issue 17; a game is recorded by its last action, so this replaced the saves of
//      POST /api/games): BENCH_PLAYERS players each playing whole games through POST /api/live-games and its
//      actions, one after another at a steady pace (BENCH_LIVE_RATE, 2,100 a second in all): the rate kept and
//      p99 < 20 ms; a whole game start to record < 60 ms of server time.
//   4. (printed after 2) The streamer studio's pushes: BENCH_STAGES (4) stages per game watching BENCH_PLAYERS
//      games (200 stages) while the players act at BENCH_STAGE_RATE (500) a second: every push received, p99 of
//      the delay from the action sent to the stage < 250 ms.
//   3. Statistics and the CSV export over 1,000,000 generated games on SQLite: stats < 150 ms, export memory
//      growth < 50 MB (the server's resident memory, sampled in its own process).
// BENCH_GAMES (1000000), BENCH_SECONDS (10 a load run; /me runs BENCH_ME_ROUNDS (5) rounds of a third of it),
// BENCH_CONNECTIONS (10) and BENCH_PLAYERS (50) make a quicker run, e.g. BENCH_GAMES=100000 BENCH_SECONDS=3
// npm run bench; BENCH_ONLY=me, live, stage, streams, audience or stats runs one part.
//   5. (printed after 4) The audience (issue 20, bench/audience.ts): 1,000 chat votes a second through the
//      simulator reach the stage's vote counts with p99 < 100 ms and no vote lost; the engine's heap flat over
//      100,000 events.
//   6. (printed after 5) Stage streams under hostile load (bench/stageEvents.ts): paused stages through a gift
//      flood (the server's memory, the streams closed), 2,000 streams asked on one key (how many let in), and the
//      health check's latency while 1,000 open stages take a gift flood.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { LiveGamePublic } from '@dond/shared';
import { playLiveGame, type LiveGameClient } from '../api/src/testing/games.js';
import { audienceBench } from './audience.js';
import { benchPlayPlan } from './seed.js';
import type { BenchCommands } from './server.js';
import { openStageEvents, stageStreamsBench } from './stageEvents.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const ONLY = process.env.BENCH_ONLY;
const ME_ROUNDS = Number(process.env.BENCH_ME_ROUNDS ?? 5);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const MB = 1024 * 1024;

type Figure = { measure: string; figure: string; target?: string; met?: boolean };
const figures: Figure[] = [];
const note = (line: string) => console.log(`  ${line}`);

/** The server process: the real app (and the bare servers) over SQLite, driven over IPC. */
class ServerProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private next = 1;
  readonly ready: Promise<void>;

  constructor(dir: string) {
    this.child = fork(new URL('./server.ts', import.meta.url), [dir], {
      // The workspaces' TypeScript sources, as the tests run them; gc() gives the memory sampling a clean start.
      // BENCH_SERVER_PROF=<folder>: a CPU profile of the server process, written there as it exits.
      execArgv: [
        '--conditions=@dond/source',
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_SERVER_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
          : []),
        // BENCH_SERVER_FLAGS: more of node's flags for the server process (--trace-gc, --max-semi-space-size=...).
        ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('exit', (code) => {
        const exited = new Error(`the server process exited with ${code}`);
        for (const waiting of this.pending.values()) waiting.reject(exited);
        reject(exited);
      });
      this.child.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
        if (message.ready) return resolve();
        const waiting = this.pending.get(message.id!);
        this.pending.delete(message.id!);
        if (message.error) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.result);
      });
    });
  }

  static async start(dir: string): Promise<ServerProcess> {
    const server = new ServerProcess(dir);
    await server.ready;
    return server;
  }

  call<K extends keyof BenchCommands>(
    command: K,
    ...args: Parameters<BenchCommands[K]>
  ): Promise<Awaited<ReturnType<BenchCommands[K]>>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, command, args });
    });
  }

  async stop() {
    await this.call('stop');
    this.child.disconnect();
  }
}

async function login(port: number, username: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Time of one request, body read, in milliseconds; fails on anything but 200. */
async function timed(url: string, cookie: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body: unknown = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;

async function authMe(server: ServerProcess) {
  // Rounds in turn (node, Express, the app; again...) rather than one long run each, so that other work on
  // the machine weighs on all three alike; the ratio is the median of each round's own ratio.
  const seconds = Math.max(1, Math.round(SECONDS / 3));
  console.log(
    `\n1. GET /api/auth/me with a session vs bare Express 5 and bare node:http (${CONNECTIONS} connections, ${ME_ROUNDS} rounds of ${seconds} s each, in turn)`,
  );
  const targets = await server.call('startAuthTargets');
  const cookie = await login(targets.app, targets.username, targets.password);
  const runs: Array<[name: string, port: number, headers: Record<string, string>]> = [
    ['bare node:http', targets.node, {}],
    ['bare Express 5', targets.express, {}],
    ['/api/auth/me (session)', targets.app, { cookie }],
  ];
  const url = (port: number) => `http://127.0.0.1:${port}/api/auth/me`;
  for (const [, port, headers] of runs) await load({ url: url(port), headers, duration: WARM_UP_SECONDS });
  const results = new Map<string, autocannon.Result[]>();
  for (let round = 0; round < ME_ROUNDS; round++) {
    for (const [name, port, headers] of runs) {
      const result = await load({ url: url(port), headers, duration: seconds });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.set(name, [...(results.get(name) ?? []), result]);
      note(
        `round ${round + 1}: ${name.padEnd(24)} ${perSecond(result.requests.average).padStart(9)}   p99 ${ms(result.latency.p99)}`,
      );
    }
  }
  const summary = (name: string) => {
    const rounds = results.get(name)!;
    return {
      rps: median(rounds.map((r) => r.requests.average)),
      p99: median(rounds.map((r) => r.latency.p99)),
    };
  };
  const app = summary('/api/auth/me (session)');
  const bare = summary('bare Express 5');
  const node = summary('bare node:http');
  const ratios = results
    .get('/api/auth/me (session)')!
    .map((r, i) => r.requests.average / results.get('bare Express 5')![i]!.requests.average);
  const ratio = median(ratios);
  note(`ratio per round: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}`);
  figures.push(
    { measure: 'bare node:http', figure: `${perSecond(node.rps)}, p99 ${ms(node.p99)}` },
    { measure: 'bare Express 5 route', figure: `${perSecond(bare.rps)}, p99 ${ms(bare.p99)}` },
    { measure: 'GET /api/auth/me with a session', figure: `${perSecond(app.rps)}, p99 ${ms(app.p99)}` },
    {
      measure: '/api/auth/me vs bare Express (median of rounds)',
      figure: `${(ratio * 100).toFixed(0)}%`,
      target: '>= 60%',
      met: ratio >= 0.6,
    },
  );
}

/** One request of a live game, timed; fails on anything but the status expected. */
// node:http with kept-alive connections rather than fetch: the load generator shares the server's two cores,
// and fetch's streams and abort signals cost it about as much CPU as the server spends on the request.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

function liveCall(
  url: string,
  cookie: string,
  body: unknown,
  status: number,
): Promise<{ took: number; answer: LiveGamePublic }> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const took = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== status) return reject(new Error(`${url}: ${res.statusCode} ${text}`));
          resolve({ took, answer: JSON.parse(text) as LiveGamePublic });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type LiveCall = (url: string, body: unknown, status: number) => ReturnType<typeof liveCall>;

/** A whole live game, start to record, one request at a time (each through `call`, by default at once). */
async function playLive(port: number, cookie: string, n: number, paced?: LiveCall): Promise<void> {
  const call: LiveCall = paced ?? ((url, body, status) => liveCall(url, cookie, body, status));
  // The tests' one player over HTTP; `call` fails on any other status than a start's 201 or an action's 200.
  const client: LiveGameClient = {
    async post(url, body) {
      const status = url === '/api/live-games' ? 201 : 200;
      const { answer } = await call(`http://127.0.0.1:${port}${url}`, body, status);
      return { status, body: answer, text: '' };
    },
  };
  await playLiveGame(client, { ...benchPlayPlan(n), seed: n, clientSeed: `bench-${n}` });
}

// Paced a little above the target, so that keeping up shows as at least 2,000 a second.
const LIVE_RATE = Number(process.env.BENCH_LIVE_RATE ?? 2100);

async function liveGames(server: ServerProcess) {
  console.log(
    `\n2. Live games on SQLite: ${PLAYERS} games at once, actions sent at ${LIVE_RATE.toLocaleString('en')}/s in all, ${SECONDS} s`,
  );
  const { port, usernames, password } = await server.call('startPlayers', PLAYERS);
  const cookies = await Promise.all(usernames.map((username) => login(port, username, password)));
  // A whole game on a quiet server, start to record: the sum of its requests' times in the server.
  await server.call('takeServerTimes');
  const whole: number[] = [];
  for (let n = 0; n < 9; n++) {
    await playLive(port, cookies[0]!, n);
    whole.push((await server.call('takeServerTimes')).reduce((a, b) => a + b, 0));
  }
  note(`whole games one at a time, server time: ${whole.map((t) => t.toFixed(1)).join(', ')} ms`);
  // Players at a steady pace (an open loop): each sends its next request at its own next slot, so that all of
  // them together send LIVE_RATE a second; a server that cannot keep up falls behind and its latency grows.
  const interval = (PLAYERS * 1000) / LIVE_RATE;
  const latencies: number[] = [];
  let until = 0;
  let record = false;
  const player = async (i: number) => {
    let slot = performance.now() + (interval * i) / PLAYERS;
    const paced = async (url: string, body: unknown, status: number) => {
      const wait = slot - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      slot += interval;
      const call = await liveCall(url, cookies[i]!, body, status);
      // Only what ends inside the measured window: the games finishing after it run with fewer players.
      if (record && performance.now() <= until) latencies.push(call.took);
      return call;
    };
    for (let n = i; performance.now() < until; n += PLAYERS) await playLive(port, cookies[i]!, n, paced);
  };
  until = performance.now() + WARM_UP_SECONDS * 1000;
  await Promise.all(cookies.map((_, i) => player(i)));
  await server.call('takeServerTimes');
  await server.call('takeLoopFigures');
  const generatorSince = performance.eventLoopUtilization();
  // The generator's own lateness: a request's time is read when its answer's last byte is handled here.
  const generatorDelay = monitorEventLoopDelay({ resolution: 1 });
  generatorDelay.enable();
  record = true;
  until = performance.now() + SECONDS * 1000;
  await Promise.all(cookies.map((_, i) => player(i)));
  const seconds = SECONDS;
  latencies.sort((a, b) => a - b);
  // The same requests' time inside the server (arrival to last byte): the rest is waiting to be read.
  const inServer = (await server.call('takeServerTimes')).sort((a, b) => a - b);
  const loop = await server.call('takeLoopFigures');
  const generatorBusy = performance.eventLoopUtilization(generatorSince).utilization;
  generatorDelay.disable();
  const gcSlow = loop.gcPauses.filter((pause) => pause >= 5);
  note(
    `the server's event loop busy ${(loop.busy * 100).toFixed(0)}%, late by p99 ${ms(loop.delay.p99)} and at most ${ms(loop.delay.max)}; ${loop.gcPauses.length} collections, ${ms(loop.gcPauses.reduce((a, b) => a + b, 0))} in all, ${gcSlow.length} of 5 ms or more (longest ${ms(Math.max(0, ...loop.gcPauses))}); the load generator's busy ${(generatorBusy * 100).toFixed(0)}%, late by p99 ${ms(generatorDelay.percentile(99) / 1e6)}`,
  );
  note(
    `in the server: p50 ${ms(inServer[Math.floor(inServer.length / 2)]!)}, p99 ${ms(inServer[Math.floor(inServer.length * 0.99)]!)}`,
  );
  const rate = latencies.length / seconds;
  const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
  note(
    `${latencies.length.toLocaleString('en')} requests (starts and actions), ${perSecond(rate)}, p50 ${ms(latencies[Math.floor(latencies.length / 2)]!)}, p99 ${ms(p99)}`,
  );
  figures.push(
    {
      measure: `live game actions per second, ${PLAYERS} games at once (SQLite)`,
      figure: perSecond(rate),
      target: '>= 2,000/s',
      met: rate >= 2000,
    },
    { measure: 'live game action latency p99', figure: ms(p99), target: '< 20 ms', met: p99 < 20 },
    {
      measure: 'a whole live game, start to record, server time (median of 9)',
      figure: ms(median(whole)),
      target: '< 60 ms',
      met: median(whole) < 60,
    },
  );
}

const STAGES_PER_GAME = Number(process.env.BENCH_STAGES ?? 4);
const STAGE_RATE = Number(process.env.BENCH_STAGE_RATE ?? 500);

/** A stage's event stream, each game event handed to `onGame` as it comes. */
function openStage(port: number, key: string, onGame: (game: LiveGamePublic, at: number) => void) {
  return openStageEvents<{ game: LiveGamePublic | null }>(port, key, 'game', ({ game }, at) => {
    if (game) onGame(game, at);
  });
}

/**
 * The streamer studio (issue 18): STAGES_PER_GAME stages (4: 200 in all) watch each of the PLAYERS games while
 * the players act at STAGE_RATE actions a second in all; a push's delay runs from the action's request being
 * sent to a stage holding the new state. Every push must arrive.
 */
async function stagePushes(server: ServerProcess) {
  console.log(
    `\n4. Stages: ${PLAYERS * STAGES_PER_GAME} stages watching ${PLAYERS} games, actions at ${STAGE_RATE}/s in all, ${SECONDS} s`,
  );
  const { port, usernames, password } = await server.call('startPlayers', PLAYERS, 'stage');
  const cookies = await Promise.all(usernames.map((username) => login(port, username, password)));
  const keys = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/stage`, { headers: { cookie } });
      return ((await res.json()) as { key: string }).key;
    }),
  );
  // When each action was sent, by the state it makes (game id and its new seq).
  const sent = new Map<string, number>();
  const delays: number[] = [];
  let expected = 0;
  let record = false;
  const stages = await Promise.all(
    keys.flatMap((key) =>
      Array.from({ length: STAGES_PER_GAME }, () =>
        openStage(port, key, (game, at) => {
          const from = sent.get(`${game.id}:${game.seq}`);
          if (from !== undefined) delays.push(at - from);
        }),
      ),
    ),
  );
  const interval = (PLAYERS * 1000) / STAGE_RATE;
  let until = 0;
  const player = async (i: number) => {
    let slot = performance.now() + (interval * i) / PLAYERS;
    const paced: LiveCall = async (url, body, status) => {
      const wait = slot - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      slot += interval;
      const action = /\/([\w-]+)\/actions$/.exec(url);
      if (action && record && performance.now() <= until) {
        sent.set(`${action[1]}:${(body as { seq: number }).seq + 1}`, performance.now());
        expected += STAGES_PER_GAME;
      }
      return liveCall(url, cookies[i]!, body, status);
    };
    for (let n = i; performance.now() < until; n += PLAYERS) await playLive(port, cookies[i]!, n, paced);
  };
  until = performance.now() + WARM_UP_SECONDS * 1000;
  await Promise.all(cookies.map((_, i) => player(i)));
  record = true;
  until = performance.now() + SECONDS * 1000;
  await Promise.all(cookies.map((_, i) => player(i)));
  // The last pushes are on their way.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const stage of stages) stage.destroy();
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? Infinity;
  note(
    `${delays.length.toLocaleString('en')} pushes received of ${expected.toLocaleString('en')}; delay p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, p99 ${ms(at(0.99))}`,
  );
  figures.push(
    {
      measure: `pushes to ${PLAYERS * STAGES_PER_GAME} stages of ${PLAYERS} games received`,
      figure: `${delays.length.toLocaleString('en')} of ${expected.toLocaleString('en')}`,
      target: 'every one',
      met: delays.length === expected,
    },
    { measure: 'push delay to a stage p99', figure: ms(at(0.99)), target: '< 250 ms', met: at(0.99) < 250 },
  );
}

async function bigTable(dir: string) {
  console.log(`\n3. Statistics and the CSV export over ${GAMES.toLocaleString('en')} games on SQLite`);
  const seeder = await ServerProcess.start(dir);
  const { seedMs } = await seeder.call('seedBig', GAMES);
  await seeder.stop();
  note(`generated ${GAMES.toLocaleString('en')} games in ${(seedMs / 1000).toFixed(1)} s`);
  const server = await ServerProcess.start(dir);
  try {
    await measureBigTable(server);
  } finally {
    await server.stop();
  }
}

async function measureBigTable(server: ServerProcess) {
  const big = await server.call('serveBig');
  const cookie = await login(big.port, big.username, big.password);
  const url = (path: string) => `http://127.0.0.1:${big.port}${path}`;

  const stats: number[] = [];
  for (let i = 0; i < 7; i++) {
    const { ms: took, body } = await timed(url('/api/admin/games/stats'), cookie);
    if ((body as { totalGames: number }).totalGames !== GAMES) throw new Error('the statistics miss games');
    stats.push(took);
  }
  const [first, ...rest] = stats;
  note(`stats: first ${ms(first!)}, then ${rest.map((t) => t.toFixed(0)).join(', ')} ms`);
  figures.push(
    {
      measure: 'GET /api/admin/games/stats, first call',
      figure: ms(first!),
      target: '< 150 ms',
      met: first! < 150,
    },
    {
      measure: 'GET /api/admin/games/stats, median of 6 more',
      figure: ms(median(rest)),
      target: '< 150 ms',
      met: median(rest) < 150,
    },
  );

  // The list pages the console asks for (not targets; shown to catch a query that stopped using its index).
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const pages: Array<[string, string]> = [
    ['list, first page', `/api/admin/games?range=${q([0, 24])}`],
    [
      'list, page in the middle (by username)',
      `/api/admin/games?range=${q([GAMES / 2, GAMES / 2 + 24])}&sort=${q(['username', 'ASC'])}`,
    ],
    [
      'list, won games by amount',
      `/api/admin/games?range=${q([0, 24])}&sort=${q(['finalAmount', 'DESC'])}&filter=${q({ gameOutcome: 'won' })}`,
    ],
    ['list, search of one player', `/api/admin/games?range=${q([0, 24])}&filter=${q({ q: 'bench000042' })}`],
    ['list, search matching every player', `/api/admin/games?range=${q([0, 24])}&filter=${q({ q: 'b' })}`],
    ['daily chart, 30 days', '/api/admin/games/daily?days=30'],
    ['daily chart, 365 days', '/api/admin/games/daily?days=365'],
  ];
  for (const [measure, path] of pages) {
    await timed(url(path), cookie);
    const took = median([
      (await timed(url(path), cookie)).ms,
      (await timed(url(path), cookie)).ms,
      (await timed(url(path), cookie)).ms,
    ]);
    note(`${measure.padEnd(40)} ${ms(took)}`);
    figures.push({ measure, figure: ms(took) });
  }

  const { baseline } = await server.call('startMemory');
  const started = performance.now();
  const res = await fetch(url('/api/admin/games/export'), { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  let records = 0;
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) records++;
  }
  const exportMs = performance.now() - started;
  const { peak } = await server.call('stopMemory');
  if (records !== GAMES + 1) throw new Error(`export: ${records} records for ${GAMES} games and a header`);
  const growth = (peak - baseline) / MB;
  note(
    `export: ${(bytes / MB).toFixed(0)} MB, ${records.toLocaleString('en')} records in ${(exportMs / 1000).toFixed(1)} s; server RSS ${(baseline / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB`,
  );
  figures.push(
    {
      measure: 'CSV export, whole table',
      figure: `${(exportMs / 1000).toFixed(1)} s, ${(bytes / MB).toFixed(0)} MB`,
    },
    {
      measure: 'CSV export, server memory growth',
      figure: `${growth.toFixed(1)} MB`,
      target: '< 50 MB',
      met: growth < 50,
    },
  );
}

function printTable() {
  const rows = figures.map((f) => [
    f.measure,
    f.figure,
    f.target ?? '',
    f.met === undefined ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const header = ['measure', 'figure', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  // Other work on the machine skews every figure: the load average says how much there was.
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;
  console.log(
    `\nResults (Node ${process.version}, ${os.cpus().length} cores, ${load}; load generator and server share them)\n`,
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-bench-'));
const loadBefore = os.loadavg()[0]!;
try {
  const server = await ServerProcess.start(dir);
  try {
    if (!ONLY || ONLY === 'me') await authMe(server);
    if (!ONLY || ONLY === 'live') await liveGames(server);
    if (!ONLY || ONLY === 'stage') await stagePushes(server);
    if (!ONLY || ONLY === 'audience') await audienceBench(server, login, (figure) => figures.push(figure));
    if (!ONLY || ONLY === 'streams') await stageStreamsBench(server, login, (figure) => figures.push(figure));
  } finally {
    await server.stop();
  }
  if (!ONLY || ONLY === 'stats') await bigTable(dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
printTable();
if (figures.some((f) => f.met === false)) process.exitCode = 1;
