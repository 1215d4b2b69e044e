import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  liveGamePublicSchema,
  SCREEN_ID_HEADER,
  stageInfoSchema,
  type LiveGamePublic,
  type StageGame,
} from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playLiveGame, stateOf } from '../../testing/games.js';
import { EventStream } from '../../testing/eventStream.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { STAGE_LINK_NOT_VALID } from './stage.router.js';

let server: TestServer;
let streamer: TestClient;
let other: TestClient;
let visitor: TestClient;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-stage-client-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>the game client</title>');
  server = await startTestServer({ clientDir, appUrl: 'http://dond.example' });
  await server.createUser({ username: 'streamer' });
  await server.createUser({ username: 'other' });
  streamer = server.client();
  await streamer.login('streamer');
  other = server.client();
  await other.login('other');
  visitor = server.client();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const stageInfo = async (client = streamer) => {
  const res = await client.get('/api/stage');
  expect(res.status, res.text).toBe(200);
  return stageInfoSchema.parse(res.body);
};

/** A stage's Server-Sent Events (no cookie: a stage has none). */
const StageStream = {
  open: async (key: string) => {
    const stream = await EventStream.open(`${server.url}/api/stage/${key}/events`);
    if (stream.status === 200) expect(stream.contentType).toMatch(/^text\/event-stream/);
    return stream;
  },
};

const gameEvent = (e: { event: string; data: StageGame }) => e.event === 'game';

describe('the stage key', () => {
  it('is made on first use, kept after, and at least 128 bits of base64url', async () => {
    expect((await visitor.get('/api/stage')).status).toBe(401);
    const first = await stageInfo();
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.urls).toEqual({
      landscape: `http://dond.example/stage/${first.key}?layout=landscape`,
      portrait: `http://dond.example/stage/${first.key}?layout=portrait`,
    });
    expect((await stageInfo()).key).toBe(first.key);
    expect((await stageInfo(other)).key).not.toBe(first.key);
  });

  it('POST /api/stage/key replaces it: the old key reads nothing any more', async () => {
    expect((await visitor.post('/api/stage/key')).status).toBe(401);
    const old = await stageInfo();
    const res = await streamer.post('/api/stage/key');
    expect(res.status, res.text).toBe(200);
    const renewed = stageInfoSchema.parse(res.body);
    expect(renewed.key).not.toBe(old.key);
    expect((await stageInfo()).key).toBe(renewed.key);
    const gone = await visitor.get(`/api/stage/${old.key}/game`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: STAGE_LINK_NOT_VALID });
    expect((await visitor.get(`/api/stage/${renewed.key}/game`)).status).toBe(200);
  });
});

