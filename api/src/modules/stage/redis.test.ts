// Pushes across API instances (issue 18): with REDIS_URL a stage on one instance hears the actions applied on
// another, through a real redis-server (Debian's redis-server package; .ci/run installs it). Two instances share
// one database: on MariaDB (npm run test:mariadb) each with its own pool; on SQLite the one connection
// (instances.test.ts says why). Without redis-server on the PATH the suite says so and skips.
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LiveGamePublic, StageGame, StageInfo } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/knex.js';
import { migrateLatest } from '../../db/migrate.js';
import { EventStream } from '../../testing/eventStream.js';
import { redisServer, startRedis } from '../../testing/redis.js';
import {
  freshDatabase,
  testApp,
  TestClient,
  type TestDatabase,
  createTestUser,
} from '../../testing/testServer.js';
import { LiveGameEvents, RedisLiveGameEvents } from './liveGameEvents.js';
import { listenApp } from '../../http/appServer.js';
import { stateOf } from '../../testing/games.js';

if (!redisServer) console.warn('redis.test.ts skipped: no redis-server (apt-get install redis-server)');

interface Instance {
  url: string;
  server: http.Server;
  events: LiveGameEvents;
}

/** A stage's event stream on one instance. */
async function stream(instance: Pick<Instance, 'url'>, key: string) {
  const opened = await EventStream.open<StageGame>(`${instance.url}/api/stage/${key}/events`);
  expect(opened.status).toBe(200);
  return opened;
}

describe.skipIf(!redisServer)('live game pushes between two instances', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: TestDatabase;
  const dbs: Db[] = [];
  const instances: Instance[] = [];
  let outbox: string;

  /** Two instances over the one database, each with the live game events it is given. */
  async function twoInstances(events: [LiveGameEvents, LiveGameEvents]): Promise<[Instance, Instance]> {
    const made: Instance[] = [];
    for (const bus of events) {
      const sqlite = database.url.startsWith('sqlite:');
      const db = sqlite ? dbs[0]! : createDb(database.url);
      if (!sqlite) dbs.push(db);
      const server = await listenApp(testApp(db, outbox, { liveEvents: bus }), 0, '127.0.0.1');
      const instance = {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
        events: bus,
      };
      instances.push(instance);
      made.push(instance);
    }
    return made as [Instance, Instance];
  }

  beforeAll(async () => {
    redis = await startRedis();
    database = await freshDatabase();
    const first = createDb(database.url);
    dbs.push(first);
    await migrateLatest(first);
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-outbox-'));
    await createTestUser(first, { username: 'streamer' });
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.events.close();
      instance.server.closeAllConnections();
      await new Promise((resolve) => instance.server.close(resolve));
    }
    for (const db of dbs) await db.destroy();
    await database?.drop();
    await redis?.stop();
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('a stage on one instance hears the actions applied on the other, and its key replaced there', async () => {
    const log = () => undefined;
    const [a, b] = await twoInstances([
      await RedisLiveGameEvents.connect(redis.url, log),
      await RedisLiveGameEvents.connect(redis.url, log),
    ]);
    const player = new TestClient(a.url);
    await player.login('streamer');
    const { key } = (await player.get('/api/stage')).body as StageInfo;
    const stage = await stream(b, key);
    expect(await stage.until(() => stage.events.length === 1)).toBe(true);

    const started = (await player.post('/api/live-games', {})).body as LiveGamePublic;
    const picked = await player.post(`/api/live-games/${started.id}/actions`, {
      seq: 0,
      type: 'pick',
      case: 9,
    });
    expect(picked.status, picked.text).toBe(200);
    expect(await stage.until(() => stage.events.length === 3)).toBe(true);
    expect(stage.events.slice(1).map((e) => e.data)).toEqual([
      { game: started },
      { game: stateOf(picked.body), events: picked.body.events },
    ]);

    expect((await player.post('/api/stage/key')).status).toBe(200);
    expect(await stage.until(() => stage.ended)).toBe(true);
    expect(stage.events.at(-1)?.event).toBe('revoked');
    stage.close();
  });

  it('without Redis, each instance hears only its own actions (what REDIS_URL is for)', async () => {
    const [a, b] = await twoInstances([new LiveGameEvents(), new LiveGameEvents()]);
    const player = new TestClient(a.url);
    await player.login('streamer');
    const { key } = (await player.get('/api/stage')).body as StageInfo;
    const onB = await stream(b, key);
    const onA = await stream(a, key);
    expect(await onB.until(() => onB.events.length === 1)).toBe(true);
    const started = (await player.post('/api/live-games', {})).body as LiveGamePublic;
    expect(await onA.until(() => onA.events.some((e) => e.data.game?.id === started.id))).toBe(true);
    expect(await onB.until(() => onB.events.length > 1, 500)).toBe(false);
    onA.close();
    onB.close();
  });
});

describe.skipIf(!redisServer)('a server started with REDIS_URL', () => {
  it('pushes through Redis, and stops at once with a stage still watching', async () => {
    const { startServer } = await import('../../server.js');
    const { loadConfig } = await import('../../config.js');
    const { createLogger } = await import('../../log.js');
    const redis = await startRedis();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-redis-start-'));
    try {
      const config = loadConfig(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:${path.join(dir, 'game.sqlite')}`,
          REDIS_URL: redis.url,
          ADMIN_USERNAME: 'boss',
          ADMIN_PASSWORD: 'boss-password',
        },
        dir,
      );
      const running = await startServer(config, createLogger({ level: 'silent' }));
      const port = (running.server.address() as AddressInfo).port;
      const admin = new TestClient(`http://127.0.0.1:${port}`);
      await admin.login('boss', 'boss-password');
      const { key } = (await admin.get('/api/stage')).body as StageInfo;
      const stage = await stream({ url: `http://127.0.0.1:${port}` }, key);
      expect(await stage.until(() => stage.events.length === 1)).toBe(true);
      const started = (await admin.post('/api/live-games', {})).body as LiveGamePublic;
      expect(await stage.until(() => stage.events.some((e) => e.data.game?.id === started.id))).toBe(true);
      const stopping = Date.now();
      await running.close();
      expect(Date.now() - stopping).toBeLessThan(2000);
      expect(await stage.until(() => stage.ended)).toBe(true);
    } finally {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
