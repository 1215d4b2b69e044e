// BENCH_ONLY=audience npm run bench (issue 20, "Numbers"): 1,000 chat messages a second from the simulator reach
// the vote counts with p99 under 100 ms and no lost vote; memory flat over 100,000 events.
//   a. Latency: a streamer signed in, settings `vote` with a 120 s window, a live game played to its first offer
//      (the window opens), the stage's event stream read by a node:http client. Chat votes are sent to
//      POST /api/audience/simulate at BENCH_AUDIENCE_RATE (1,000) a second for BENCH_SECONDS (10) over a pool of
//      BENCH_AUDIENCE_CONNECTIONS (32) kept-alive connections, each from its own viewer (so the final counts are
//      known: 2 in 5 `deal`, 3 in 5 `no deal`). A vote's latency runs from its request being sent to the first
//      `audience` push on the stage whose counts include it. The pushes carry counts, not names, so they are
//      mapped by count: every viewer votes once, so deal + noDeal is the number of votes counted, and the k-th
//      vote sent is taken as included once a push shows deal + noDeal >= k (the server counting in the order
//      the votes were sent; requests on different connections may overtake each other by a request's time,
//      which moves a latency between two votes sent within a millisecond or two of each other, not the
//      distribution).
//   b. Memory: 100,000 events of memoryEvent's mix fed to a second streamer's engine in-process (in the server
//      process, as a source inside the API feeds it: over HTTP at 1,000 a second the run would take 100 s and
//      measure the sessions' and the router's garbage rather than the engine's), a vote window open the whole
//      time; the server's heap after a forced collection at 0, 25k, 50k, 75k and 100k events, and once the
//      window closes.
import http from 'node:http';
import type { AudienceState, LiveGamePublic } from '@dond/shared';
import { playLiveGame, type LiveGameClient } from '../api/src/testing/games.js';
import type { BenchServer } from './server.js';
import { openStageEvents } from './stageEvents.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_AUDIENCE_RATE ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_AUDIENCE_CONNECTIONS ?? 32);
const MEMORY_EVENTS = 100_000;
/** The heap growth from 25k to 100k events that still reads as flat. */
const FLAT_MB = 5;
const MB = 1024 * 1024;

type Figure = { measure: string; figure: string; target?: string; met?: boolean };
type Login = (port: number, username: string, password: string) => Promise<string>;

