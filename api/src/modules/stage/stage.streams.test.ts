// Stage streams under hostile load (issue 38, items 1 and 2): a stage that stops reading is cut off before its
// pushes pile up in the server, the streams per stage key and per client address are capped, and a push to many
// stages is serialised once. Real servers, real sockets.
import net from 'node:net';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { stageInfoSchema, type AudienceGift } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventStream } from '../../testing/eventStream.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import {
  STAGE_STREAMS_PER_ADDRESS_FULL,
  STAGE_STREAMS_PER_KEY_FULL,
  STAGE_STREAMS_RETRY_AFTER_S,
} from './stage.router.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A new streamer: their id and stage key. */
async function streamer(prefix: string) {
  const { client, id } = await server.signedIn(prefix);
  const res = await client.get('/api/stage');
  expect(res.status, res.text).toBe(200);
  return { id, key: stageInfoSchema.parse(res.body).key };
}

const eventsUrl = (key: string, on = server) => `${on.url}/api/stage/${key}/events`;

/** Waits (up to 5 s) until `check` holds. */
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not in 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The memory this test process holds for data (its heap and its buffers), after a full collection. */
function heldMemory(): number {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** A gift as the audience engine publishes it, its picture's address about 10 KB long. */
const bigGift = (i: number): AudienceGift => ({
  viewerName: `viewer ${i}`,
  giftId: 5655,
  giftName: 'Rose',
  diamondCount: 1,
  repeatCount: 1,
  pictureUrl: `https://p16-webcast.tiktokcdn.com/rose.webp?sig=${'x'.repeat(10_000)}&n=${i}`,
});

/** A raw socket asking for a stage's stream; answers it with the first bytes read (the answer's head). */
async function rawStage(key: string) {
  const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
  socket.write(
    `GET /api/stage/${key}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
  );
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    socket.once('error', reject);
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, head, ended };
}

/** A stage that reads its stream as fast as it comes, counting its gifts (cheaper than parsing 15 MB). */
async function readingStage(key: string) {
  const stage = await rawStage(key);
  const counted = { gifts: 0, ended: false };
  let tail = '';
  stage.socket.setEncoding('latin1');
  stage.socket.on('data', (chunk: string) => {
    const text = tail + chunk;
    counted.gifts += text.split('event: gift\n').length - 1;
    tail = text.slice(-'event: gift\n'.length + 1);
  });
  void stage.ended.then(() => (counted.ended = true));
  return { ...stage, counted };
}

describe('a stage that stops reading', () => {
  it('is cut off once its unsent pushes pass the bound, and the memory goes back; a stage that reads keeps its stream', async () => {
    const { id, key } = await streamer('paused');
    const reading = await readingStage(key);
    // A stage that takes the answer's head, then stops reading.
    const paused = await rawStage(key);
    paused.socket.pause();
    expect(paused.head).toMatch(/^HTTP\/1\.1 200/);
    await until(() => server.liveEvents.listeners(id) === 2, 'both streams listening');

    const before = heldMemory();
    // 15 MB of pushes (1,500 gifts of 10 KB), a few at a time as a busy audience sends them.
    const GIFTS = 1500;
    for (let i = 0; i < GIFTS; i++) {
      server.liveEvents.publish(id, { type: 'gift', gift: bigGift(i) });
      if (i % 50 === 49) await yieldToLoop();
    }
    await until(() => reading.counted.gifts === GIFTS, 'every gift read by the reading stage');
    // What the paused stream held is given back: without the bound, about 14 MB (what the system's socket buffers
    // do not hold) would sit in the server, waiting for a reader that never comes.
    expect((heldMemory() - before) / MB).toBeLessThan(5);
    // The server closed the paused stream; the reading one goes on.
    expect(server.liveEvents.listeners(id)).toBe(1);
    expect(reading.counted.ended).toBe(false);

    // The stage, reading again, finds its stream ended (EventSource then reconnects and reads the game as it is).
    paused.socket.resume();
    await paused.ended;
    reading.socket.destroy();
    await until(() => server.liveEvents.listeners(id) === 0, 'the reading stream gone');
  });
});

describe('the caps on open streams', () => {
  /** Opens `count` streams on `key`; all must be let in. */
  async function openStreams(key: string, count: number, on = server) {
    const streams = await Promise.all(
      Array.from({ length: count }, () => EventStream.open(eventsUrl(key, on))),
    );
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    return streams;
  }

  async function expectRefused(key: string, message: string) {
    const res = await fetch(eventsUrl(key));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(STAGE_STREAMS_RETRY_AFTER_S));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: message });
  }

  it('lets 20 streams open on one key; the 21st answers 429 with Retry-After, and a closed one frees its place', async () => {
    const { id, key } = await streamer('capped');
    const streams = await openStreams(key, 20);
    await expectRefused(key, STAGE_STREAMS_PER_KEY_FULL);
    // Opened at once, they cannot slip past the count either.
    const rush = await Promise.all(Array.from({ length: 10 }, () => fetch(eventsUrl(key))));
    expect(rush.map((r) => r.status)).toEqual(rush.map(() => 429));
    await Promise.all(rush.map((r) => r.body?.cancel()));

    streams.pop()!.close();
    await until(() => server.liveEvents.listeners(id) === 19, 'the closed stream gone');
    streams.push(...(await openStreams(key, 1)));
    await expectRefused(key, STAGE_STREAMS_PER_KEY_FULL);
    for (const stream of streams) stream.close();
    await until(() => server.liveEvents.listeners(id) === 0, 'every stream gone');
    // Nothing is left counted: the key takes 20 again.
    for (const stream of await openStreams(key, 20)) stream.close();
    await until(() => server.liveEvents.listeners(id) === 0, 'every stream gone');
  });

  it('lets 50 streams open from one address over all keys; the 51st answers 429', async () => {
    const streamers = [await streamer('many'), await streamer('many'), await streamer('many')];
    const streams = [
      ...(await openStreams(streamers[0]!.key, 20)),
      ...(await openStreams(streamers[1]!.key, 20)),
      ...(await openStreams(streamers[2]!.key, 10)),
    ];
    await expectRefused(streamers[2]!.key, STAGE_STREAMS_PER_ADDRESS_FULL);
    for (const stream of streams) stream.close();
    await until(
      () => streamers.every(({ id }) => server.liveEvents.listeners(id) === 0),
      'every stream gone',
    );
  });

  it('are the server’s settings: a benchmark lifts them', async () => {
    const lifted = await startTestServer({ stageStreams: { perKey: 30, perAddress: 30 } });
    try {
      const { client } = await lifted.signedIn('lifted');
      const { key } = stageInfoSchema.parse((await client.get('/api/stage')).body);
      const streams = await openStreams(key, 30, lifted);
      const refused = await fetch(eventsUrl(key, lifted));
      expect(refused.status).toBe(429);
      await refused.body?.cancel();
      for (const stream of streams) stream.close();
    } finally {
      await lifted.close();
    }
  });
});

describe('a push to many stages', () => {
  it('is serialised once, not once per stream', async () => {
    const { id, key } = await streamer('fanout');
    const streams = await Promise.all(Array.from({ length: 10 }, () => EventStream.open(eventsUrl(key))));
    await until(() => server.liveEvents.listeners(id) === 10, 'ten streams listening');
    const gift = bigGift(1);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      server.liveEvents.publish(id, { type: 'gift', gift });
      expect(stringify.mock.calls.filter(([value]) => value === gift)).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
    for (const stream of streams) expect((await stream.next((e) => e.event === 'gift')).data).toEqual(gift);
    for (const stream of streams) stream.close();
  });
});
