import { DEFAULT_GIFT_IDS, type SavedGamePayload } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGamePayload } from '../../testing/games.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { contradicts, notOwnGiftSet, notPlayersLiveGame } from './games.service.js';

let server: TestServer;
let player: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'streamer' });
  await server.createUser({ username: 'other' });
  player = server.client();
  await player.login('streamer');
});
afterAll(() => server.close());

const countGames = async () => Number((await server.db('games').count<{ n: number }[]>({ n: '*' }))[0]!.n);

describe('POST /api/games', () => {
  it('is for signed-in players only', async () => {
    const res = await server.client().post('/api/games', await liveGamePayload(player));
    expect(res).toMatchObject({ status: 401, body: { error: 'Please log in first' } });
  });

  it('saves a deal and a won game, answering 201 with the record', async () => {
    for (const plan of [
      { seed: 1, dealInRound: 3 },
      { seed: 2, dealInRound: null, swap: true },
    ]) {
      const payload = await liveGamePayload(player, plan);
      const res = await player.post('/api/games', payload);
      expect(res.status).toBe(201);
      expect(res.body.created).toBe(true);
      expect(res.body.game).toMatchObject({
        clientGameId: payload.clientGameId,
        username: 'streamer',
        firstCaseSelected: payload.firstCaseSelected,
        finalAmount: payload.finalAmount,
        gameOutcome: payload.gameOutcome,
        roundsCompleted: payload.roundsCompleted,
        casesEliminated: payload.casesEliminated,
        giftIdsUsed: payload.giftIdsUsed,
      });
    }
  });

  it('takes the player from the session, never from the body', async () => {
    const payload = {
      ...(await liveGamePayload(player, { seed: 3, dealInRound: 1 })),
      userId: 999,
      username: 'other',
    };
    const res = await player.post('/api/games', payload);
    expect(res.body.game.username).toBe('streamer');
    const row = await server.db('games').where({ client_game_id: payload.clientGameId }).first();
    expect(row.username).toBe('streamer');
  });

  it('is idempotent on liveGameId: the same game again answers 200 with the stored record', async () => {
    const payload = await liveGamePayload(player, { seed: 4, dealInRound: 5 });
    const first = await player.post('/api/games', payload);
    const again = await player.post('/api/games', payload);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ game: first.body.game, created: false });
  });

  it('makes one record out of three concurrent identical saves', async () => {
    const payload = await liveGamePayload(player, { seed: 5, dealInRound: null });
    const before = await countGames();
    const answers = await Promise.all([1, 2, 3].map(() => player.post('/api/games', payload)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.game.id)).size).toBe(1);
    // The record was made with the game's last action: saves add none.
    expect(await countGames()).toBe(before);
  });

  // Many live games played over HTTP first: Vitest's 5 s was not enough at load 5 (a run beside browser tests).
  it(
    'answers each of many concurrent saves on its own, whatever the others do',
    { timeout: 30_000 },
    async () => {
      // Saves that arrive together (on SQLite their writes share one transaction): a repeat or a refusal among
      // them must neither fail nor take down the others.
      const saved = await liveGamePayload(player, { seed: 11, dealInRound: 3 });
      await player.post('/api/games', saved);
      const fresh = [];
      for (let i = 0; i < 12; i++)
        fresh.push(await liveGamePayload(player, { seed: 100 + i, dealInRound: (i % 6) + 1 }));
      const contradicting = { ...fresh[0]!, liveGameId: saved.liveGameId };
      const before = await countGames();
      const answers = await Promise.all(
        [...fresh.slice(0, 6), saved, contradicting, ...fresh.slice(6)].map((p) =>
          player.post('/api/games', p),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([...Array(6).fill(201), 200, 422, ...Array(6).fill(201)]);
      expect(await countGames()).toBe(before);
      const ids = answers.filter((a) => a.status === 201).map((a) => a.body.game.id);
      expect(new Set(ids).size).toBe(12);
      for (const [i, payload] of fresh.entries()) {
        const row = await server.db('games').where({ client_game_id: payload.clientGameId }).first();
        expect(Number(row.id)).toBe(answers[i < 6 ? i : i + 2]!.body.game.id);
      }
    },
  );

  it('answers 422 naming the field for the same live game with another payload', async () => {
    const payload = await liveGamePayload(player, { seed: 6, dealInRound: 2 });
    await player.post('/api/games', payload);
    const other = await liveGamePayload(player, { seed: 7, dealInRound: 2 });
    const res = await player.post('/api/games', { ...other, liveGameId: payload.liveGameId });
    expect(res).toMatchObject({
      status: 422,
      body: { error: contradicts('clientGameId'), field: 'clientGameId' },
    });
    const amount = await player.post('/api/games', { ...payload, finalAmount: payload.finalAmount + 1 });
    expect(amount.body.field).toMatch(/finalAmount/);
    expect(amount.status).toBe(422);
  });

  it('keeps one player’s games apart from another’s', async () => {
    const payload = await liveGamePayload(player, { seed: 8, dealInRound: 4 });
    await player.post('/api/games', payload);
    const someoneElse = server.client();
    await someoneElse.login('other');
    expect(await someoneElse.post('/api/games', payload)).toMatchObject({
      status: 422,
      body: { error: notPlayersLiveGame(payload.liveGameId!, 'other'), field: 'liveGameId' },
    });
    const theirs = await liveGamePayload(someoneElse, { seed: 8, dealInRound: 4 });
    expect((await someoneElse.post('/api/games', theirs)).status).toBe(201);
  });

  describe('refuses an impossible game with 422 naming the rule', () => {
    // Real games of the player, played once; each case tampers with a copy.
    let played: SavedGamePayload;
    let playedWon: SavedGamePayload;
    beforeAll(async () => {
      played = await liveGamePayload(player, { seed: 9, dealInRound: 4 });
      playedWon = await liveGamePayload(player, { seed: 10, dealInRound: null });
    });
    const base = () => ({ ...played });
    const won = () => ({ ...playedWon });
    const cases: Array<[string, () => SavedGamePayload, string, RegExp]> = [
      [
        'another amount',
        () => ({ ...base(), finalAmount: base().finalAmount * 3 + 50 }),
        'finalAmount',
        /cannot offer/,
      ],
      [
        'a won amount that is no case',
        () => ({ ...won(), finalAmount: 12345 }),
        'finalAmount',
        /case kept or swapped/,
      ],
      [
        'the player’s case eliminated',
        () => {
          const p = base();
          return { ...p, casesEliminated: [p.firstCaseSelected, ...p.casesEliminated.slice(1)] };
        },
        'casesEliminated',
        /your case/,
      ],
      [
        'a repeated gift',
        () => {
          const p = base();
          return { ...p, giftIdsUsed: [...p.giftIdsUsed.slice(0, 25), p.giftIdsUsed[0]!] };
        },
        'giftIdsUsed',
        /more than one case/,
      ],
      [
        'a wrong count in a round',
        () => {
          const p = base();
          return { ...p, casesEliminated: p.casesEliminated.slice(0, -1) };
        },
        'casesEliminated',
        /needs/,
      ],
      [
        'the wrong player gift',
        () => {
          const p = base();
          return { ...p, playerCaseGiftId: p.giftIdsUsed[p.firstCaseSelected % 26]! };
        },
        'playerCaseGiftId',
        /gift in case/,
      ],
      ['the wrong round', () => ({ ...base(), roundsCompleted: 7 }), 'roundsCompleted', /must be 4/],
    ];
    it.each(cases)('%s', async (_name, make, field, rule) => {
      const before = await countGames();
      const res = await player.post('/api/games', make());
      expect(res.status).toBe(422);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toMatch(/^This game breaks the rules: /);
      expect(res.body.error).toMatch(rule);
      expect(await countGames()).toBe(before);
    });
  });

  it('refuses a malformed payload with 400 naming the field', async () => {
    const game = await liveGamePayload(player);
    const res = await player.post('/api/games', { ...game, clientGameId: 'not-a-uuid' });
    expect(res.body).toEqual({ error: 'clientGameId must be a UUID', field: 'clientGameId' });
    expect(res.status).toBe(400);
    const noCases = await player.post('/api/games', { ...game, casesEliminated: 'all' });
    expect(noCases).toMatchObject({ status: 400, body: { field: 'casesEliminated' } });
  });

  it('accepts a game dealt from the player’s own gift set, and keeps it savable after the set is edited', async () => {
    const custom = [...DEFAULT_GIFT_IDS.slice(1), 44];
    const saved = await player.post('/api/gifts/custom', { name: 'Big', giftIds: custom });
    const setId = saved.body.customGiftSet.id as number;
    const payload = await liveGamePayload(player, { seed: 11, dealInRound: 6, customGiftSetId: setId });
    expect([...payload.giftIdsUsed].sort((a, b) => a - b)).toEqual([...custom].sort((a, b) => a - b));
    // The player edits the set after the game (or between a failed save and its retry): the game was
    // dealt from the old 26, and is saved on them.
    const edited = [...DEFAULT_GIFT_IDS.slice(2), 43, 44];
    const again = await player.post('/api/gifts/custom', { name: 'Bigger', giftIds: edited });
    expect(again.body.customGiftSet.id).toBe(setId);
    const res = await player.post('/api/games', payload);
    expect(res.status).toBe(201);
    expect(res.body.game).toMatchObject({ customGiftSetId: setId, giftIdsUsed: payload.giftIdsUsed });
  });

  describe('refuses a customGiftSetId that is not the player’s own set with 422 naming the field', () => {
    it.each([
      ['a set that does not exist', async () => 999999],
      [
        'another player’s set',
        async () => {
          const other = server.client();
          await other.login('other');
          const set = await other.post('/api/gifts/custom', { name: 'Theirs', giftIds: DEFAULT_GIFT_IDS });
          return set.body.customGiftSet.id as number;
        },
      ],
    ])('%s', async (_name, setId) => {
      const id = await setId();
      const game = await liveGamePayload(player, { seed: 30, dealInRound: 2 });
      const before = await countGames();
      const res = await player.post('/api/games', { ...game, customGiftSetId: id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: notOwnGiftSet(id), field: 'customGiftSetId' });
      expect(await countGames()).toBe(before);
    });

    it('and from a player who has no set', async () => {
      const fresh = server.client();
      await server.createUser({ username: 'setless' });
      await fresh.login('setless');
      const res = await fresh.post('/api/games', {
        ...(await liveGamePayload(fresh, { seed: 31, dealInRound: 2 })),
        customGiftSetId: 1,
      });
      expect(res).toMatchObject({ status: 422, body: { field: 'customGiftSetId' } });
    });
  });

  it('checks the gifts a game was dealt: 26 distinct gifts of the catalogue', async () => {
    const p = await liveGamePayload(player, { seed: 32, dealInRound: 2 });
    const unknown = await player.post('/api/games', {
      ...p,
      giftIdsUsed: p.giftIdsUsed.map((id) => (id === 1 ? 9999 : id)),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toMatch(/^giftIdsUsed\.\d+$/);
    expect(unknown.body.error).toMatch(/not in the catalogue/);
    const short = await player.post('/api/games', { ...p, giftIdsUsed: p.giftIdsUsed.slice(1) });
    expect(short).toMatchObject({ status: 400, body: { field: 'giftIdsUsed' } });
  });
});

describe('GET /api/games/my-games', () => {
  it('lists the caller’s own games, newest first', async () => {
    const fresh = server.client();
    await server.createUser({ username: 'historian' });
    await fresh.login('historian');
    const a = await liveGamePayload(fresh, { seed: 20, dealInRound: 1 });
    const b = await liveGamePayload(fresh, { seed: 21, dealInRound: 2 });
    await fresh.post('/api/games', a);
    await fresh.post('/api/games', b);
    const res = await fresh.get('/api/games/my-games');
    expect(res.status).toBe(200);
    expect(res.body.games.map((g: { clientGameId: string }) => g.clientGameId).sort()).toEqual(
      [a.clientGameId, b.clientGameId].sort(),
    );
    expect(res.body.games.every((g: { username: string }) => g.username === 'historian')).toBe(true);
    expect((await server.client().get('/api/games/my-games')).status).toBe(401);
  });
});
