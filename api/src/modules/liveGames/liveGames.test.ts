import { createHash } from 'node:crypto';
import {
  DEFAULT_GIFT_IDS,
  giftById,
  liveGamePublicSchema,
  liveGameVerifySchema,
  replaySession,
  resolveGiftSet,
  sessionBoard,
  type LiveGamePublic,
} from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadOf, playLiveGame, stateOf } from '../../testing/games.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import {
  contradicts,
  LIVE_GAME_REQUIRED,
  liveGameNotOver,
  notOwnGiftSet,
  notPlayersLiveGame,
} from '../games/games.service.js';
import { ABANDONED, gameNotFound, NO_CURRENT_GAME } from './liveGames.service.js';

let server: TestServer;
let player: TestClient;
let rival: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  for (const username of ['streamer', 'rival']) await server.createUser({ username });
  await server.createUser({ username: 'boss', isAdmin: true });
  player = server.client();
  await player.login('streamer');
  rival = server.client();
  await rival.login('rival');
  admin = server.client();
  await admin.login('boss');
});
afterAll(() => server.close());

const start = async (client = player, body: object = {}) => {
  const res = await client.post('/api/live-games', body);
  expect(res.status, res.text).toBe(201);
  return res.body as LiveGamePublic;
};
const act = (client: TestClient, id: string, body: object) =>
  client.post(`/api/live-games/${id}/actions`, body);
const liveRow = (id: string) => server.db('live_games').where({ id }).first();
const countGames = async () => Number((await server.db('games').count<{ n: number }[]>({ n: '*' }))[0]!.n);
const stats = async () => (await admin.get('/api/admin/games/stats')).body as { totalGames: number };

/** No answer before the end holds the content of a case that is not open. */
function expectNothingHidden(view: LiveGamePublic) {
  expect(liveGamePublicSchema.parse(view)).toEqual(view);
  if (view.result) return;
  for (const c of view.cases) expect(c.giftId !== undefined, `case ${c.number}`).toBe(c.opened);
  expect(JSON.stringify(view)).not.toMatch(/serverSeed|board/);
}