describe('the stage page', () => {
  it('is the game client for a valid key, and a 404 page saying why for any other', async () => {
    const { key } = await stageInfo();
    const page = await visitor.get(`/stage/${key}?layout=portrait&bg=transparent`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('the game client');
    for (const bad of ['A'.repeat(43), 'short', `${key}x`]) {
      const res = await visitor.get(`/stage/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain(STAGE_LINK_NOT_VALID);
    }
  });
});

describe('what a stage reads', () => {
  it("shows the streamer's game in progress with nothing hidden revealed, then its result once over", async () => {
    await server.createUser({ username: 'fresh' });
    const fresh = server.client();
    await fresh.login('fresh');
    const { key } = await stageInfo(fresh);
    expect((await visitor.get(`/api/stage/${key}/game`)).body).toEqual({ game: null });

    const started = (await fresh.post('/api/live-games', {})).body as LiveGamePublic;
    const shown = (await visitor.get(`/api/stage/${key}/game`)).body as StageGame;
    expect(shown.game).toEqual(started);
    expect(liveGamePublicSchema.parse(shown.game)).toEqual(started);
    for (const c of shown.game!.cases) expect(c.giftId).toBeUndefined();

    const played = await playLiveGame(fresh, { seed: 7 });
    const last = played.views.at(-1)!;
    expect(last.result).not.toBeNull();
    expect(((await visitor.get(`/api/stage/${key}/game`)).body as StageGame).game).toEqual(last);
  });
});

describe("a stage's pushes", () => {
  it('sends the game as it is, then every change as the player makes it, to every stage at once', async () => {
    const { key } = await stageInfo();
    const started = (await streamer.post('/api/live-games', {})).body as LiveGamePublic;
    const landscape = await StageStream.open(key);
    const portrait = await StageStream.open(key);
    try {
      for (const stage of [landscape, portrait])
        expect((await stage.next(gameEvent)).data).toEqual({ game: started });
      const picked = await streamer.post(`/api/live-games/${started.id}/actions`, {
        seq: 0,
        type: 'pick',
        case: 5,
      });
      expect(picked.status, picked.text).toBe(200);
      for (const stage of [landscape, portrait]) {
        const pushed = (await stage.next(gameEvent)).data as StageGame;
        // The state and what the action did, as the player's answer has them.
        expect(pushed).toEqual({ game: stateOf(picked.body), events: picked.body.events });
        expect(pushed.game!.playerCase).toBe(5);
        expect(pushed.game!.cases[4]!.giftId).toBeUndefined();
      }
      // Another player's game is not on this stage.
      await other.post('/api/live-games', {});
      const opened = await streamer.post(`/api/live-games/${started.id}/actions`, {
        seq: 1,
        type: 'open',
        case: 1,
      });
      const next = (await landscape.next(gameEvent)).data as StageGame;
      expect(next).toEqual({ game: stateOf(opened.body), events: opened.body.events });
      expect(next.game!.cases[0]!.giftId).toBeTypeOf('number');
    } finally {
      landscape.close();
      portrait.close();
    }
  });

  it('sends a screen’s own change to every stream but the one that screen opened (X-Screen-Id, ?screen=)', async () => {
    const { key } = await stageInfo();
    const started = (await streamer.post('/api/live-games', {})).body as LiveGamePublic;
    const board = await EventStream.open(`${server.url}/api/stage/${key}/events?screen=board-1`);
    const stage = await StageStream.open(key);
    try {
      for (const stream of [board, stage])
        expect((await stream.next(gameEvent)).data).toEqual({ game: started });
      const fromBoard = { [SCREEN_ID_HEADER]: 'board-1' };
      const picked = await streamer.post(
        `/api/live-games/${started.id}/actions`,
        { seq: 0, type: 'pick', case: 5 },
        fromBoard,
      );
      expect(picked.status, picked.text).toBe(200);
      expect((await stage.next(gameEvent)).data).toEqual({
        game: stateOf(picked.body),
        events: picked.body.events,
      });
      // Another screen's action (the deck's) reaches the board.
      const opened = await streamer.post(
        `/api/live-games/${started.id}/actions`,
        { seq: 1, type: 'open', case: 1 },
        { [SCREEN_ID_HEADER]: 'deck_2' },
      );
      expect(opened.status, opened.text).toBe(200);
      // The board's next push is the deck's: its own pick never came back to it.
      expect((await board.next(gameEvent)).data).toEqual({
        game: stateOf(opened.body),
        events: opened.body.events,
      });
      // A malformed screen id is a 400 naming the header, or the stream's parameter, and changes nothing.
      for (const bad of ['', 'has space', 'x'.repeat(65), 'a/b']) {
        const refused = await streamer.post(
          `/api/live-games/${started.id}/actions`,
          { seq: 2, type: 'open', case: 2 },
          { [SCREEN_ID_HEADER]: bad },
        );
        expect(refused, bad).toMatchObject({ status: 400, body: { field: SCREEN_ID_HEADER } });
      }
      const badStream = await visitor.get(`/api/stage/${key}/events?screen=${'x'.repeat(65)}`);
      expect(badStream).toMatchObject({ status: 400, body: { field: 'screen' } });
      expect(((await streamer.get('/api/live-games/current')).body as LiveGamePublic).seq).toBe(2);
    } finally {
      board.close();
      stage.close();
    }
  });

  it('tells every stage when CONTINUE closes a DEAL’s reveal; refused for a game not ended by a DEAL', async () => {
    const { key } = await stageInfo();
    const kept = await playLiveGame(streamer, { dealInRound: null });
    const refused = await streamer.post(`/api/live-games/${kept.id}/continue`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toMatch(
      /continue follows a DEAL only: this game is in the final-reveal phase/,
    );
    const dealt = await playLiveGame(streamer, { dealInRound: 1 });
    const stage = await StageStream.open(key);
    try {
      expect(((await stage.next(gameEvent)).data as StageGame).game!.id).toBe(dealt.id);
      // Another player's game, or one that does not exist, is not found.
      expect((await other.post(`/api/live-games/${dealt.id}/continue`)).status).toBe(404);
      expect((await visitor.post(`/api/live-games/${dealt.id}/continue`)).status).toBe(401);
      const res = await streamer.post(`/api/live-games/${dealt.id}/continue`);
      expect(res.status, res.text).toBe(204);
      expect((await stage.next((e) => e.event === 'continue')).data).toEqual({ gameId: dealt.id });
    } finally {
      stage.close();
    }
  });

  it('ends with "revoked" when the key is replaced, and a replaced key opens no stream', async () => {
    const { key } = await stageInfo();
    const stage = await StageStream.open(key);
    await stage.next(gameEvent);
    await streamer.post('/api/stage/key');
    expect((await stage.next((e) => e.event === 'revoked')).data).toEqual({ error: STAGE_LINK_NOT_VALID });
    await stage.next(() => false).catch((error: Error) => expect(error.message).toMatch(/ended/));
    const again = await StageStream.open(key);
    expect(again.status).toBe(404);
  });

  it("a stage key only reads: no action can be made with it, and the stage's stream stays read-only", async () => {
    const { key } = await stageInfo();
    const game = (await streamer.post('/api/live-games', {})).body as LiveGamePublic;
    for (const url of [`/api/stage/${key}/game`, `/api/stage/${key}/events`, `/api/stage/${key}`]) {
      const res = await visitor.post(url, { seq: 0, type: 'pick', case: 1 });
      expect(res.status, url).toBe(404);
    }
    const res = await visitor.post(`/api/live-games/${game.id}/actions?key=${key}`, {
      seq: 0,
      type: 'pick',
      case: 1,
    });
    expect(res.status).toBe(401);
  });
});
