import {
  audienceLeaderboardSchema,
  audienceStateSchema,
  liveGamePublicSchema,
  liveGameVerifySchema,
  nextPlannedAction,
  unopenedOthers,
  type AudienceEvent,
  type AudienceState,
  type LiveGamePublic,
  AUDIENCE_LIKES_PUSH_MS,
  createManualClock,
} from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStream } from '../../testing/eventStream.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { ok } from '../../testing/expectStatus.js';
import { AUDIENCE_PUSH_INTERVAL_MS } from './audience.engine.js';

let server: TestServer;
let visitor: TestClient;
// The windows, the throttled pushes and the likes' pushes run on this clock: a test moves it past them.
const clock = createManualClock(Date.now());
const pass = (ms: number) => clock.advanceAsync(ms);
/** A 3 s window, and a moment more. */
const WINDOW_ENDS = 3100;

beforeAll(async () => {
  server = await startTestServer({ clock });
  visitor = server.client();
});
afterAll(() => server.close());

/** A new streamer for each test: the audience's windows and scores are per streamer. */
const streamer = () => server.signedIn('streamer');
const game = (body: unknown) => {
  const view = liveGamePublicSchema.parse(body) as LiveGamePublic;
  expect(audienceStateSchema.parse(view.audience)).toEqual(view.audience);
  return view as LiveGamePublic & { audience: AudienceState };
};
const act = async (client: TestClient, view: LiveGamePublic, action: object) =>
  game(ok(await client.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action })));
const current = async (client: TestClient) => game(ok(await client.get('/api/live-games/current')));

/** A new game with case 1 picked, then cases opened (the lowest first) until the banker's offer. */
async function toOffer(client: TestClient) {
  let view = game(ok(await client.post('/api/live-games', {}), 201));
  view = await act(client, view, { type: 'pick', case: 1 });
  while (view.phase === 'elimination') {
    const next = view.cases.find((c) => !c.opened && c.number !== view.playerCase)!;
    view = await act(client, view, { type: 'open', case: next.number });
  }
  expect(view.phase).toBe('offer');
  return view;
}

let msg = 0;
const chat = (viewerId: string, comment: string, msgId = `m${++msg}`): AudienceEvent => ({
  type: 'chat',
  msgId,
  viewerId,
  uniqueId: viewerId,
  nickname: viewerId.toUpperCase(),
  comment,
});
const gift = (viewerId: string, nickname: string, diamondCount: number, repeatCount = 1): AudienceEvent => ({
  type: 'gift',
  msgId: `m${++msg}`,
  viewerId,
  uniqueId: viewerId,
  nickname,
  giftId: 5655,
  giftName: 'Rose',
  diamondCount,
  repeatCount,
  pictureUrl: 'https://p16.example/rose.png',
});
const simulate = async (client: TestClient, event: AudienceEvent) =>
  ok<{ taken: boolean }>(await client.post('/api/audience/simulate', event), 202);