describe('POST /api/live-games', () => {
  it('is for signed-in players only, as is every route but verify', async () => {
    const visitor = server.client();
    const id = (await start()).id;
    for (const res of [
      await visitor.post('/api/live-games', {}),
      await visitor.get('/api/live-games/current'),
      await visitor.post(`/api/live-games/${id}/actions`, { seq: 0, type: 'pick', case: 1 }),
    ]) {
      expect(res).toMatchObject({ status: 401, body: { error: 'Please log in first' } });
    }
    expect((await visitor.get(`/api/live-games/${id}/verify`)).status).toBe(200);
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await player.post('/api/live-games', {}, { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(403);
  });

  it('deals a game: the commitment, the clientSeed, 26 closed cases, nothing of their content', async () => {
    const view = await start(player, { clientSeed: 'my-own_seed1' });
    expect(view).toMatchObject({
      clientSeed: 'my-own_seed1',
      seq: 0,
      phase: 'selection',
      round: 1,
      playerCase: null,
      offers: [],
      currentOffer: null,
      result: null,
    });
    expect(view.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(view.cases.map((c) => c.number)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expectNothingHidden(view);
    // The value boards: the default set, coins ascending.
    expect([...view.giftIds].sort((a, b) => a - b)).toEqual([...DEFAULT_GIFT_IDS].sort((a, b) => a - b));
    const coins = view.giftIds.map((id) => giftById(id)!.coins);
    expect(coins).toEqual([...coins].sort((a, b) => a - b));
    // No clientSeed: the server makes a random one.
    const other = await start();
    expect(other.clientSeed).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(other.commitment).not.toBe(view.commitment);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ clientSeed: 'has space' }, 'clientSeed'],
      [{ clientSeed: 'x'.repeat(65) }, 'clientSeed'],
      [{ clientSeed: '' }, 'clientSeed'],
      [{ customGiftSetId: 'one' }, 'customGiftSetId'],
      [{ serverSeed: '0'.repeat(64) }, 'serverSeed'],
    ] as const) {
      const res = await player.post('/api/live-games', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('deals from the player’s own gift set, and refuses another’s with 422 naming the field', async () => {
    const custom = [...DEFAULT_GIFT_IDS.slice(1), 44];
    const own = (await player.post('/api/gifts/custom', { name: 'Mine', giftIds: custom })).body
      .customGiftSet;
    const view = await start(player, { customGiftSetId: own.id });
    expect([...view.giftIds].sort((a, b) => a - b)).toEqual([...custom].sort((a, b) => a - b));
    const theirs = (await rival.post('/api/gifts/custom', { name: 'Theirs', giftIds: DEFAULT_GIFT_IDS })).body
      .customGiftSet;
    for (const id of [theirs.id, 999999]) {
      const res = await player.post('/api/live-games', { customGiftSetId: id });
      expect(res).toMatchObject({
        status: 422,
        body: { error: notOwnGiftSet(id), field: 'customGiftSetId' },
      });
    }
    // The game keeps the 26 it was dealt when the set changes.
    await player.post('/api/gifts/custom', { name: 'Mine', giftIds: DEFAULT_GIFT_IDS });
    expect((await player.get('/api/live-games/current')).body.giftIds).toEqual(view.giftIds);
  });

  it('abandons the unfinished game: kept, refused further actions, never in the statistics', async () => {
    const first = await start();
    const picked = await act(player, first.id, { seq: 0, type: 'pick', case: 3 });
    expect(picked.status).toBe(200);
    const before = await stats();
    const second = await start();
    expect((await player.get('/api/live-games/current')).body.id).toBe(second.id);
    expect(await liveRow(first.id)).toMatchObject({ status: 'abandoned', seq: 1 });
    const res = await act(player, first.id, { seq: 1, type: 'open', case: 1 });
    expect(res).toMatchObject({
      status: 409,
      body: { error: ABANDONED, phase: 'elimination', expectedSeq: 1 },
    });
    // A repeat of what was applied still answers its state.
    expect((await act(player, first.id, { seq: 0, type: 'pick', case: 3 })).status).toBe(200);
    expect((await stats()).totalGames).toBe(before.totalGames);
    expect(await server.db('games').where({ client_game_id: first.id }).first()).toBeUndefined();
  });
});

describe('starts at once', () => {
  it('leave the player one unfinished game, the others abandoned', async () => {
    const client = server.client();
    await server.createUser({ username: 'hasty' });
    await client.login('hasty');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.post('/api/live-games', { customGiftSetId: null })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const user = await server.db('users').where({ username: 'hasty' }).first();
    const rows = await server.db('live_games').where({ user_id: user.id });
    expect(rows.map((r) => r.status).sort()).toEqual(['abandoned', 'abandoned', 'abandoned', 'active']);
    const current = await client.get('/api/live-games/current');
    expect(current.body.id).toBe(rows.find((r) => r.status === 'active').id);
  });
});

describe('GET /api/live-games/current', () => {
  it('answers the unfinished game as it stands, or 404 when there is none', async () => {
    const fresh = server.client();
    await server.createUser({ username: 'newcomer' });
    await fresh.login('newcomer');
    expect(await fresh.get('/api/live-games/current')).toMatchObject({
      status: 404,
      body: { error: NO_CURRENT_GAME },
    });
    const view = await start(fresh);
    let state = stateOf((await act(fresh, view.id, { seq: 0, type: 'pick', case: 7 })).body);
    for (const n of [1, 2, 3, 4, 5, 6])
      state = stateOf((await act(fresh, view.id, { seq: state.seq, type: 'open', case: n })).body);
    expect(state).toMatchObject({ phase: 'offer', round: 1, seq: 7 });
    expect(state.currentOffer).toEqual(expect.any(Number));
    // A reload in the middle of an offer finds the offer on the table.
    expect((await fresh.get('/api/live-games/current')).body).toEqual(state);
    await act(fresh, view.id, { seq: 7, type: 'deal' });
    expect((await fresh.get('/api/live-games/current')).status).toBe(404);
  });

  it('holds a game left where the helper stopped it: the board resumes it from there', async () => {
    // The stops browser tests start their games at (testing/games.ts's `until`).
    const stops = [
      ['offer', { phase: 'offer', round: 1, seq: 7 }],
      [
        { round: 3, phase: 'offer' },
        { phase: 'offer', round: 3 },
      ],
      ['final-choice', { phase: 'final-choice', result: null }],
      [{ seq: 3 }, { phase: 'elimination', seq: 3 }],
    ] as const;
    for (const [until, expected] of stops) {
      const { view, views, actions } = await playLiveGame(player, { seed: 60, until });
      expect(view).toMatchObject(expected);
      expect(views.at(-1)).toBe(view);
      expect(actions).toHaveLength(view.seq);
      expect((await player.get('/api/live-games/current')).body).toEqual(view);
    }
    // A plan that ends the game first never reaches its stop.
    await expect(playLiveGame(player, { seed: 61, dealInRound: 1, until: 'final-choice' })).rejects.toThrow(
      /ended .* before "final-choice"/,
    );
  });
});

describe('POST /api/live-games/{id}/actions', () => {
  it('plays whole games, a deal and keep and swap, never showing an unopened case before the end', async () => {
    for (const plan of [
      { seed: 1, pick: 4, dealInRound: 3 },
      { seed: 2, pick: 26, dealInRound: null, swap: false },
      { seed: 3, pick: 13, dealInRound: null, swap: true },
    ]) {
      const before = await countGames();
      const game = await playLiveGame(player, plan);
      game.views.forEach(expectNothingHidden);
      const last = game.views.at(-1)!;
      expect(last.cases.every((c) => c.giftId !== undefined)).toBe(true);
      expect(last.playerCase).toBe(plan.pick);
      expect(last.result).toMatchObject(
        plan.dealInRound
          ? { outcome: 'banker_accepted', swapped: null, finalCase: plan.pick }
          : { outcome: 'won', swapped: plan.swap },
      );
      if (plan.dealInRound) expect(last.result!.amount).toBe(last.offers.at(-1));
      // Recorded with the last action: the game row and the link to it.
      expect(await countGames()).toBe(before + 1);
      const row = await liveRow(game.id);
      expect(row).toMatchObject({ status: 'finished', seq: game.actions.length });
      const record = await server.db('games').where({ id: row.game_id }).first();
      expect(record).toMatchObject({
        client_game_id: game.id,
        username: 'streamer',
        final_amount: last.result!.amount,
        game_outcome: last.result!.outcome,
        first_case_selected: plan.pick,
      });
      expect(JSON.parse(record.cases_eliminated)).toEqual(game.payload.casesEliminated);
      // The finished game takes no more actions.
      const more = await act(player, game.id, { seq: last.seq, type: 'noDeal' });
      expect(more).toMatchObject({ status: 409, body: { phase: last.phase, expectedSeq: last.seq } });
      expect(more.body.error).toBe(`noDeal is not allowed in the ${last.phase} phase`);
    }
  });

  it('counts the recorded game in the statistics at once', async () => {
    const before = await stats();
    await playLiveGame(player, { seed: 5, dealInRound: 2 });
    expect((await stats()).totalGames).toBe(before.totalGames + 1);
  });

  it('applies the same action sent twice once, and answers the state again', async () => {
    const view = await start();
    const first = await act(player, view.id, { seq: 0, type: 'pick', case: 2 });
    const again = await act(player, view.id, { seq: 0, type: 'pick', case: 2 });
    expect(first.status).toBe(200);
    // The repeat of the last action answers what it did again (its answer may have been lost on the way).
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(first.body.events).toEqual([{ type: 'caseSelected', caseNumber: 2 }]);
    const opened = await act(player, view.id, { seq: 1, type: 'open', case: 9 });
    // A late repeat answers the current state, and changes nothing: what it did is long shown.
    const late = await act(player, view.id, { seq: 0, type: 'pick', case: 2 });
    expect(late).toMatchObject({ status: 200, body: { ...stateOf(opened.body), events: [] } });
    const row = await liveRow(view.id);
    expect(row.seq).toBe(2);
    expect(JSON.parse(row.actions)).toEqual([
      { type: 'pick', case: 2 },
      { type: 'open', case: 9 },
    ]);
  });

  it('applies racing requests on one seq once: the same action, and two different ones', async () => {
    const view = await start();
    const same = await Promise.all(
      Array.from({ length: 6 }, () => act(player, view.id, { seq: 0, type: 'pick', case: 5 })),
    );
    expect(same.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(same.map((r) => r.text)).size).toBe(1);
    const differ = await Promise.all(
      [8, 9, 10, 11].map((n) => act(player, view.id, { seq: 1, type: 'open', case: n })),
    );
    expect(differ.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of differ.filter((r) => r.status === 409))
      expect(refused.body).toMatchObject({ field: 'seq', phase: 'elimination', expectedSeq: 2 });
    const row = await liveRow(view.id);
    expect(row.seq).toBe(2);
    expect(JSON.parse(row.actions)).toHaveLength(2);
  });

  it('records a game once when its last action races', async () => {
    const view = await start();
    let state = (await act(player, view.id, { seq: 0, type: 'pick', case: 1 })).body as LiveGamePublic;
    for (const n of [2, 3, 4, 5, 6, 7])
      state = (await act(player, view.id, { seq: state.seq, type: 'open', case: n })).body;
    const before = await countGames();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => act(player, view.id, { seq: state.seq, type: 'deal' })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(await countGames()).toBe(before + 1);
  });

  it('answers 409 naming the phase for a wrong seq or an action the phase does not allow', async () => {
    const view = await start();
    await act(player, view.id, { seq: 0, type: 'pick', case: 4 });
    const ahead = await act(player, view.id, { seq: 5, type: 'open', case: 1 });
    expect(ahead).toMatchObject({
      status: 409,
      body: {
        error: 'seq 5 is not the next action of this game: it is in the elimination phase and expects seq 1',
        field: 'seq',
        phase: 'elimination',
        expectedSeq: 1,
      },
    });
    // An old seq with another action than the one logged there.
    const stale = await act(player, view.id, { seq: 0, type: 'pick', case: 6 });
    expect(stale).toMatchObject({ status: 409, body: { field: 'seq', expectedSeq: 1 } });
    const deal = await act(player, view.id, { seq: 1, type: 'deal' });
    expect(deal).toMatchObject({
      status: 409,
      body: { error: 'deal is not allowed in the elimination phase', phase: 'elimination', expectedSeq: 1 },
    });
    const own = await act(player, view.id, { seq: 1, type: 'open', case: 4 });
    expect(own).toMatchObject({
      status: 409,
      body: {
        error:
          'open of case 4 is not allowed in the elimination phase: case 4 is your case and cannot be opened',
        field: 'case',
        phase: 'elimination',
      },
    });
    for (const [i, n] of [1, 2, 3, 5, 6, 7].entries())
      await act(player, view.id, { seq: i + 1, type: 'open', case: n });
    const open = await act(player, view.id, { seq: 7, type: 'open', case: 8 });
    expect(open).toMatchObject({
      status: 409,
      body: { error: 'open is not allowed in the offer phase', phase: 'offer', expectedSeq: 7 },
    });
    expect((await liveRow(view.id)).seq).toBe(7);
  });

  it('refuses bad bodies and ids with 400 naming the field', async () => {
    const view = await start();
    for (const [body, field] of [
      [{ type: 'pick', case: 1 }, 'seq'],
      [{ seq: -1, type: 'pick', case: 1 }, 'seq'],
      [{ seq: 0.5, type: 'pick', case: 1 }, 'seq'],
      [{ seq: 0, type: 'explode' }, 'type'],
      [{ seq: 0, type: 'pick' }, 'case'],
      [{ seq: 0, type: 'pick', case: 27 }, 'case'],
      [{ seq: 0, type: 'deal', case: 3 }, 'case'],
    ] as const) {
      const res = await act(player, view.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    const extra = await act(player, view.id, { seq: 0, type: 'pick', case: 1, amount: 5 });
    expect(extra.status).toBe(400);
    const badId = await act(player, 'not-a-uuid', { seq: 0, type: 'pick', case: 1 });
    expect(badId).toMatchObject({ status: 400, body: { field: 'id' } });
    expect((await liveRow(view.id)).seq).toBe(0);
  });

  it('answers 404 for another player’s game and for an unknown id, and leaves the game alone', async () => {
    const view = await start(rival);
    const res = await act(player, view.id, { seq: 0, type: 'pick', case: 1 });
    expect(res).toMatchObject({ status: 404, body: { error: gameNotFound(view.id) } });
    const unknown = '2b0c7d2e-1f3a-4e5b-8c6d-7e8f9a0b1c2d';
    expect(await act(player, unknown, { seq: 0, type: 'pick', case: 1 })).toMatchObject({
      status: 404,
      body: { error: gameNotFound(unknown) },
    });
    expect((await liveRow(view.id)).seq).toBe(0);
  });
});

describe('GET /api/live-games/{id}/verify', () => {
  it('publishes the seeds and the board only once the game is over, and they replay the game', async () => {
    const view = await start(player, { clientSeed: 'verify-me' });
    const visitor = server.client();
    const before = await visitor.get(`/api/live-games/${view.id}/verify`);
    expect(before.status).toBe(200);
    expect(liveGameVerifySchema.parse(before.body)).toEqual(before.body);
    expect(before.body).toEqual({
      id: view.id,
      commitment: view.commitment,
      clientSeed: 'verify-me',
      giftIds: view.giftIds,
      actions: [],
      offers: [],
      over: false,
    });
    // Played to the end, with a look at the proof on the way.
    let state = view;
    let checkedMidway = false;
    for (const action of [
      { type: 'pick', case: 9 },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ type: 'open', case: n })),
      { type: 'noDeal' },
      ...[7, 8, 10, 11, 12].map((n) => ({ type: 'open', case: n })),
      { type: 'deal' },
    ]) {
      state = (await act(player, view.id, { seq: state.seq, ...action })).body;
      if (state.phase === 'offer' && !checkedMidway) {
        const midway = (await visitor.get(`/api/live-games/${view.id}/verify`)).body;
        expect(midway).toMatchObject({ over: false, offers: state.offers });
        expect(midway.serverSeed).toBeUndefined();
        expect(midway.board).toBeUndefined();
        checkedMidway = true;
      }
    }
    expect(state.result?.outcome).toBe('banker_accepted');
    const after = await visitor.get(`/api/live-games/${view.id}/verify`);
    const proof = liveGameVerifySchema.parse(after.body);
    expect(proof).toMatchObject({ over: true, offers: state.offers, actions: expect.any(Array) });
    expect(proof.actions).toHaveLength(state.seq);
    expect(createHash('sha256').update(proof.serverSeed!, 'utf8').digest('hex')).toBe(proof.commitment);
    expect(proof.board).toEqual(state.cases.map((c) => c.giftId));
    // Anyone replays the game from the seeds and the log: the same board, the same offers.
    const replayed = replaySession(
      resolveGiftSet(proof.giftIds),
      { serverSeed: proof.serverSeed!, clientSeed: proof.clientSeed },
      view.id,
      proof.actions,
    );
    expect(sessionBoard(replayed)).toEqual(proof.board);
    expect(replayed.state.offerHistory).toEqual(proof.offers);
  });

  it('answers 404 for an unknown game and 400 for a malformed id', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/live-games/2b0c7d2e-1f3a-4e5b-8c6d-7e8f9a0b1c2d/verify')).status).toBe(
      404,
    );
    expect(await visitor.get('/api/live-games/zzz/verify')).toMatchObject({
      status: 400,
      body: { field: 'id' },
    });
  });
});

describe('POST /api/games with a live game', () => {
  it('answers the record the server holds: 201 the first time, the same record with 200 after', async () => {
    const { payload, id } = await playLiveGame(player, { seed: 40, dealInRound: 4 });
    const before = await countGames();
    const first = await player.post('/api/games', payload);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, game: { clientGameId: id, username: 'streamer' } });
    const again = await player.post('/api/games', payload);
    expect(again).toMatchObject({ status: 200, body: { created: false, game: first.body.game } });
    expect(await countGames()).toBe(before);
  });

  it('refuses a crafted payload with the top prize in the player’s case, naming the field', async () => {
    const game = await playLiveGame(player, { seed: 41, pick: 8, dealInRound: null, swap: false });
    const { payload } = game;
    // The most valuable gift the player did not get (the top prize, unless the player holds it).
    const others = payload.giftIdsUsed.filter((g) => g !== payload.playerCaseGiftId);
    const top = Math.max(...others.map((g) => giftById(g)!.coins));
    const topId = others.find((g) => giftById(g)!.coins === top)!;
    // A board where case 8 holds the top prize: a game the rules accept, not the one the server dealt.
    const board = [...payload.giftIdsUsed];
    const at = board.indexOf(topId);
    [board[at], board[7]] = [board[7]!, board[at]!];
    const crafted = { ...payload, giftIdsUsed: board, playerCaseGiftId: topId, finalAmount: top };
    const before = await countGames();
    const res = await player.post('/api/games', crafted);
    expect(res).toMatchObject({
      status: 422,
      body: { error: contradicts('playerCaseGiftId'), field: 'playerCaseGiftId' },
    });
    // Without a liveGameId, as the browser used to post it.
    const { liveGameId: _omitted, ...old } = crafted;
    expect(await player.post('/api/games', old)).toMatchObject({
      status: 422,
      body: { error: LIVE_GAME_REQUIRED, field: 'liveGameId' },
    });
    // Only the cases opened in another order.
    const reordered = { ...payload, casesEliminated: [...payload.casesEliminated].reverse() };
    expect(await player.post('/api/games', reordered)).toMatchObject({
      status: 422,
      body: { field: 'casesEliminated' },
    });
    expect(await countGames()).toBe(before);
  });

  it('refuses an unfinished game, another player’s, and one that is not a UUID', async () => {
    const done = await playLiveGame(player, { seed: 42, dealInRound: 2 });
    const open = await start();
    await act(player, open.id, { seq: 0, type: 'pick', case: 1 });
    const unfinished = { ...done.payload, liveGameId: open.id };
    expect(await player.post('/api/games', unfinished)).toMatchObject({
      status: 422,
      body: { error: liveGameNotOver(open.id), field: 'liveGameId' },
    });
    expect(await rival.post('/api/games', done.payload)).toMatchObject({
      status: 422,
      body: { error: notPlayersLiveGame(done.id, 'rival'), field: 'liveGameId' },
    });
    expect(await player.post('/api/games', { ...done.payload, liveGameId: 'nope' })).toMatchObject({
      status: 400,
      body: { field: 'liveGameId' },
    });
  });

  it('builds the same payload a client builds from what it saw', async () => {
    const game = await playLiveGame(player, { seed: 43, dealInRound: null, swap: true });
    expect(payloadOf(game.views.at(-1)!, game.actions, null)).toEqual(game.payload);
    const res = await player.post('/api/games', game.payload);
    expect(res.body.game).toMatchObject({
      clientGameId: game.id,
      casesEliminated: game.payload.casesEliminated,
      giftIdsUsed: game.payload.giftIdsUsed,
      finalAmount: game.payload.finalAmount,
    });
  });
});
