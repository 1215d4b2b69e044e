import http from 'node:http';
import net from 'node:net';
import type { BenchServer } from './server.js';

/**
 * A stage's event stream (GET /api/stage/{key}/events, no cookie) read as a stage reads it: each event named
 * `event` handed to `onData` with its parsed data and the time its chunk was read. Answers the request (to end it).
 */
export function openStageEvents<T>(
  port: number,
  key: string,
  event: string,
  onData: (data: T, at: number) => void,
): Promise<http.ClientRequest> {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${port}/api/stage/${key}/events`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stage ${key}: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith(`event: ${event}\n`)) continue;
          onData(JSON.parse(block.slice(block.indexOf('data: ') + 6)) as T, at);
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
}

// 6. Stage streams under hostile load (issue 38 items 1 and 2; docs/decisions/0044-stage-streams-bounded.md):
//   a. PAUSED (20) stages that stop reading while 12,000 gifts of the largest size a source sends reach their
//      streamer: the server's resident memory after a full collection, before and after, and how many of the
//      paused streams the server closed.
//   b. 2,000 streams asked at once on one key from one address, against the default caps: how many are let in.
//   c. GET /api/health, polled one after another, while 1,000 open stages (caps lifted) of one streamer take a
//      flood of gifts: the health check's p50 and p95, and the server time per gift.

const PAUSED = Number(process.env.BENCH_PAUSED_STAGES ?? 20);
// 8.4 MB a stage: the system's socket buffers (here up to about 4.5 MB a connection) hold the first part whatever
// the server does, so a flood much smaller would not reach the bound on every stream.
const PAUSED_GIFTS = Number(process.env.BENCH_PAUSED_GIFTS ?? 12_000);
const ATTEMPTS = Number(process.env.BENCH_STREAM_ATTEMPTS ?? 2000);
const OPEN_STAGES = Number(process.env.BENCH_OPEN_STAGES ?? 1000);
const FLOOD_GIFTS = Number(process.env.BENCH_FLOOD_GIFTS ?? 1000);
const MB = 1024 * 1024;

type Figure = { measure: string; figure: string; target?: string; met?: boolean };
type Login = (port: number, username: string, password: string) => Promise<string>;
const note = (line: string) => console.log(`  ${line}`);
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Infinity;

/**
 * A stage on a socket of its own: asks for the stream, answers once the answer's head is in, with the status and
 * a count of the `event` blocks read (counted, not parsed: a thousand stages must not cost more than the server).
 */
function rawStage(port: number, key: string, event = 'gift') {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  const marker = `event: ${event}\n`;
  const stage = { socket, status: 0, events: 0, ended: false };
  socket.once('close', () => (stage.ended = true));
  return new Promise<typeof stage>((resolve, reject) => {
    let tail = '';
    socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      if (!stage.status) {
        stage.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? -1);
        resolve(stage);
      }
      stage.events += text.split(marker).length - 1;
      tail = text.slice(-marker.length + 1);
    });
    socket.once('error', (error) => (stage.status ? undefined : reject(error)));
    socket.write(
      `GET /api/stage/${key}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
    );
  });
}