async function stageOf(client: TestClient) {
  const { key } = ok<{ key: string }>(await client.get('/api/stage'));
  const stream = await EventStream.open(`${server.url}/api/stage/${key}/events`);
  expect(stream.status).toBe(200);
  return stream;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Moves the clock past a 3 s window's end, then waits (in real time, up to `ms`) for the game to reach `seq`:
 * the window's result applied.
 */
async function untilSeq(client: TestClient, seq: number, ms = 6000) {
  await pass(WINDOW_ENDS);
  const deadline = Date.now() + ms;
  for (;;) {
    const view = await current(client);
    if (view.seq >= seq || Date.now() > deadline) return view;
    await sleep(100);
  }
}

describe('the audience settings', () => {
  it('are the defaults until changed, kept per streamer, and for signed-in players only', async () => {
    const { client, id } = await streamer();
    const other = await streamer();
    expect((await visitor.get('/api/audience/settings')).status).toBe(401);
    expect((await visitor.put('/api/audience/settings', { mode: 'vote', windowSeconds: 10 })).status).toBe(
      401,
    );
    expect(ok(await client.get('/api/audience/settings'))).toEqual({ mode: 'off', windowSeconds: 30 });
    expect(ok(await client.put('/api/audience/settings', { mode: 'call', windowSeconds: 12 }))).toEqual({
      mode: 'call',
      windowSeconds: 12,
    });
    expect(ok(await client.get('/api/audience/settings'))).toEqual({ mode: 'call', windowSeconds: 12 });
    expect(ok(await other.client.get('/api/audience/settings'))).toEqual({ mode: 'off', windowSeconds: 30 });
    const row = await server.db('audience_settings').where({ user_id: id }).first();
    expect(row).toMatchObject({ mode: 'call', window_seconds: 12 });
  });

  it('refuse bad input with 400 naming the field', async () => {
    const { client } = await streamer();
    const cases: Array<[unknown, string]> = [
      [{ mode: 'chaos', windowSeconds: 30 }, 'mode'],
      [{ mode: 'vote', windowSeconds: 2 }, 'windowSeconds'],
      [{ mode: 'vote', windowSeconds: 121 }, 'windowSeconds'],
      [{ mode: 'vote', windowSeconds: 3.5 }, 'windowSeconds'],
      [{ mode: 'vote' }, 'windowSeconds'],
      [{ mode: 'vote', windowSeconds: 30, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await client.put('/api/audience/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(ok(await client.get('/api/audience/settings'))).toEqual({ mode: 'off', windowSeconds: 30 });
  });
});

describe('POST /api/audience/simulate', () => {
  it('takes one normalized event with 202, a repeat of its msgId taken once', async () => {
    const { client } = await streamer();
    expect((await visitor.post('/api/audience/simulate', chat('v1', 'deal'))).status).toBe(401);
    const event = chat('v1', 'deal');
    expect(await simulate(client, event)).toEqual({ taken: true });
    expect(await simulate(client, event)).toEqual({ taken: false });
    expect(await simulate(client, gift('v2', 'Vee', 1, 3))).toEqual({ taken: true });
  });

  it('refuses a malformed event with 400 naming the field', async () => {
    const { client } = await streamer();
    const cases: Array<[unknown, string]> = [
      [{ ...chat('v1', 'deal'), msgId: '' }, 'msgId'],
      [{ ...chat('v1', 'deal'), viewerId: 7 }, 'viewerId'],
      [{ ...chat('v1', 'deal'), comment: 'x'.repeat(501) }, 'comment'],
      [{ ...chat('v1', 'deal'), type: 'shout' }, 'type'],
      [{ ...gift('v1', 'V', 1), repeatCount: 0 }, 'repeatCount'],
      [{ ...gift('v1', 'V', 1), diamondCount: -1 }, 'diamondCount'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/audience/simulate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('a source’s malformed event is dropped and counted, never thrown', async () => {
    const { id } = await streamer();
    expect(server.audience.droppedEvents(id)).toBe(0);
    await expect(server.audience.receive(id, { type: 'chat', comment: 'deal' })).resolves.toBe(false);
    await expect(server.audience.receive(id, 'not an event')).resolves.toBe(false);
    expect(server.audience.droppedEvents(id)).toBe(2);
  });
});

describe('vote mode', { timeout: 15_000 }, () => {
  it('opens a window at the offer, counts one vote per viewer (the last), ignores repeats, applies the majority', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const stage = await stageOf(client);
    const before = clock.now();
    const offer = await toOffer(client);
    expect(offer.audience).toMatchObject({
      mode: 'vote',
      open: true,
      votes: { deal: 0, noDeal: 0 },
      calls: {},
    });
    const endsAt = Date.parse(offer.audience.endsAt!);
    expect(endsAt).toBeGreaterThanOrEqual(before + 3000);
    expect(endsAt).toBeLessThanOrEqual(clock.now() + 3000);
    const opened = await stage.next((e) => e.event === 'audience' && e.data.audience.open);
    expect(opened.data).toEqual({ gameId: offer.id, audience: offer.audience });

    await simulate(client, chat('v1', 'deal'));
    await simulate(client, chat('v2', 'DEAL'));
    await simulate(client, chat('v3', '!deal'));
    await simulate(client, chat('v4', 'no deal'));
    await simulate(client, chat('v1', '!nodeal')); // v1 changes their mind: the last vote counts
    await simulate(client, chat('v5', 'no deal', 'same-id'));
    expect(await simulate(client, chat('v6', 'no deal', 'same-id'))).toEqual({ taken: false });
    await simulate(client, chat('v7', 'what a deal')); // not a vote
    const counted = await current(client);
    expect(counted.seq).toBe(offer.seq);
    expect(counted.audience).toMatchObject({ open: true, votes: { deal: 2, noDeal: 3 } });
    // The stage hears the counts (throttled), then the majority's NO DEAL as the game's next state.
    await pass(AUDIENCE_PUSH_INTERVAL_MS);
    const pushed = await stage.next(
      (e) => e.event === 'audience' && e.data.audience.votes.deal === 2 && e.data.audience.votes.noDeal === 3,
    );
    expect(pushed.data.gameId).toBe(offer.id);

    const after = await untilSeq(client, offer.seq + 1);
    expect(after.seq).toBe(offer.seq + 1);
    expect(after.phase).toBe('elimination');
    expect(after.offers).toEqual(offer.offers);
    expect(after.audience).toMatchObject({ mode: 'vote', open: false });
    const verify = liveGameVerifySchema.parse(ok(await visitor.get(`/api/live-games/${offer.id}/verify`)));
    expect(verify.actions.at(-1)).toEqual({ type: 'noDeal' });
    const applied = await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq + 1);
    expect(applied.data.game.audience).toMatchObject({ open: false });
    stage.close();
  });

  it('applies a DEAL the chat wins: the game is over and recorded as the player’s', async () => {
    const { client, id } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const offer = await toOffer(client);
    await simulate(client, chat('a', 'deal'));
    await simulate(client, chat('b', 'deal'));
    await simulate(client, chat('c', 'no deal'));
    await pass(WINDOW_ENDS);
    const deadline = Date.now() + 6000;
    let row;
    while (Date.now() < deadline && !(row = await server.db('games').where({ user_id: id }).first()))
      await sleep(100);
    expect(row).toMatchObject({ game_outcome: 'banker_accepted', final_amount: offer.currentOffer });
    expect((await client.get('/api/live-games/current')).status).toBe(404);
  });

  it('applies nothing on a tie: the streamer decides', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const offer = await toOffer(client);
    await simulate(client, chat('a', 'deal'));
    await simulate(client, chat('b', 'no deal'));
    await pass(WINDOW_ENDS);
    const view = await current(client);
    expect(view.seq).toBe(offer.seq);
    expect(view.phase).toBe('offer');
    expect(view.audience).toMatchObject({ open: false, votes: { deal: 0, noDeal: 0 } });
  });

  it('is overridden by the streamer’s own action: the window closes, its result never applied', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const stage = await stageOf(client);
    const offer = await toOffer(client);
    for (const viewer of ['a', 'b', 'c']) await simulate(client, chat(viewer, 'deal'));
    const refused = await act(client, offer, { type: 'noDeal' });
    expect(refused.phase).toBe('elimination');
    expect(refused.audience).toMatchObject({ mode: 'vote', open: false, endsAt: null });
    await pass(WINDOW_ENDS);
    const view = await current(client);
    expect(view.seq).toBe(offer.seq + 1);
    expect(view.phase).toBe('elimination');
    // The stage saw the window open, then the streamer's state with it closed.
    const opened = await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq);
    expect(opened.data.game.audience.open).toBe(true);
    const closed = await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq + 1);
    expect(closed.data.game.audience.open).toBe(false);
    stage.close();
  });

  it('pushes at most one audience state per push interval however fast the chat votes, losing no vote', async () => {
    const { client, id } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 5 }));
    await toOffer(client);
    const stage = await stageOf(client);
    // A thousand votes within one push interval (the clock stands still while they come): one push of them all.
    for (let i = 0; i < 1000; i++) {
      await server.audience.receive(id, chat(`fan${i}`, i % 3 === 0 ? 'no deal' : 'deal'));
    }
    expect((await current(client)).audience.votes).toEqual({ deal: 666, noDeal: 334 });
    const before = stage.events.filter((e) => e.event === 'audience').length;
    await pass(AUDIENCE_PUSH_INTERVAL_MS);
    await stage.until(() =>
      stage.events.some((e) => e.event === 'audience' && e.data.audience.votes.deal === 666),
    );
    const pushes = stage.events.filter((e) => e.event === 'audience');
    expect(pushes.length - before).toBe(1);
    expect(pushes.at(-1)!.data.audience.votes).toEqual({ deal: 666, noDeal: 334 });
    // Another vote in a later interval makes one push more.
    await server.audience.receive(id, chat('late', 'deal'));
    await pass(AUDIENCE_PUSH_INTERVAL_MS);
    await stage.until(() =>
      stage.events.some((e) => e.event === 'audience' && e.data.audience.votes.deal === 667),
    );
    expect(stage.events.filter((e) => e.event === 'audience').length - before).toBe(2);
    stage.close();
  });
});