const note = (line: string) => console.log(`  ${line}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One JSON request on the pool; answers the status and the parsed body. */
function request(
  port: number,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, body: text ? (JSON.parse(text) as unknown) : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) {
      req.setHeader('content-type', 'application/json');
      req.setHeader('content-length', Buffer.byteLength(payload));
    }
    req.end(payload);
  });
}

async function expect(
  port: number,
  method: string,
  path: string,
  cookie: string,
  body: unknown,
  status: number,
): Promise<unknown> {
  const answer = await request(port, method, path, cookie, body);
  if (answer.status !== status)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Signs in, sets vote mode with a 120 s window and plays a new live game to its first offer (the window opens). */
async function streamerAtOffer(port: number, cookie: string): Promise<LiveGamePublic> {
  await expect(port, 'PUT', '/api/audience/settings', cookie, { mode: 'vote', windowSeconds: 120 }, 200);
  const client: LiveGameClient = {
    async post(url, body) {
      const answer = await request(port, 'POST', url, cookie, body);
      return { ...answer, text: JSON.stringify(answer.body) };
    },
  };
  const { view } = await playLiveGame(client, { clientSeed: 'bench-audience', until: 'offer' });
  if (!view.audience?.open) throw new Error('the offer opened no vote window');
  return view;
}

type Push = { at: number; deal: number; noDeal: number; open: boolean };

/** The stage's event stream, each `audience` push of the game handed to `onPush` with the time it was read. */
function openStage(port: number, key: string, gameId: string, onPush: (push: Push) => void) {
  return openStageEvents<{ gameId: string; audience: AudienceState }>(port, key, 'audience', (data, at) => {
    if (data.gameId !== gameId) return;
    const { votes, open } = data.audience;
    onPush({ at, deal: votes.deal, noDeal: votes.noDeal, open });
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Infinity;

async function latency(
  server: BenchServer,
  port: number,
  username: string,
  password: string,
  login: Login,
  figure: (f: Figure) => void,
) {
  const total = Math.round(RATE * SECONDS);
  console.log(
    `\n5a. Audience votes: ${total.toLocaleString('en')} chat votes at ${RATE.toLocaleString('en')}/s (${SECONDS} s) to POST /api/audience/simulate over ${CONNECTIONS} connections, to the stage's pushes`,
  );
  const cookie = await login(port, username, password);
  const { key } = (await expect(port, 'GET', '/api/stage', cookie, undefined, 200)) as { key: string };
  const game = await streamerAtOffer(port, cookie);
  const pushes: Push[] = [];
  const stage = await openStage(port, key, game.id, (push) => pushes.push(push));
  // The stage's first read and the window's opening push are in before the first vote.
  await sleep(300);
  pushes.length = 0;

  const sentAt = new Float64Array(total);
  const answeredIn: number[] = [];
  let errors = 0;
  let taken = 0;
  let inFlight = 0;
  const expected = { deal: 0, noDeal: 0 };
  const comments = ['deal', 'no deal', '!nodeal', '!deal', 'No Deal'];
  const send = (k: number) => {
    const comment = comments[k % 5]!;
    expected[k % 5 === 0 || k % 5 === 3 ? 'deal' : 'noDeal'] += 1;
    const event = {
      type: 'chat',
      msgId: `vote-${k}`,
      viewerId: `v${k}`,
      uniqueId: `viewer_${k}`,
      nickname: `Viewer ${k}`,
      comment,
    };
    inFlight += 1;
    const started = performance.now();
    sentAt[k] = started;
    request(port, 'POST', '/api/audience/simulate', cookie, event).then(
      (answer) => {
        inFlight -= 1;
        answeredIn.push(performance.now() - started);
        if (answer.status !== 202) errors += 1;
        else if ((answer.body as { taken: boolean }).taken) taken += 1;
      },
      () => {
        inFlight -= 1;
        errors += 1;
      },
    );
  };
  await server.call('takeLoopFigures');
  const generatorSince = performance.eventLoopUtilization();
  // An open loop: the k-th vote goes at k / RATE seconds, whatever the answers.
  const started = performance.now();
  let k = 0;
  while (k < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * RATE) / 1000) + 1);
    while (k < due) send(k++);
    await sleep(1);
  }
  const sendSeconds = (sentAt[total - 1]! - started) / 1000;
  while (inFlight > 0) await sleep(5);
  // The last push (at most 100 ms after the last count) is on its way.
  for (let waited = 0; waited < 2000; waited += 20) {
    const last = pushes.at(-1);
    if (last && last.deal + last.noDeal >= total) break;
    await sleep(20);
  }
  await sleep(200);
  const loop = await server.call('takeLoopFigures');
  const generatorBusy = performance.eventLoopUtilization(generatorSince).utilization;
  stage.destroy();

  // The k-th vote sent (0-based) is in the first push whose counts reach k + 1.
  const latencies: number[] = [];
  let lost = 0;
  let p = 0;
  for (let v = 0; v < total; v++) {
    while (p < pushes.length && pushes[p]!.deal + pushes[p]!.noDeal < v + 1) p++;
    if (p === pushes.length) lost += 1;
    else latencies.push(pushes[p]!.at - sentAt[v]!);
  }
  latencies.sort((a, b) => a - b);
  answeredIn.sort((a, b) => a - b);
  const last = pushes.at(-1) ?? { deal: 0, noDeal: 0 };
  const gaps = pushes.slice(1).map((push, i) => push.at - pushes[i]!.at);
  gaps.sort((a, b) => a - b);
  const rate = total / sendSeconds;
  const p99 = quantile(latencies, 0.99);
  const exact = last.deal === expected.deal && last.noDeal === expected.noDeal;
  note(
    `sent ${total.toLocaleString('en')} in ${sendSeconds.toFixed(2)} s (${Math.round(rate).toLocaleString('en')}/s); ${taken.toLocaleString('en')} answered 202 taken, ${errors} errors`,
  );
  note(
    `the simulate answer (202): p50 ${ms(quantile(answeredIn, 0.5))}, p99 ${ms(quantile(answeredIn, 0.99))}, max ${ms(answeredIn.at(-1) ?? 0)}`,
  );
  note(
    `${pushes.length} audience pushes (gap between pushes p50 ${ms(quantile(gaps, 0.5))}, min ${ms(gaps[0] ?? 0)}); final counts deal ${last.deal.toLocaleString('en')}, no deal ${last.noDeal.toLocaleString('en')}; expected ${expected.deal.toLocaleString('en')} and ${expected.noDeal.toLocaleString('en')}: ${exact ? 'equal' : 'NOT EQUAL'}${lost ? `; ${lost} votes in no push` : ''}`,
  );
  note(
    `vote to stage: p50 ${ms(quantile(latencies, 0.5))}, p95 ${ms(quantile(latencies, 0.95))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? Infinity)}`,
  );
  note(
    `the server's event loop busy ${(loop.busy * 100).toFixed(0)}%, ${loop.gcPauses.length} collections (longest ${ms(Math.max(0, ...loop.gcPauses))}); the load generator's busy ${(generatorBusy * 100).toFixed(0)}%`,
  );
  console.log(`  SUMMARY: p99 ${p99.toFixed(1)} ms (target < 100)`);
  figure({
    measure: `audience: chat votes sent per second (${total.toLocaleString('en')} in all)`,
    figure: `${Math.round(rate).toLocaleString('en')}/s`,
    target: '>= 1,000/s',
    met: rate >= 1000 * 0.98,
  });
  figure({
    measure: 'audience: votes in the final counts',
    figure: `deal ${last.deal}, no deal ${last.noDeal} (expected ${expected.deal}, ${expected.noDeal})`,
    target: 'every vote',
    met: exact && lost === 0 && errors === 0,
  });
  figure({
    measure: 'audience: vote to the stage push p99',
    figure: ms(p99),
    target: '< 100 ms',
    met: p99 < 100,
  });
  // The pool's idle sockets go: the server closes a kept-alive socket after 5 s idle, and a request of the next
  // part sent on one at that moment would meet ECONNRESET (it did once).
  agent.destroy();
}

