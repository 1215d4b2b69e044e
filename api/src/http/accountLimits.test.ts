// Per-account limits on what a script can send and a person never does (issue 38, item 7; decision 0047): live
// game starts and the simulator's events, counted in the database, over real HTTP on SQLite and MariaDB.
import type { AudienceEvent } from '@dond/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../routerContext.js';
import { ok } from '../testing/expectStatus.js';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer.js';

let server: TestServer | undefined;
let clock = Date.UTC(2026, 11, 1, 12);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A server on the product's own limits for these two unless told (the other limits lifted, as every test
 * server has them).
 */
async function start(limits: Partial<RateLimits> = {}): Promise<TestServer> {
  clock = Date.UTC(2026, 11, 1, 12);
  server = await startTestServer({
    now: () => clock,
    rateLimits: {
      liveGameStarts: DEFAULT_RATE_LIMITS.liveGameStarts,
      audienceSimulate: DEFAULT_RATE_LIMITS.audienceSimulate,
      ...limits,
    },
  });
  return server;
}

const startGame = (client: TestClient) => client.post('/api/live-games', {});

let msg = 0;
const chat = (viewer: string): AudienceEvent => ({
  type: 'chat',
  msgId: `limit-${++msg}`,
  viewerId: viewer,
  uniqueId: viewer,
  nickname: viewer,
  comment: 'deal',
});

/** As the deck's burst (AudienceDeck.tsx): `count` chat lines of distinct viewers, 16 requests in flight at once. */
async function burst(client: TestClient, count: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      statuses.push((await client.post('/api/audience/simulate', chat(`burst${i}`))).status);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return statuses;
}

// Room for a busy machine: several test files share two cores, and MariaDB's starts are slower.
describe('live game starts, per account', { timeout: 20_000 }, () => {
  it('take 30 a minute, then 429 with Retry-After until the window ends; another account is not held', async () => {
    const s = await start();
    const { client } = await s.signedIn('starter');
    for (let i = 0; i < DEFAULT_RATE_LIMITS.liveGameStarts.limit; i++) ok(await startGame(client), 201);

    const refused = await startGame(client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      error: 'Too many games started: at most 30 a minute. Please wait a moment and try again.',
    });
    // The same account signed in elsewhere shares the count; the game in progress is untouched.
    const other = s.client();
    await other.login('starter1');
    expect((await startGame(other)).status).toBe(429);
    ok(await client.get('/api/live-games/current'));
    // Another streamer starts as usual.
    ok(await startGame((await s.signedIn('neighbour')).client), 201);

    clock += 45_000;
    expect((await startGame(client)).headers.get('retry-after')).toBe('15');
    clock += 15_000;
    ok(await startGame(client), 201);
  });
});

// 3,000 real requests take 8 to 25 s on these shared machines: the window is the product's, the limit a burst
// of 16 (the deck's requests in flight) times 3, so that the count is checked line by line, parallel requests
// included. The product's 3,000 a minute is three of the deck's bursts of 1,000.
describe('simulated events, per account', { timeout: 20_000 }, () => {
  it('count each event, parallel ones included, and answer 429 past the limit until the window ends', async () => {
    const limit = 48;
    const s = await start({ audienceSimulate: { windowMs: 60_000, limit } });
    const { client } = await s.signedIn('simulator');
    for (let round = 0; round < 3; round++) {
      const statuses = await burst(client, 16);
      expect(statuses.filter((status) => status !== 202)).toEqual([]);
    }
    const refused = await client.post('/api/audience/simulate', chat('one-more'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      error: 'Too many simulated events: at most 48 a minute. Please wait a moment and try again.',
    });
    // A bad event is still the 400 naming its field.
    const bad = await client.post('/api/audience/simulate', { ...chat('bad'), msgId: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('msgId');
    // Another streamer's simulator is not held.
    ok(await (await s.signedIn('neighbour')).client.post('/api/audience/simulate', chat('n')), 202);

    clock += 60_000;
    expect(ok(await client.post('/api/audience/simulate', chat('next-minute')), 202)).toEqual({
      taken: true,
    });
  });
});