/** Waits until `check` holds or `ms` have passed; answers whether it held. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!check() && performance.now() < deadline) await sleep(20);
  return check();
}

async function pausedStages(
  server: BenchServer,
  port: number,
  key: string,
  username: string,
  figure: (f: Figure) => void,
) {
  console.log(
    `\n6a. Paused stages: ${PAUSED} stages stop reading while ${PAUSED_GIFTS.toLocaleString('en')} gifts (500-character picture addresses) reach their streamer`,
  );
  const before = await server.call('collectedMemory');
  const stages = await Promise.all(Array.from({ length: PAUSED }, () => rawStage(port, key)));
  if (stages.some((s) => s.status !== 200)) throw new Error('a paused stage was refused');
  for (const stage of stages) stage.socket.pause();
  const { ms } = await server.call('floodGifts', 'streams', username, PAUSED_GIFTS, 100);
  const after = await server.call('collectedMemory');
  // Reading again: a stream the server closed ends once the stage has read what the system's buffers held.
  for (const stage of stages) stage.socket.resume();
  await until(() => stages.every((s) => s.ended), 3000);
  const closed = stages.filter((s) => s.ended).length;
  for (const stage of stages) stage.socket.destroy();
  const growth = (after.rss - before.rss) / MB;
  note(
    `flood in ${(ms / 1000).toFixed(1)} s; server rss ${(before.rss / MB).toFixed(0)} -> ${(after.rss / MB).toFixed(0)} MB, heap ${(before.heapUsed / MB).toFixed(0)} -> ${(after.heapUsed / MB).toFixed(0)} MB; paused streams closed by the server: ${closed} of ${PAUSED}`,
  );
  figure({
    measure: `paused stages (${PAUSED}), ${PAUSED_GIFTS.toLocaleString('en')} gifts: server rss growth`,
    figure: `${growth.toFixed(1)} MB (heap ${((after.heapUsed - before.heapUsed) / MB).toFixed(1)} MB)`,
    target: '< 20 MB',
    met: growth < 20,
  });
  figure({
    measure: 'paused stages closed by the server',
    figure: `${closed} of ${PAUSED}`,
    target: 'every one',
    met: closed === PAUSED,
  });
}

async function streamAttempts(capped: number, key: string, figure: (f: Figure) => void) {
  console.log(
    `\n6b. ${ATTEMPTS.toLocaleString('en')} streams asked at once on one key from one address (default caps)`,
  );
  const started = performance.now();
  const answers = await Promise.allSettled(Array.from({ length: ATTEMPTS }, () => rawStage(capped, key)));
  const took = performance.now() - started;
  const count = (status: number) =>
    answers.filter((a) => a.status === 'fulfilled' && a.value.status === status).length;
  const failed = answers.filter((a) => a.status === 'rejected').length;
  for (const answer of answers) if (answer.status === 'fulfilled') answer.value.socket.destroy();
  const open = count(200);
  note(
    `in ${(took / 1000).toFixed(1)} s: ${open} answered 200 (open), ${count(429)} answered 429, ${ATTEMPTS - open - count(429) - failed} other, ${failed} failed to connect`,
  );
  figure({
    measure: `${ATTEMPTS.toLocaleString('en')} streams on one key: let in / 429`,
    figure: `${open} / ${count(429)}`,
    target: 'at most 20 let in',
    met: open <= 20 && count(429) === ATTEMPTS - open,
  });
}

async function healthUnderFlood(
  server: BenchServer,
  port: number,
  key: string,
  username: string,
  figure: (f: Figure) => void,
) {
  console.log(
    `\n6c. GET /api/health while ${OPEN_STAGES.toLocaleString('en')} open stages of one streamer take ${FLOOD_GIFTS.toLocaleString('en')} gifts`,
  );
  const stages: Array<Awaited<ReturnType<typeof rawStage>>> = [];
  // Opened 100 at a time, as stages come (and within the listen backlog).
  for (let i = 0; i < OPEN_STAGES; i += 100)
    stages.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, OPEN_STAGES - i) }, () => rawStage(port, key)),
      )),
    );
  if (stages.some((s) => s.status !== 200)) throw new Error('an open stage was refused');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(performance.now() - started));
        })
        .on('error', reject);
    });
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await health());
  const latencies: number[] = [];
  let flooding = true;
  const poll = (async () => {
    while (flooding) latencies.push(await health());
  })();
  const { ms } = await server.call('floodGifts', 'streams', username, FLOOD_GIFTS, 10);
  flooding = false;
  await poll;
  const received = await until(() => stages.every((s) => s.events >= FLOOD_GIFTS), 10_000);
  for (const stage of stages) stage.socket.destroy();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  idle.sort((a, b) => a - b);
  const perGift = ms / FLOOD_GIFTS;
  note(
    `${FLOOD_GIFTS.toLocaleString('en')} gifts in ${(ms / 1000).toFixed(1)} s (${perGift.toFixed(1)} ms each for ${OPEN_STAGES.toLocaleString('en')} stages); health idle p50 ${quantile(idle, 0.5).toFixed(1)} ms, during the flood p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms (${latencies.length} checks); every stage had every gift: ${received}`,
  );
  figure({
    measure: `health p50 / p95, ${OPEN_STAGES.toLocaleString('en')} stages taking a gift flood`,
    figure: `${quantile(latencies, 0.5).toFixed(1)} / ${quantile(latencies, 0.95).toFixed(1)} ms`,
  });
  figure({
    measure: `server time per gift to ${OPEN_STAGES.toLocaleString('en')} stages`,
    figure: `${perGift.toFixed(1)} ms`,
  });
  figure({
    measure: 'every open stage had every gift',
    figure: String(received),
    target: 'true',
    met: received,
  });
}

/** Part 6 of npm run bench (BENCH_ONLY=streams): stage streams under hostile load. */
export async function stageStreamsBench(server: BenchServer, login: Login, figure: (f: Figure) => void) {
  const { port, capped, username, password } = await server.call('startStageStreams');
  const cookie = await login(port, username, password);
  const res = await fetch(`http://127.0.0.1:${port}/api/stage`, { headers: { cookie } });
  const { key } = (await res.json()) as { key: string };
  await pausedStages(server, port, key, username, figure);
  await streamAttempts(capped, key, figure);
  await healthUnderFlood(server, port, key, username, figure);
}