describe('call mode', { timeout: 15_000 }, () => {
  it('opens a window while cases are to be opened and opens the most-called case (a tie: the first called)', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'call', windowSeconds: 3 }));
    const started = game(ok(await client.post('/api/live-games', {}), 201));
    expect(started.audience).toMatchObject({ mode: 'call', open: false });
    const picked = await act(client, started, { type: 'pick', case: 1 });
    expect(picked.audience).toMatchObject({ mode: 'call', open: true, calls: {} });
    await simulate(client, chat('a', '7'));
    await simulate(client, chat('b', '!open 9'));
    await simulate(client, chat('c', '9'));
    await simulate(client, chat('d', '#7'));
    await simulate(client, chat('e', '1')); // the player's own case: not a call
    await simulate(client, chat('f', '27')); // no such case
    await simulate(client, chat('g', '12'));
    await simulate(client, chat('g', '7')); // g's last call counts: 7 has 3
    await simulate(client, chat('h', '9')); // 9 has 3 too, but 7 was called first
    expect((await current(client)).audience.calls).toEqual({ '7': 3, '9': 3 });
    const after = await untilSeq(client, picked.seq + 1);
    expect(after.openedOrder).toEqual([7]);
    expect(after.cases[6]).toMatchObject({ number: 7, opened: true, giftId: expect.any(Number) });
    // Cases are left to open in the round: a new window, its calls from nothing.
    expect(after.casesToOpen).toBe(picked.casesToOpen - 1);
    expect(after.audience).toMatchObject({ open: true, calls: {} });
    // A case already open cannot be called any more.
    await simulate(client, chat('a', '7'));
    await simulate(client, chat('b', '3'));
    expect((await current(client)).audience.calls).toEqual({ '3': 1 });
  });

  it('opens nothing when nothing was called', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/settings', { mode: 'call', windowSeconds: 3 }));
    const started = game(ok(await client.post('/api/live-games', {}), 201));
    const picked = await act(client, started, { type: 'pick', case: 5 });
    await simulate(client, chat('a', 'deal'));
    await pass(WINDOW_ENDS);
    const view = await current(client);
    expect(view.seq).toBe(picked.seq);
    expect(view.audience).toMatchObject({ open: false });
  });
});

