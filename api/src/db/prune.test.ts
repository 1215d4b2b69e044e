// The pruning timer's function (issue 38, item 7; decision 0047) against a real database, SQLite or MariaDB:
// games and scores made through the API on a fake clock, then the clock moved past each rule's age.
import { audienceLeaderboardSchema, type AudienceEvent, type LiveGamePublic } from '@dond/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import { startServer } from '../server.js';
import { audienceRepo } from '../modules/audience/audience.repo.js';
import { ok } from '../testing/expectStatus.js';
import { playLiveGame } from '../testing/games.js';
import {
  createTestUser,
  freshDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../testing/testServer.js';
import { createDb } from './knex.js';
import { migrateLatest } from './migrate.js';
import { ABANDONED_GAMES_KEPT_MS, GAME_SCORES_KEPT_MS, pruneStaleRows } from './prune.js';

const HOUR = 60 * 60 * 1000;
let server: TestServer;
let clock = Date.UTC(2026, 11, 1, 12);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

const startGame = async (client: TestClient) =>
  ok<LiveGamePublic>(await client.post('/api/live-games', {}), 201);
const statusOf = async (id: string) =>
  ((await server.db('live_games').where({ id }).first('status')) as { status: string } | undefined)?.status;

let msg = 0;
const gift = (viewerId: string, diamondCount: number): AudienceEvent => ({
  type: 'gift',
  msgId: `prune-${++msg}`,
  viewerId,
  uniqueId: viewerId,
  nickname: viewerId,
  giftId: 5655,
  giftName: 'Rose',
  diamondCount,
  repeatCount: 1,
});
/** A streamer's score rows as `scope viewer diamonds`, the scope named by `games` ('' is the stream's). */
async function scoreRows(userId: number, games: Record<string, string>) {
  const rows = (await server
    .db('audience_scores')
    .where({ user_id: userId })
    .select('game_id', 'viewer_id', 'diamonds')) as Array<{
    game_id: string;
    viewer_id: string;
    diamonds: number;
  }>;
  return rows.map((r) => `${games[r.game_id] ?? r.game_id} ${r.viewer_id} ${Number(r.diamonds)}`).sort();
}

describe('pruning abandoned live games', () => {
  it('deletes those abandoned more than a day ago, keeps newer ones, finished and active games', async () => {
    const { client } = await server.signedIn('pruner');
    const old = await startGame(client);
    // A finished game (its record and proof), which abandons `old` now.
    const finished = await playLiveGame(client);
    clock += ABANDONED_GAMES_KEPT_MS - HOUR;
    const recent = await startGame(client);
    const active = await startGame(client);
    expect(await statusOf(old.id)).toBe('abandoned');
    expect(await statusOf(recent.id)).toBe('abandoned');

    // A day and a minute after `old` was abandoned; `recent` was abandoned an hour less a minute ago.
    clock += HOUR + 60_000;
    expect((await pruneStaleRows(server.db, clock)).abandonedGames).toBe(1);
    expect(await statusOf(old.id)).toBeUndefined();
    expect(await statusOf(recent.id)).toBe('abandoned');
    expect(await statusOf(finished.id)).toBe('finished');
    expect(await statusOf(active.id)).toBe('active');
    expect(ok<{ id: string }>(await client.get('/api/live-games/current')).id).toBe(active.id);
    ok(await server.client().get(`/api/live-games/${finished.id}/verify`));
    // Nothing more to do on a second run.
    expect((await pruneStaleRows(server.db, clock)).abandonedGames).toBe(0);
  });
});

describe("pruning the audience's per-game rows", () => {
  it('deletes the rows of games last scored more than 30 days ago; the stream keeps its totals', async () => {
    const { id } = await server.createUser({ username: 'gifted' });
    const client = server.client();
    await client.login('gifted');
    const first = await startGame(client);
    ok(await client.post('/api/audience/simulate', gift('ann', 5)), 202);
    ok(await client.post('/api/audience/simulate', gift('bo', 2)), 202);
    ok(await client.get('/api/audience/leaderboard')); // writes the scores gathered so far
    clock += GAME_SCORES_KEPT_MS - 2 * HOUR;
    const second = await startGame(client);
    ok(await client.post('/api/audience/simulate', gift('ann', 7)), 202);
    const before = audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
    const games = { '': 'stream', [first.id]: 'first', [second.id]: 'second' };
    expect(await scoreRows(id, games)).toEqual([
      'first ann 5',
      'first bo 2',
      'second ann 7',
      'stream ann 12',
      'stream bo 2',
    ]);

    // 30 days and an hour after the first game's scores; the second's are 2 hours younger.
    clock += 3 * HOUR;
    expect((await pruneStaleRows(server.db, clock)).gameScores).toBe(2);
    expect(await scoreRows(id, games)).toEqual(['second ann 7', 'stream ann 12', 'stream bo 2']);
    // The boards on show are unchanged: the game on the stage and the stream's totals (a new session: the first
    // one has expired in these 30 days).
    await client.login('gifted');
    expect(audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')))).toEqual(
      before,
    );
  });
});

describe('a backlog', () => {
  it('is deleted in batches, all of it', async () => {
    const { id } = await server.createUser({ username: 'backlog' });
    const old = clock - GAME_SCORES_KEPT_MS - HOUR;
    const increments = Array.from({ length: 1_234 }, (_, i) => ({
      userId: id,
      gameId: `game-${i % 3}`,
      viewerId: `viewer-${i}`,
      nickname: `Viewer ${i}`,
      votes: 1,
      diamonds: 0,
    }));
    await audienceRepo(server.db).addScores(increments, old);
    // A server that stops ends its prune between two statements.
    expect(await pruneStaleRows(server.db, clock, AbortSignal.abort())).toEqual({
      abandonedGames: 0,
      gameScores: 0,
    });
    expect((await pruneStaleRows(server.db, clock)).gameScores).toBe(1_234);
    expect(await scoreRows(id, {})).toEqual([]);
  });
});

describe('the server', () => {
  it('prunes as it starts, on the real clock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-prune-'));
    const database = await freshDatabase();
    const db = createDb(database.url);
    await migrateLatest(db);
    const { id } = await createTestUser(db, { username: 'sleeper' });
    const old = Date.now() - ABANDONED_GAMES_KEPT_MS - HOUR;
    const row = {
      user_id: id,
      server_seed: 's',
      client_seed: 'c',
      commitment: 'h',
      gift_ids: '[]',
      actions: '[]',
    };
    await db('live_games').insert([
      {
        ...row,
        id: 'abandoned-old',
        status: 'abandoned',
        seq: 0,
        client_game_id: 'a',
        created_at: old,
        updated_at: old,
      },
      {
        ...row,
        id: 'finished-old',
        status: 'finished',
        seq: 0,
        client_game_id: 'f',
        created_at: old,
        updated_at: old,
      },
    ]);
    await audienceRepo(db).addScores(
      [{ userId: id, gameId: 'abandoned-old', viewerId: 'v', nickname: 'V', votes: 1, diamonds: 0 }],
      Date.now() - GAME_SCORES_KEPT_MS - HOUR,
    );
    await db.destroy();

    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: '0',
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      SESSION_SECRET_FILE: path.join(dir, 'session-secret'),
    };
    const running = await startServer(loadConfig(env, dir), createLogger({ level: 'silent' }));
    try {
      const ids = async () => ((await running.db('live_games').orderBy('id').pluck('id')) as string[]).join();
      const deadline = Date.now() + 3000;
      while ((await ids()) !== 'finished-old' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await ids()).toBe('finished-old');
      expect(await running.db('audience_scores').where({ user_id: id }).select('game_id')).toEqual([]);
    } finally {
      await running.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
