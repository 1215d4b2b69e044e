// The audience across two API instances with REDIS_URL (docs/decisions/0036): chat lines and mapped gifts fed to one instance count
// in the window held by the other, whose result is applied; an action on the other instance overrides the window.
// Two instances share one database (on SQLite its one connection, as in stage/redis.test.ts).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AudienceEvent, AudienceState, LiveGamePublic, StageInfo } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/knex.js';
import { migrateLatest } from '../../db/migrate.js';
import { EventStream } from '../../testing/eventStream.js';
import { redisServer, startRedis } from '../../testing/redis.js';
import {
  createTestUser,
  freshDatabase,
  testAppParts,
  TestClient,
  type TestDatabase,
} from '../../testing/testServer.js';
import { RedisLiveGameEvents } from '../stage/liveGameEvents.js';
import { listenApp } from '../../http/appServer.js';

type View = LiveGamePublic & { audience: AudienceState };

describe.skipIf(!redisServer)('the audience between two instances', { timeout: 15_000 }, () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: TestDatabase;
  const dbs: Db[] = [];
  const closing: Array<() => Promise<void>> = [];
  let outbox: string;
  let urls: [string, string];
  let users = 0;

  beforeAll(async () => {
    redis = await startRedis();
    database = await freshDatabase();
    const first = createDb(database.url);
    dbs.push(first);
    await migrateLatest(first);
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-outbox-'));
    const made: string[] = [];
    for (let i = 0; i < 2; i++) {
      const sqlite = database.url.startsWith('sqlite:');
      const db = sqlite ? first : createDb(database.url);
      if (!sqlite) dbs.push(db);
      const liveEvents = await RedisLiveGameEvents.connect(redis.url, () => undefined);
      const { app, audience } = testAppParts(db, outbox, { liveEvents });
      const server = await listenApp(app, 0, '127.0.0.1');
      made.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      closing.push(async () => {
        await audience.close();
        await liveEvents.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      });
    }
    urls = made as [string, string];
  });

  afterAll(async () => {
    for (const close of closing) await close();
    for (const db of dbs) await db.destroy();
    await database?.drop();
    await redis?.stop();
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true });
  });

  /** The same streamer signed in on each instance, vote mode with a 3 s window, and their game at the offer on A. */
  async function offerOnA(): Promise<{ a: TestClient; b: TestClient; offer: View }> {
    const username = `streamer${++users}`;
    await createTestUser(dbs[0]!, { username });
    const a = new TestClient(urls[0]);
    await a.login(username);
    const b = new TestClient(urls[1]);
    await b.login(username);
    expect((await b.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 })).status).toBe(200);
    let view = (await a.post('/api/live-games', {})).body as View;
    const act = async (action: object) => {
      const res = await a.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action });
      expect(res.status, res.text).toBe(200);
      return res.body as View;
    };
    view = await act({ type: 'pick', case: 1 });
    while (view.phase === 'elimination') {
      view = await act({ type: 'open', case: view.cases.find((c) => !c.opened && c.number !== 1)!.number });
    }
    expect(view.audience).toMatchObject({ mode: 'vote', open: true });
    return { a, b, offer: view };
  }

  let msg = 0;
  const vote = (viewerId: string, comment: string): AudienceEvent => ({
    type: 'chat',
    msgId: `m${++msg}`,
    viewerId,
    uniqueId: viewerId,
    nickname: viewerId,
    comment,
  });

  it('counts votes and mapped gifts sent to the other instance and applies the result; every stage hears the counts', async () => {
    const { a, b, offer } = await offerOnA();
    const { key } = (await b.get('/api/stage')).body as StageInfo;
    const stage = await EventStream.open(`${urls[1]}/api/stage/${key}/events`);
    for (const [viewer, said] of [
      ['x', 'deal'],
      ['y', 'no deal'],
      ['z', 'no deal'],
    ])
      expect((await b.post('/api/audience/simulate', vote(viewer!, said!))).status).toBe(202);
    // A gift mapped to NO DEAL votes, fed to B, counts in A's window with its weight (2 x 3 Roses).
    expect(
      (await b.put('/api/audience/gift-rules', { rules: [{ giftName: 'Rose', effect: 'noDeal' }] })).status,
    ).toBe(200);
    const rose: AudienceEvent = {
      type: 'gift',
      msgId: `m${++msg}`,
      viewerId: 'w',
      uniqueId: 'w',
      nickname: 'w',
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 2,
      repeatCount: 3,
    };
    expect((await b.post('/api/audience/simulate', rose)).status).toBe(202);
    const counted = await stage.next((e) => e.event === 'audience' && e.data.audience.votes.noDeal === 8);
    expect(counted.data).toMatchObject({
      gameId: offer.id,
      audience: { open: true, votes: { deal: 1, noDeal: 8 } },
    });
    const applied = await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq + 1);
    expect(applied.data.game.phase).toBe('elimination');
    const verify = (await a.get(`/api/live-games/${offer.id}/verify`)).body as { actions: unknown[] };
    expect(verify.actions.at(-1)).toEqual({ type: 'noDeal' });
    stage.close();
  });

  it('closes the window when the streamer acts on the other instance', async () => {
    const { a, b, offer } = await offerOnA();
    const { key } = (await b.get('/api/stage')).body as StageInfo;
    const stage = await EventStream.open(`${urls[1]}/api/stage/${key}/events`);
    for (const viewer of ['x', 'y']) await b.post('/api/audience/simulate', vote(viewer, 'deal'));
    const res = await b.post(`/api/live-games/${offer.id}/actions`, { seq: offer.seq, type: 'noDeal' });
    expect(res.status, res.text).toBe(200);
    await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq + 1);
    // A's window is closed: a vote now counts nowhere, and the stage's last word of the window is closed. (A count
    // A pushed just before it heard of the action may reach the stage just after it: on a loaded machine,
    // 'deal 2, open' 7 ms before A heard the action, then 'closed' 22 ms after.)
    await b.post('/api/audience/simulate', vote('late', 'deal'));
    await new Promise((resolve) => setTimeout(resolve, 3600));
    const heard = stage.events.filter((e) => e.event === 'audience');
    expect(heard.at(-1)?.data.audience.open ?? false).toBe(false);
    expect(heard.map((e) => e.data.audience.votes.deal as number).filter((deal) => deal > 2)).toEqual([]);
    const now = (await a.get('/api/live-games/current')).body as View;
    expect(now.seq).toBe(offer.seq + 1);
    expect(now.phase).toBe('elimination');
    expect(now.audience.open).toBe(false);
    stage.close();
  });
});
