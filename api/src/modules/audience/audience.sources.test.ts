import {
  audienceSourcesSchema,
  liveGamePublicSchema,
  type AudienceSources,
  type LiveGamePublic,
} from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { ok } from '../../testing/expectStatus.js';
import { AudienceSources as SourcesManager } from './audience.sources.js';
import type { ConnectorLibraryParts } from './sources/connector.js';

// The real library with only its network part failing at once: nothing in this file reaches the network.
const lib = await import('tiktok-live-connector');
class OfflineConnection extends lib.TikTokLiveConnection {
  protected override _connect(): Promise<void> {
    return Promise.reject(new Error('no network here'));
  }
}
const offline = (): Promise<ConnectorLibraryParts> =>
  Promise.resolve({ ...lib, TikTokLiveConnection: OfflineConnection });
const sourceOptions = { backoff: { initialMs: 100, maxMs: 400 }, tiktok: { library: offline } };

let server: TestServer;
const fakes: WebSocketServer[] = [];

beforeAll(async () => {
  server = await startTestServer({ audienceSources: sourceOptions });
});
afterAll(async () => {
  await server.close();
  await Promise.all(fakes.map((fake) => closeFake(fake)));
});

const streamer = () => server.signedIn('sources');
const sources = async (client: TestClient) =>
  audienceSourcesSchema.parse(ok(await client.get('/api/audience/sources'))) as AudienceSources;
const save = async (client: TestClient, body: object) =>
  audienceSourcesSchema.parse(ok(await client.put('/api/audience/sources', body))) as AudienceSources;

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 8000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A stand-in for TikFinity: a real WebSocket server on an ephemeral port of 127.0.0.1. */
async function fakeTikFinity(onConnection: (socket: WebSocket) => void) {
  const fake = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    fake.once('listening', resolve);
    fake.once('error', reject);
  });
  fake.on('connection', onConnection);
  fakes.push(fake);
  return { fake, url: `ws://127.0.0.1:${(fake.address() as { port: number }).port}` };
}
const closeFake = (fake: WebSocketServer) =>
  new Promise<void>((resolve) => {
    for (const client of fake.clients) client.terminate();
    fake.close(() => resolve());
  });

let msg = 0;
/** A chat line as TikFinity sends it. */
const tikfinityChat = (viewer: string, comment: string) =>
  JSON.stringify({
    event: 'chat',
    data: {
      uniqueId: viewer,
      nickname: viewer.toUpperCase(),
      userId: `70000000000${viewer.length}${++msg}`,
      msgId: `744155314726${++msg}`,
      comment,
    },
  });

const off = {
  tikfinity: { enabled: false, url: 'ws://localhost:21213' },
  tiktok: { enabled: false, username: '' },
};

