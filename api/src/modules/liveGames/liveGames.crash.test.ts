// A live game survives the server process killed with SIGKILL: every action the server answered is in the
// database, and the game goes on from there on the next start. The real server program (src/index.ts, as
// `npm start` runs it but from source) on a real database: a SQLite file, or MariaDB with TEST_MYSQL_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nextPlannedAction, type LiveGamePublic } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/knex.js';
import { migrateLatest } from '../../db/migrate.js';
import { stateOf } from '../../testing/games.js';
import { startServerProcess, type ServerProcess } from '../../testing/serverProcess.js';
import { freshDatabase, TestClient, type TestDatabase, createTestUser } from '../../testing/testServer.js';

let database: TestDatabase;
let dir: string;
let running: ServerProcess | undefined;

beforeAll(async () => {
  database = await freshDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-crash-'));
  const db = createDb(database.url);
  await migrateLatest(db);
  await createTestUser(db, { username: 'streamer' });
  await db.destroy();
});
afterAll(async () => {
  running?.kill();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server program on the test database; answers it once it listens. */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    // The same secret on every start, so the player's session cookie stays good across the crash.
    SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
    ADMIN_USERNAME: 'boss',
    ADMIN_PASSWORD: 'secret123',
  });
  running = server;
  if (!server.url) throw new Error(`exited with ${String(await server.exited)}:\n${server.output}`);
  return server;
}

describe('a live game when the server is killed with SIGKILL', () => {
  it('loses no action the server answered, and goes on after the restart', async () => {
    let server = await startServer();
    let client = new TestClient(server.url!);
    await client.login('streamer');
    const started = await client.post('/api/live-games', { clientSeed: 'crash' });
    expect(started.status).toBe(201);
    let view = started.body as LiveGamePublic;
    const plan = { pick: 9, dealInRound: null, swap: true };

    // Killed right after the 3rd answer, then after the 7th (an offer on the table), then the 13th.
    for (const killAt of [3, 7, 13]) {
      while (view.seq < killAt) {
        const action = nextPlannedAction(view, plan)!;
        const res = await client.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action });
        expect(res.status, res.text).toBe(200);
        view = stateOf(res.body);
      }
      // At once, with no other request in between: the answer was sent, so the action must be stored.
      server.kill();
      await server.exited;
      server = await startServer();
      const cookie = client.cookie;
      client = new TestClient(server.url!);
      client.cookie = cookie;
      const current = await client.get('/api/live-games/current');
      expect(current.status, current.text).toBe(200);
      expect(current.body).toEqual(view);
    }
    expect(view.phase).toBe('offer');

    // The same action sent again after the restart is a repeat, not a second action.
    const last = await client.get(`/api/live-games/${view.id}/verify`);
    const repeat = await client.post(`/api/live-games/${view.id}/actions`, {
      seq: view.seq - 1,
      ...last.body.actions.at(-1),
    });
    expect(repeat).toMatchObject({ status: 200, body: view });

    // And the game goes on to its end, and is recorded.
    for (let action = nextPlannedAction(view, plan); action; action = nextPlannedAction(view, plan)) {
      const res = await client.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action });
      expect(res.status, res.text).toBe(200);
      view = res.body;
    }
    expect(view.result).toMatchObject({ outcome: 'won', swapped: true });
    const saved = await client.get('/api/games/my-games');
    expect(saved.body.games.map((g: { clientGameId: string }) => g.clientGameId)).toEqual([view.id]);
    server.kill();
    await server.exited;
    running = undefined;
  }, 120_000);
});