describe('leaderboards, gifts and the blocklist', () => {
  it('edits the blocklist within its limits', async () => {
    const { client } = await streamer();
    expect((await visitor.get('/api/audience/blocklist')).status).toBe(401);
    expect(ok(await client.get('/api/audience/blocklist'))).toEqual({ words: [] });
    expect(ok(await client.put('/api/audience/blocklist', { words: ['rude', ' troll ', 'rude'] }))).toEqual({
      words: ['rude', 'troll'],
    });
    expect(ok(await client.get('/api/audience/blocklist'))).toEqual({ words: ['rude', 'troll'] });
    const bad: Array<[unknown, string]> = [
      [{ words: Array.from({ length: 201 }, (_, i) => `w${i}`) }, 'words'],
      [{ words: ['x'.repeat(41)] }, 'words.0'],
      [{ words: ['ok', ' '] }, 'words.1'],
      [{ words: 'rude' }, 'words'],
    ];
    for (const [body, field] of bad) {
      const res = await client.put('/api/audience/blocklist', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect(ok(await client.get('/api/audience/blocklist'))).toEqual({ words: ['rude', 'troll'] });
    expect(
      ok(
        await client.put('/api/audience/blocklist', {
          words: Array.from({ length: 200 }, (_, i) => `w${i}`),
        }),
      ),
    ).toMatchObject({ words: expect.arrayContaining(['w199']) });
  });

  it('ranks the game’s and the stream’s voters and gifters, names through the blocklist', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/blocklist', { words: ['RUDE'] }));
    ok(await client.put('/api/audience/settings', { mode: 'call', windowSeconds: 30 }));
    const stage = await stageOf(client);
    const first = game(ok(await client.post('/api/live-games', {}), 201));
    await act(client, first, { type: 'pick', case: 1 });
    await simulate(client, gift('r', 'xX rude boy Xx', 5, 3));
    await simulate(client, gift('blank', '   ', 1));
    await simulate(client, gift('carol', 'Carol', 10));
    await simulate(client, { ...chat('carol', '4'), nickname: 'Carol' });
    await simulate(client, { ...chat('carol', '5'), nickname: 'Carol' }); // a changed call: still one vote
    await simulate(client, { ...chat('dave', '6'), nickname: 'Dave' });
    const pushed = await stage.next((e) => e.event === 'gift');
    expect(pushed.data).toEqual({
      viewerName: 'viewer',
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 5,
      repeatCount: 3,
      pictureUrl: 'https://p16.example/rose.png',
    });
    expect((await stage.next((e) => e.event === 'gift')).data.viewerName).toBe('viewer');
    expect((await stage.next((e) => e.event === 'gift')).data.viewerName).toBe('Carol');
    stage.close();

    const board = audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
    const expected = {
      voters: [
        { viewerName: 'Carol', votes: 1 },
        { viewerName: 'Dave', votes: 1 },
      ],
      gifters: [
        { viewerName: 'viewer', diamonds: 15 },
        { viewerName: 'Carol', diamonds: 10 },
        { viewerName: 'viewer', diamonds: 1 },
      ],
    };
    expect(board).toEqual({ game: expected, stream: expected });

    // A new game starts its own board; the stream's goes on across games.
    const second = game(ok(await client.post('/api/live-games', {}), 201));
    await act(client, second, { type: 'pick', case: 2 });
    await simulate(client, gift('carol', 'Carol', 10));
    await simulate(client, { ...chat('erin', '9'), nickname: 'Erin' });
    const later = audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
    expect(later.game).toEqual({
      voters: [{ viewerName: 'Erin', votes: 1 }],
      gifters: [{ viewerName: 'Carol', diamonds: 10 }],
    });
    expect(later.stream.gifters[0]).toEqual({ viewerName: 'Carol', diamonds: 20 });
    expect(later.stream.voters.map((v) => v.viewerName).sort()).toEqual(['Carol', 'Dave', 'Erin']);

    // The blocklist applies where names are shown, at once: Carol's name now reads 'viewer'.
    ok(await client.put('/api/audience/blocklist', { words: ['rude', 'carol'] }));
    const hidden = audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
    expect(hidden.stream.gifters[0]).toEqual({ viewerName: 'viewer', diamonds: 20 });
    expect((await visitor.get('/api/audience/leaderboard')).status).toBe(401);
  });

  it('keeps the top 10 of each board', async () => {
    const { client } = await streamer();
    await client.post('/api/live-games', {});
    for (let i = 1; i <= 12; i++) await simulate(client, gift(`g${i}`, `Giver ${i}`, i));
    const board = audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
    expect(board.stream.gifters).toHaveLength(10);
    expect(board.stream.gifters[0]).toEqual({ viewerName: 'Giver 12', diamonds: 12 });
    expect(board.game.gifters.at(-1)).toEqual({ viewerName: 'Giver 3', diamonds: 3 });
  });
});

describe('gift rules', { timeout: 15_000 }, () => {
  const named = (event: AudienceEvent, giftName: string) => ({ ...event, giftName });

  it('are none until changed, kept per streamer, and refuse bad input naming the field', async () => {
    const { client } = await streamer();
    expect((await visitor.get('/api/audience/gift-rules')).status).toBe(401);
    expect(ok(await client.get('/api/audience/gift-rules'))).toEqual({ rules: [] });
    const rules = [
      { giftName: 'Rose', effect: 'deal' },
      { giftName: 'TikTok', effect: 'noDeal' },
      { giftName: 'GG', effect: 'call' },
    ];
    expect(ok(await client.put('/api/audience/gift-rules', { rules }))).toEqual({ rules });
    expect(ok(await client.get('/api/audience/gift-rules'))).toEqual({ rules });
    expect(ok(await (await streamer()).client.get('/api/audience/gift-rules'))).toEqual({ rules: [] });
    const bad: Array<[unknown, string]> = [
      [{ rules: [{ giftName: 'Rose', effect: 'win' }] }, 'effect'],
      [{ rules: [{ giftName: '  ', effect: 'deal' }] }, 'giftName'],
      [{ rules: [{ giftName: 'Rose' }] }, 'effect'],
      [
        {
          rules: [
            { giftName: 'Rose', effect: 'deal' },
            { giftName: 'rose', effect: 'call' },
          ],
        },
        'rules',
      ],
      [{ rules: Array.from({ length: 21 }, (_, i) => ({ giftName: `Gift ${i}`, effect: 'deal' })) }, 'rules'],
      [{ rules: 'Rose' }, 'rules'],
    ];
    for (const [body, field] of bad) {
      const res = await client.put('/api/audience/gift-rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: string }).error).toContain(field);
    }
    // Nothing of a refused change was kept.
    expect(ok(await client.get('/api/audience/gift-rules'))).toEqual({ rules });
  });

  it('count a mapped gift as votes weighted by its diamonds, and the weighted majority is applied', async () => {
    const { client } = await streamer();
    ok(
      await client.put('/api/audience/gift-rules', {
        rules: [
          { giftName: 'rose', effect: 'deal' },
          { giftName: 'TikTok', effect: 'noDeal' },
        ],
      }),
    );
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const offer = await toOffer(client);
    const stage = await stageOf(client);
    for (const viewer of ['a', 'b', 'c', 'd']) await simulate(client, chat(viewer, 'no deal'));
    await simulate(client, gift('e', 'Erin', 1, 5)); // a streak of five Roses: 5 DEAL votes
    await simulate(client, named(gift('f', 'Finn', 1), 'TikTok')); // 1 NO DEAL vote
    await simulate(client, named(gift('g', 'Gus', 500), 'Lion')); // no rule: it only shows
    expect((await current(client)).audience.votes).toEqual({ deal: 5, noDeal: 5 });
    await simulate(client, gift('e', 'Erin', 1, 2)); // Erin again: 7 against 5
    expect((await current(client)).audience.votes).toEqual({ deal: 7, noDeal: 5 });
    await pass(AUDIENCE_PUSH_INTERVAL_MS);
    await stage.until(() =>
      stage.events.some((e) => e.event === 'audience' && e.data.audience.votes.deal === 7),
    );
    await pass(WINDOW_ENDS);
    const over = await stage.next((e) => e.event === 'game' && e.data.game?.seq === offer.seq + 1);
    stage.close();
    expect(over.data.game.result).toMatchObject({ outcome: 'banker_accepted', amount: offer.currentOffer });
  });

  it('back the case their viewer called with their weight, held until the viewer calls', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/gift-rules', { rules: [{ giftName: 'Rose', effect: 'call' }] }));
    ok(await client.put('/api/audience/settings', { mode: 'call', windowSeconds: 3 }));
    const started = game(ok(await client.post('/api/live-games', {}), 201));
    const picked = await act(client, started, { type: 'pick', case: 1 });
    await simulate(client, chat('a', '7'));
    await simulate(client, chat('b', '9'));
    await simulate(client, chat('c', '9'));
    await simulate(client, gift('a', 'A', 1, 3)); // 7: 1 + 3
    expect((await current(client)).audience.calls).toEqual({ '7': 4, '9': 2 });
    await simulate(client, gift('d', 'D', 10)); // d has called nothing yet: held
    expect((await current(client)).audience.calls).toEqual({ '7': 4, '9': 2 });
    await simulate(client, chat('d', '12')); // d's call carries their gift: 12 has 11
    expect((await current(client)).audience.calls).toEqual({ '7': 4, '9': 2, '12': 11 });
    await simulate(client, chat('d', '9')); // and moves with their call
    expect((await current(client)).audience.calls).toEqual({ '7': 4, '9': 13 });
    const after = await untilSeq(client, picked.seq + 1);
    expect(after.openedOrder).toEqual([9]);
  });
});

describe('likes, follows and shares', () => {
  it('reach the stage: a follow or share at once, likes added up, names through the blocklist', async () => {
    const { client } = await streamer();
    ok(await client.put('/api/audience/blocklist', { words: ['rude'] }));
    const stage = await stageOf(client);
    const viewer = (id: string, nickname: string) => ({
      msgId: `m${++msg}`,
      viewerId: id,
      uniqueId: id,
      nickname,
    });
    await simulate(client, { type: 'follow', ...viewer('f', 'Fran') });
    expect((await stage.next((e) => e.event === 'social')).data).toEqual({
      kind: 'follow',
      viewerName: 'Fran',
      count: 1,
      likes: 0,
    });
    await simulate(client, { type: 'join', ...viewer('j', 'Jo') });
    await simulate(client, { type: 'like', ...viewer('l1', 'Lee'), likeCount: 15 });
    await simulate(client, { type: 'like', ...viewer('l2', 'Rude Lou'), likeCount: 5 });
    await simulate(client, { type: 'share', ...viewer('s', 'Rude Sam') });
    expect((await stage.next((e) => e.event === 'social')).data).toEqual({
      kind: 'share',
      viewerName: 'viewer',
      count: 1,
      likes: 20,
    });
    // The likes within AUDIENCE_LIKES_PUSH_MS make one push, named after the last liker.
    await pass(AUDIENCE_LIKES_PUSH_MS);
    expect((await stage.next((e) => e.event === 'social')).data).toEqual({
      kind: 'like',
      viewerName: 'viewer',
      count: 20,
      likes: 20,
    });
    await simulate(client, { type: 'like', ...viewer('l1', 'Lee'), likeCount: 3 });
    await pass(AUDIENCE_LIKES_PUSH_MS);
    expect((await stage.next((e) => e.event === 'social')).data).toMatchObject({ count: 3, likes: 23 });
    // A join shows nothing: no push is left over.
    await pass(AUDIENCE_LIKES_PUSH_MS + 200);
    expect(stage.events.filter((e) => e.event === 'social')).toEqual([]);
    stage.close();
  });
});

describe('the stage’s leaderboards', () => {
  it('are read with the stage’s key, and pushed to the stage when the scores are written', async () => {
    const { client } = await streamer();
    const { key } = ok<{ key: string }>(await client.get('/api/stage'));
    expect(ok(await visitor.get(`/api/stage/${key}/leaderboard`))).toEqual({
      game: { voters: [], gifters: [] },
      stream: { voters: [], gifters: [] },
    });
    expect((await visitor.get('/api/stage/not-a-key/leaderboard')).status).toBe(404);
    const stage = await stageOf(client);
    await simulate(client, gift('z', 'Zoe', 30, 2));
    const pushed = await stage.next((e) => e.event === 'leaderboard');
    expect(audienceLeaderboardSchema.parse(pushed.data).stream.gifters).toEqual([
      { viewerName: 'Zoe', diamonds: 60 },
    ]);
    expect(ok(await visitor.get(`/api/stage/${key}/leaderboard`))).toEqual(pushed.data);
    stage.close();
  });
});

describe('the audience field', () => {
  it('is in every answer and stage read of the player’s live game', async () => {
    const { client } = await streamer();
    const started = game(ok(await client.post('/api/live-games', {}), 201));
    expect(started.audience).toEqual({
      mode: 'off',
      open: false,
      endsAt: null,
      votes: { deal: 0, noDeal: 0 },
      calls: {},
    });
    const picked = await act(client, started, { type: 'pick', case: 3 });
    expect(picked.audience.mode).toBe('off');
    // The same action again answers the state, audience included.
    expect(await act(client, started, { type: 'pick', case: 3 })).toEqual(picked);
    expect((await current(client)).audience).toEqual(picked.audience);
    const { key } = ok<{ key: string }>(await client.get('/api/stage'));
    const shown = ok<{ game: LiveGamePublic }>(await visitor.get(`/api/stage/${key}/game`));
    expect(shown.game.audience).toEqual(picked.audience);
    const stage = await stageOf(client);
    expect((await stage.next((e) => e.event === 'game')).data.game.audience).toEqual(picked.audience);
    stage.close();
  });
});

describe('one live games service', { timeout: 20_000 }, () => {
  // A server of its own: its count of sessions loaded sees this test's games only.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ clock });
  });
  afterAll(() => own.close());

  it('serves the player, the stage and the audience from one cache of sessions', async () => {
    const { client } = await own.signedIn('streamer');
    const reader = own.client();
    const { key } = ok<{ key: string }>(await client.get('/api/stage'));
    const stageRead = async () =>
      ok<{ game: LiveGamePublic }>(await reader.get(`/api/stage/${key}/game`)).game;
    ok(await client.put('/api/audience/settings', { mode: 'vote', windowSeconds: 3 }));
    const loaded = own.liveGames.sessionsLoaded();
    const offer = await toOffer(client);
    expect((await stageRead()).seq).toBe(offer.seq);
    // The audience's NO DEAL is applied through the player's service: the player's reads, their next action and
    // the stage's read find the session it made in the one cache (a service of its own would load it again).
    for (const viewer of ['a', 'b', 'c'])
      ok(await client.post('/api/audience/simulate', chat(`one-${viewer}`, 'no deal')), 202);
    const after = await untilSeq(client, offer.seq + 1);
    expect(after).toMatchObject({ seq: offer.seq + 1, phase: 'elimination' });
    const opened = await act(client, after, { type: 'open', case: unopenedOthers(after)[0]! });
    expect(await stageRead()).toEqual(opened);
    expect(own.liveGames.sessionsLoaded()).toBe(loaded);
    // A finished game leaves the cache: a stage's read and a verify load it, counted by this same service.
    let view: LiveGamePublic = opened;
    for (let action = nextPlannedAction(view, { dealInRound: view.round }); action;) {
      view = await act(client, view, action);
      action = nextPlannedAction(view, { dealInRound: view.round });
    }
    expect(view.result?.outcome).toBe('banker_accepted');
    expect((await stageRead()).result).toEqual(view.result);
    expect(own.liveGames.sessionsLoaded()).toBe(loaded + 1);
    ok(await reader.get(`/api/live-games/${view.id}/verify`));
    expect(own.liveGames.sessionsLoaded()).toBe(loaded + 2);
  });
});