describe('the audience sources', () => {
  it('are off until turned on, TikFinity at ws://localhost:21213', async () => {
    const { client } = await streamer();
    expect(await sources(client)).toEqual({
      settings: off,
      state: { tikfinity: { status: 'stopped' }, tiktok: { status: 'stopped' } },
      counters: {
        tikfinity: { received: 0, ignored: 0, malformed: 0 },
        tiktok: { received: 0, ignored: 0, malformed: 0 },
      },
    });
  });

  it('answer 401 to a visitor', async () => {
    expect((await server.client().get('/api/audience/sources')).status).toBe(401);
  });

  it.each([
    [
      { ...off, tikfinity: { enabled: true, url: 'http://localhost:21213' } },
      'tikfinity.url must be a ws:// or wss:// URL',
    ],
    [
      { ...off, tikfinity: { enabled: true, url: `ws://localhost/${'a'.repeat(200)}` } },
      'tikfinity.url must be at most 200',
    ],
    [{ ...off, tiktok: { enabled: true, username: 'a' } }, 'tiktok.username must be at least 2'],
    [{ ...off, tiktok: { enabled: true, username: 'a'.repeat(25) } }, 'tiktok.username must be at most 24'],
    [{ ...off, tiktok: { enabled: true, username: 'no spaces' } }, 'tiktok.username may hold only letters'],
    [{ ...off, tiktok: { enabled: true, username: '' } }, 'tiktok.username is needed'],
    [{ ...off, tiktok: { enabled: 'yes', username: 'dond' } }, 'tiktok.enabled must be true or false'],
  ])('refuse %j naming the field and the rule', async (body, message) => {
    const { client } = await streamer();
    const res = await client.put('/api/audience/sources', body);
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(message);
  });

  it('keep a username without its @', async () => {
    const { client } = await streamer();
    const answer = await save(client, { ...off, tiktok: { enabled: false, username: '@dond.studio_1' } });
    expect(answer.settings.tiktok).toEqual({ enabled: false, username: 'dond.studio_1' });
    expect((await sources(client)).settings.tiktok.username).toBe('dond.studio_1');
  });

  it('TikFinity: connects, its chat votes reach the game, reconnects when it goes, stops when turned off', async () => {
    const { client } = await streamer();
    const sockets: WebSocket[] = [];
    const { fake, url } = await fakeTikFinity((socket) => sockets.push(socket));

    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 60 }));
    let view = liveGamePublicSchema.parse(
      ok(await client.post('/api/live-games', {}), 201),
    ) as LiveGamePublic;
    const act = async (action: object) =>
      liveGamePublicSchema.parse(
        ok(await client.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action })),
      ) as LiveGamePublic;
    view = await act({ type: 'pick', case: 1 });
    while (view.phase === 'elimination') {
      const next = view.cases.find((c) => !c.opened && c.number !== view.playerCase)!;
      view = await act({ type: 'open', case: next.number });
    }
    expect(view.audience?.open).toBe(true);

    const on = await save(client, { ...off, tikfinity: { enabled: true, url } });
    expect(on.settings.tikfinity).toEqual({ enabled: true, url });
    expect(on.state.tikfinity?.status).toMatch(/connecting|connected/);
    await until(
      () => sources(client),
      (s) => s.state.tikfinity?.status === 'connected',
      'connected',
    );
    expect(sockets).toHaveLength(1);

    sockets[0]!.send(tikfinityChat('ann', 'deal'));
    sockets[0]!.send(tikfinityChat('bob', 'no deal'));
    sockets[0]!.send(tikfinityChat('cid', '!nodeal'));
    sockets[0]!.send(JSON.stringify({ event: 'chat', data: { comment: 'no ids' } }));
    const current = async () =>
      liveGamePublicSchema.parse(ok(await client.get('/api/live-games/current'))) as LiveGamePublic;
    const voted = await until(current, (g) => (g.audience?.votes.noDeal ?? 0) === 2, 'the votes');
    expect(voted.audience?.votes).toEqual({ deal: 1, noDeal: 2 });
    const counted = await sources(client);
    expect(counted.counters.tikfinity).toEqual({ received: 3, ignored: 0, malformed: 1 });

    // Saving the same settings again leaves the connection as it is.
    await save(client, { ...off, tikfinity: { enabled: true, url } });
    expect(sockets).toHaveLength(1);

    await closeFake(fake);
    const lost = await until(
      () => sources(client),
      (s) => s.state.tikfinity?.status === 'reconnecting',
      'reconnecting',
    );
    expect(lost.state.tikfinity).toMatchObject({ status: 'reconnecting', attempt: expect.any(Number) });

    const stopped = await save(client, off);
    expect(stopped.state.tikfinity).toEqual({ status: 'stopped' });
    expect(stopped.settings.tikfinity.enabled).toBe(false);
  });

  it('TikTok LIVE: leaves stopped and reports its error (offline), and stops when turned off', async () => {
    const { client } = await streamer();
    const on = await save(client, { ...off, tiktok: { enabled: true, username: '@dondstudio' } });
    expect(on.state.tiktok?.status).not.toBe('stopped');
    const failed = await until(
      () => sources(client),
      (s) => s.state.tiktok?.status === 'reconnecting',
      'the failed attempt',
    );
    expect(failed.state.tiktok).toMatchObject({ status: 'reconnecting', lastError: 'no network here' });
    expect((await save(client, off)).state.tiktok).toEqual({ status: 'stopped' });
  });

  it('an enabled source comes back when the API starts again', async () => {
    const { client, id } = await streamer();
    const sockets: WebSocket[] = [];
    const { url } = await fakeTikFinity((socket) => sockets.push(socket));
    await save(client, { ...off, tikfinity: { enabled: true, url } });
    await until(
      async () => sockets.length,
      (n) => n === 1,
      'the first connection',
    );

    // Another process on the same database: what server.ts does at boot.
    const restarted = new SourcesManager({
      db: server.db,
      engine: server.audience,
      now: Date.now,
      log: () => undefined,
      options: sourceOptions,
    });
    try {
      expect(await restarted.resume()).toBeGreaterThanOrEqual(1);
      await until(
        () => restarted.describe(id),
        (s) => s.state.tikfinity?.status === 'connected',
        'the resumed source',
      );
      expect(sockets).toHaveLength(2);
    } finally {
      await restarted.close();
    }
    await save(client, off);
  });
});