async function memory(
  server: BenchServer,
  port: number,
  username: string,
  password: string,
  login: Login,
  figure: (f: Figure) => void,
) {
  console.log(
    `\n5b. Audience memory: ${MEMORY_EVENTS.toLocaleString('en')} events (votes of 50,000 viewers, changed votes, gifts, likes, other chat, repeated message ids) fed to the engine in-process, a vote window open`,
  );
  const cookie = await login(port, username, password);
  const game = await streamerAtOffer(port, cookie);
  const heaps = [await server.call('heapUsed')];
  let taken = 0;
  const step = MEMORY_EVENTS / 4;
  for (let from = 0; from < MEMORY_EVENTS; from += step) {
    const fed = await server.call('feedAudience', username, from, from + step);
    heaps.push(fed.heapUsed);
    taken += fed.taken;
  }
  // The streamer decides: the window closes, its counts go.
  await expect(
    port,
    'POST',
    `/api/live-games/${game.id}/actions`,
    cookie,
    { seq: game.seq, type: 'noDeal' },
    200,
  );
  await sleep(200);
  const closed = await server.call('heapUsed');
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  note(
    `server heap used after a full collection: ${heaps.map((h, i) => `${((i * step) / 1000).toFixed(0)}k ${mb(h)}`).join(', ')}; window closed ${mb(closed)}`,
  );
  note(
    `${taken.toLocaleString('en')} of ${MEMORY_EVENTS.toLocaleString('en')} taken (the rest repeated message ids)`,
  );
  const growth = (heaps[4]! - heaps[1]!) / MB;
  console.log(`  SUMMARY: heap growth ${growth.toFixed(1)} MB from 25k to 100k events (target: flat)`);
  figure({
    measure: 'audience: server heap growth, 25k to 100k events (window open)',
    figure: `${growth.toFixed(1)} MB`,
    target: `flat (< ${FLAT_MB} MB)`,
    met: growth < FLAT_MB,
  });
  figure({
    measure: 'audience: server heap, 0 events / 100k / window closed',
    figure: `${mb(heaps[0]!)} / ${mb(heaps[4]!)} / ${mb(closed)}`,
  });
}

export async function audienceBench(server: BenchServer, login: Login, figure: (f: Figure) => void) {
  const { port, usernames, password } = await server.call('startAudience');
  await latency(server, port, usernames[0]!, password, login, figure);
  await memory(server, port, usernames[1]!, password, login, figure);
  agent.destroy();
}
