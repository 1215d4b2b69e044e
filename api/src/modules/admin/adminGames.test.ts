import { randomUUID } from 'node:crypto';
import {
  backupKeyFor,
  clearGamesResponseSchema,
  DEFAULT_GIFT_IDS,
  dailyGamesResponseSchema,
  gameStatsSchema,
  gamesListResponseSchema,
  saveGameResponseSchema,
  TOP_WINNINGS_COUNT,
  type GameRecord,
  type SavedGamePayload,
} from '@dond/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liveGamePayload, playGame, type PlayPlan } from '../../testing/games.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { gamesRepo } from '../games/games.repo.js';
import {
  contradicts,
  LIVE_GAME_REQUIRED,
  notOwnGiftSet,
  notPlayersLiveGame,
} from '../games/games.service.js';
import { PLAYER_GONE } from './adminGames.router.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPORT_HEADER = [
  'id',
  'clientGameId',
  'userId',
  'username',
  'customGiftSetId',
  'firstCaseSelected',
  'playerCaseGiftId',
  'roundsCompleted',
  'gameOutcome',
  'bankerOfferAccepted',
  'finalAmount',
  'casesEliminated',
  'giftIdsUsed',
  'playedAt',
];

let server: TestServer;
let admin: TestClient;
const players: Record<string, TestClient> = {};
const ids: Record<string, number> = {};
// The server's clock: each save is stamped with it, so the tests know every playedAt.
let clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  await server.createUser({ username: 'boss', isAdmin: true });
  admin = server.client();
  await admin.login('boss');
  for (const name of ['alice', 'bob', 'carol']) {
    ids[name] = (await server.createUser({ username: name })).id;
    const client = server.client();
    await client.login(name);
    players[name] = client;
  }
});
afterAll(() => server.close());

const countGames = async () => Number((await server.db('games').count<{ n: number }[]>({ n: '*' }))[0]!.n);

/** A real game played to its end by the player through the API, a minute after the last one; not saved yet. */
async function play(player: string, plan: PlayPlan): Promise<SavedGamePayload> {
  clock += 60_000;
  return liveGamePayload(players[player]!, plan);
}

/** Plays a real game as the player and saves it. */
async function save(
  player: string,
  plan: PlayPlan,
): Promise<{ payload: SavedGamePayload; game: GameRecord }> {
  const payload = await play(player, plan);
  const res = await players[player]!.post('/api/games', payload);
  expect(res.status).toBe(201);
  return { payload, game: res.body.game };
}

/** RFC 4180: quoted fields may hold commas, doubled quotes, CR and LF; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) throw new Error('the last record does not end in CRLF');
  return rows;
}

describe('with no games', () => {
  it('answers empty statistics', async () => {
    const res = await admin.get('/api/admin/games/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalGames: 0,
      totalPlayers: 0,
      averageWinnings: 0,
      bankerAcceptanceRate: 0,
      mostCommonFirstCase: null,
      topWinnings: [],
    });
    expect(gameStatsSchema.parse(res.body)).toEqual(res.body);
  });

  it('answers an empty list with a Content-Range of no rows', async () => {
    const res = await admin.get('/api/admin/games');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toBe('games */0');
  });

  it('exports the header row only', async () => {
    const res = await admin.get('/api/admin/games/export');
    expect(res.status).toBe(200);
    expect(res.text).toBe(`${EXPORT_HEADER.join(',')}\r\n`);
  });
});

describe('a known set of games', () => {
  let known: Array<{ payload: SavedGamePayload; game: GameRecord }>;

  beforeAll(async () => {
    known = [
      await save('alice', { seed: 101, pick: 7, dealInRound: 2 }),
      await save('alice', { seed: 102, pick: 7, dealInRound: null }),
      await save('bob', { seed: 103, pick: 7, dealInRound: 5 }),
      await save('bob', { seed: 104, pick: 3, dealInRound: null, swap: true }),
      await save('carol', { seed: 105, pick: 3, dealInRound: 1 }),
      await save('carol', { seed: 106, pick: 12, dealInRound: null }),
    ];
  });

  it('are the games the test meant to play', () => {
    expect(known.map((k) => k.payload.gameOutcome)).toEqual([
      'banker_accepted',
      'won',
      'banker_accepted',
      'won',
      'banker_accepted',
      'won',
    ]);
  });

  it('gives statistics that match the games exactly', async () => {
    const amounts = known.map((k) => k.payload.finalAmount);
    const res = await admin.get('/api/admin/games/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalGames: 6,
      totalPlayers: 3,
      averageWinnings: Math.round((amounts.reduce((a, b) => a + b, 0) / 6) * 100) / 100,
      bankerAcceptanceRate: 50,
      mostCommonFirstCase: 7,
      // Highest first; equal amounts put the later game first.
      topWinnings: [...known]
        .sort((a, b) => b.game.finalAmount - a.game.finalAmount || b.game.id - a.game.id)
        .map((k) => k.game),
    });
    expect(gameStatsSchema.parse(res.body)).toEqual(res.body);
  });

  it('rounds the rates to two decimals and breaks a first-case tie toward the lower case', async () => {
    const extra = await save('alice', { seed: 107, pick: 3, dealInRound: 4 });
    try {
      const res = await admin.get('/api/admin/games/stats');
      // 4 deals in 7 games; cases 7 and 3 both picked 3 times.
      expect(res.body.bankerAcceptanceRate).toBe(57.14);
      expect(res.body.mostCommonFirstCase).toBe(3);
      expect(res.body.totalGames).toBe(7);
    } finally {
      await server.db('games').where({ id: extra.game.id }).delete();
    }
  });

  describe('the list', () => {
    it('pages with range and answers Content-Range', async () => {
      const first = await admin.get(`/api/admin/games?range=${encodeURIComponent('[0,1]')}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-range')).toBe('games 0-1/6');
      expect(gamesListResponseSchema.parse(first.body)).toHaveLength(2);
      const last = await admin.get(`/api/admin/games?range=${encodeURIComponent('[4,9]')}`);
      expect(last.headers.get('content-range')).toBe('games 4-5/6');
      expect(last.body).toHaveLength(2);
      const past = await admin.get(`/api/admin/games?range=${encodeURIComponent('[10,19]')}`);
      expect(past.headers.get('content-range')).toBe('games */6');
      expect(past.body).toEqual([]);
    });

    it('lists the newest game first by default, as full records', async () => {
      const res = await admin.get('/api/admin/games');
      expect(res.body).toEqual([...known].reverse().map((k) => k.game));
    });

    const SORTS: Array<[string, (g: GameRecord) => number | string]> = [
      ['id', (g) => g.id],
      ['playedAt', (g) => g.playedAt],
      ['finalAmount', (g) => g.finalAmount],
      ['username', (g) => g.username],
      ['firstCaseSelected', (g) => g.firstCaseSelected],
      ['roundsCompleted', (g) => g.roundsCompleted],
    ];
    for (const [field, key] of SORTS) {
      for (const order of ['ASC', 'DESC'] as const) {
        it(`sorts by ${field} ${order}, ties broken by id the same way`, async () => {
          const sign = order === 'ASC' ? 1 : -1;
          const expected = [...known]
            .map((k) => k.game)
            .sort((a, b) => {
              const [x, y] = [key(a), key(b)];
              return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
            })
            .map((g) => g.id);
          const sort = encodeURIComponent(JSON.stringify([field, order]));
          const res = await admin.get(`/api/admin/games?sort=${sort}`);
          expect(res.status).toBe(200);
          expect(res.body.map((g: GameRecord) => g.id)).toEqual(expected);
        });
      }
    }

    it('filters by outcome', async () => {
      const filter = encodeURIComponent(JSON.stringify({ gameOutcome: 'won' }));
      const res = await admin.get(`/api/admin/games?filter=${filter}&range=${encodeURIComponent('[0,1]')}`);
      expect(res.headers.get('content-range')).toBe('games 0-1/3');
      expect(res.body.every((g: GameRecord) => g.gameOutcome === 'won')).toBe(true);
    });

    it('searches usernames by their start, regardless of case', async () => {
      const get = async (filter: object, range = '[0,24]') =>
        admin.get(
          `/api/admin/games?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(range)}`,
        );
      const al = await get({ q: 'AL' });
      expect(al.headers.get('content-range')).toBe('games 0-1/2');
      expect(al.body.map((g: GameRecord) => g.username)).toEqual(['alice', 'alice']);
      expect((await get({ q: 'lice' })).body).toEqual([]);
      const both = await get({ q: 'b', gameOutcome: 'banker_accepted' });
      expect(both.body.map((g: GameRecord) => g.id)).toEqual([known[2]!.game.id]);
      expect(both.headers.get('content-range')).toBe('games 0-0/1');
      expect((await get({ q: '  ' })).headers.get('content-range')).toBe('games 0-5/6');
    });

    it.each([
      ['sort=%5B%22password%22%2C%22ASC%22%5D', 'sort'],
      ['range=%5B5%2C1%5D', 'range'],
      ['range=nope', 'range'],
      [`filter=${encodeURIComponent('{"gameOutcome":"lost"}')}`, 'filter.gameOutcome'],
      ['filter=%7Bnope', 'filter'],
      [`filter=${encodeURIComponent(JSON.stringify({ q: 'x'.repeat(21) }))}`, 'filter.q'],
    ])('refuses %s with 400 naming %s', async (query, field) => {
      const res = await admin.get(`/api/admin/games?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toEqual(expect.any(String));
    });

    it('refuses a filter it does not know rather than ignoring it', async () => {
      const res = await admin.get(`/api/admin/games?filter=${encodeURIComponent('{"userId":1}')}`);
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'filter may hold only q and gameOutcome', field: 'filter.userId' },
      });
    });
  });

  describe('the export', () => {
    it('is an attachment named with the UTC time, as CSV', async () => {
      const saved = clock;
      clock = Date.UTC(2026, 10, 21, 9, 5, 7);
      try {
        const res = await admin.get('/api/admin/games/export');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toBe(
          'attachment; filename="dond-games-20261121-090507.csv"',
        );
      } finally {
        clock = saved;
      }
    });

    it('holds a header and one record per game, in id order, with CRLF line ends', async () => {
      const res = await admin.get('/api/admin/games/export');
      expect(res.text.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = parseCsv(res.text);
      expect(header).toEqual(EXPORT_HEADER);
      expect(rows).toEqual(
        known.map(({ game }) => [
          String(game.id),
          game.clientGameId,
          String(game.userId),
          game.username,
          '',
          String(game.firstCaseSelected),
          String(game.playerCaseGiftId),
          String(game.roundsCompleted),
          game.gameOutcome,
          String(game.bankerOfferAccepted),
          String(game.finalAmount),
          JSON.stringify(game.casesEliminated),
          JSON.stringify(game.giftIdsUsed),
          game.playedAt,
        ]),
      );
    });
  });
});

describe('usernames a spreadsheet would take for formulas', () => {
  it('come out neutralised, and quoted where needed', async () => {
    const names = ['=HYPERLINK(1)', '+cmd|x', '-2+3', '@SUM(A1)', 'say "hi", ok'];
    const saved = new Map<number, string>();
    for (const name of names) {
      await server.createUser({ username: name });
      const client = server.client();
      await client.login(name);
      const payload = await liveGamePayload(client, { seed: 200 + saved.size, dealInRound: 3 });
      const res = await client.post('/api/games', payload);
      expect(res.status).toBe(201);
      saved.set(res.body.game.id, name);
    }
    const text = (await admin.get('/api/admin/games/export')).text;
    expect(text).toContain(`,'=HYPERLINK(1),`);
    expect(text).toContain(`,"say ""hi"", ok",`);
    const usernames = new Map(
      parseCsv(text)
        .slice(1)
        .map((row) => [Number(row[0]), row[3]]),
    );
    for (const [id, name] of saved) {
      expect(usernames.get(id)).toBe(/^[=+\-@]/.test(name) ? `'${name}` : name);
    }
  });
});

describe('many games', () => {
  beforeAll(async () => {
    await server.db('games').delete();
    const games = gamesRepo(server.db);
    const pool = Array.from({ length: 20 }, (_, i) =>
      playGame({ seed: 300 + i, dealInRound: i % 2 ? (i % 9) + 1 : null }),
    );
    const owners = ['alice', 'bob', 'carol'].map((name) => ({ id: ids[name]!, username: name }));
    // More than two pages of the export, stored as a save stores them, 50 at a time.
    for (let start = 0; start < 2500; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => start + j).map((i) =>
          games.insert(owners[i % 3]!, { ...pool[i % 20]!, clientGameId: randomUUID() }, clock + i),
        ),
      );
    }
  }, 60_000);

  it('exports every game once, across the export’s pages', async () => {
    const rows = parseCsv((await admin.get('/api/admin/games/export')).text).slice(1);
    const exported = rows.map((row) => Number(row[0]));
    const stored = (await server.db('games').orderBy('id').select('id')).map((r: { id: number }) =>
      Number(r.id),
    );
    expect(exported).toEqual(stored);
  });

  it('answers the top winnings with the ten highest amounts', async () => {
    const res = await admin.get('/api/admin/games/stats');
    expect(res.body.totalGames).toBe(2500);
    expect(res.body.topWinnings).toHaveLength(TOP_WINNINGS_COUNT);
    const highest = await server
      .db('games')
      .orderBy('final_amount', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .select('id');
    expect(res.body.topWinnings.map((g: GameRecord) => g.id)).toEqual(
      highest.map((r: { id: number }) => Number(r.id)),
    );
  });

  const PAGINGS: Array<[filter: { q?: string; gameOutcome?: string }, field: string, order: 'ASC' | 'DESC']> =
    [
      [{ q: 'Bo', gameOutcome: 'won' }, 'finalAmount', 'ASC'],
      [{ q: 'AL' }, 'playedAt', 'DESC'],
      [{ q: 'c', gameOutcome: 'banker_accepted' }, 'username', 'ASC'],
      [{ gameOutcome: 'won' }, 'finalAmount', 'DESC'],
      [{ gameOutcome: 'banker_accepted' }, 'roundsCompleted', 'ASC'],
      [{ gameOutcome: 'won' }, 'playedAt', 'ASC'],
    ];
  it.each(PAGINGS)(
    'pages %j by %s %s the same whichever way each page is read',
    async (filter, field, order) => {
      // Short early pages walk the sort index; long pages and late pages may start from the players' games.
      const url = (first: number, last: number) =>
        `/api/admin/games?sort=${encodeURIComponent(JSON.stringify([field, order]))}&filter=${encodeURIComponent(
          JSON.stringify(filter),
        )}&range=${encodeURIComponent(JSON.stringify([first, last]))}`;
      let expected = server.db('games');
      if (filter.q) expected = expected.whereRaw('LOWER(username) LIKE ?', [`${filter.q.toLowerCase()}%`]);
      if (filter.gameOutcome) expected = expected.where({ game_outcome: filter.gameOutcome });
      const column = {
        finalAmount: 'final_amount',
        playedAt: 'played_at',
        username: 'username',
        roundsCompleted: 'rounds_completed',
      }[field]!;
      const direction = order === 'ASC' ? 'asc' : 'desc';
      const ids = (await expected.orderBy(column, direction).orderBy('id', direction).select('id')).map(
        (r: { id: number }) => Number(r.id),
      );
      const total = ids.length;
      expect(total).toBeGreaterThan(300);
      const whole = [...(await admin.get(url(0, 999))).body, ...(await admin.get(url(1000, 1999))).body];
      expect(whole.map((g: GameRecord) => g.id)).toEqual(ids);
      for (const first of [0, 7, 150, total - 3]) {
        const page = await admin.get(url(first, first + 2));
        expect(page.headers.get('content-range')).toBe(`games ${first}-${first + 2}/${total}`);
        expect(page.body).toEqual(whole.slice(first, first + 3));
      }
    },
  );

  it('keeps serving when a client leaves in the middle of an export', async () => {
    const abort = new AbortController();
    const res = await fetch(`${server.url}/api/admin/games/export`, {
      headers: { cookie: admin.cookie! },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    await reader.read().catch(() => undefined);
    expect((await admin.get('/api/admin/games/stats')).body.totalGames).toBe(2500);
  });

  it('clears every game, answering how many', async () => {
    const res = await admin.delete('/api/admin/games');
    expect(res.status).toBe(200);
    expect(clearGamesResponseSchema.parse(res.body)).toEqual({ deleted: 2500 });
    expect(await countGames()).toBe(0);
    expect((await admin.get('/api/admin/games/stats')).body).toMatchObject({
      totalGames: 0,
      topWinnings: [],
    });
    expect((await admin.delete('/api/admin/games')).body).toEqual({ deleted: 0 });
  });
});

describe('a deleted player', () => {
  beforeEach(() => server.db('games').delete());

  it('still counts among the players and is found by name', async () => {
    const dave = await server.createUser({ username: 'Dave' });
    const client = server.client();
    await client.login('Dave');
    await client.post('/api/games', await liveGamePayload(client, { seed: 400, dealInRound: 2 }));
    await save('alice', { seed: 401, dealInRound: 2 });
    await server.db('users').where({ id: dave.id }).delete();
    expect((await admin.get('/api/admin/games/stats')).body).toMatchObject({
      totalGames: 2,
      totalPlayers: 2,
    });
    const found = await admin.get(`/api/admin/games?filter=${encodeURIComponent('{"q":"da"}')}`);
    expect(found.body.map((g: GameRecord) => g.username)).toEqual(['Dave']);
  });
});

describe('the daily chart', () => {
  beforeAll(() => server.db('games').delete());

  it('counts games and winnings per UTC day, empty days included, oldest first', async () => {
    const today = Date.UTC(2026, 10, 21);
    const at = async (ms: number, plan: PlayPlan) => {
      clock = ms - 60_000;
      return (await save('carol', plan)).payload.finalAmount;
    };
    const a = await at(today + 10 * 60_000, { seed: 500, dealInRound: 1 });
    const b = await at(today + DAY_MS - 1000, { seed: 501, dealInRound: 2 });
    const c = await at(today - 1, { seed: 502, dealInRound: 3 }); // the last millisecond of yesterday
    await at(today - 3 * DAY_MS + 5, { seed: 503, dealInRound: 4 }); // outside three days
    await at(today + DAY_MS, { seed: 504, dealInRound: 4 }); // tomorrow
    clock = today + 12 * 60 * 60_000;
    const res = await admin.get('/api/admin/games/daily?days=3');
    expect(res.status).toBe(200);
    expect(dailyGamesResponseSchema.parse(res.body)).toEqual([
      { day: '2026-11-19', games: 0, totalWinnings: 0 },
      { day: '2026-11-20', games: 1, totalWinnings: c },
      { day: '2026-11-21', games: 2, totalWinnings: a + b },
    ]);
    const month = await admin.get('/api/admin/games/daily');
    expect(month.body).toHaveLength(30);
    expect(month.body[0].day).toBe('2026-10-23');
    expect(month.body.reduce((n: number, d: { games: number }) => n + d.games, 0)).toBe(4);
    clock = Date.now();
  });

  it.each(['0', '366', 'abc', '1.5', ''])('refuses days=%s with 400', async (days) => {
    const res = await admin.get(`/api/admin/games/daily?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'days must be a whole number from 1 to 365', field: 'days' });
  });
});

describe('recovering a backup', () => {
  let carolSetId = 0;
  beforeAll(async () => {
    const set = await players.carol!.post('/api/gifts/custom', { name: 'Carol', giftIds: DEFAULT_GIFT_IDS });
    carolSetId = set.body.customGiftSet.id as number;
  });
  const backupOf = (player: string, payload: SavedGamePayload) => ({
    ...payload,
    userId: ids[player]!,
    username: player,
    backupKey: backupKeyFor(payload.clientGameId),
  });

  it('answers the game’s record for its player: 201, then 200 with created false', async () => {
    // A game whose save never reached the server: the record was made with its last action.
    const backup = backupOf('bob', await play('bob', { seed: 600, dealInRound: 6 }));
    const before = await countGames();
    const first = await admin.post('/api/admin/games/recover', backup);
    expect(first.status).toBe(201);
    expect(saveGameResponseSchema.parse(first.body)).toMatchObject({
      created: true,
      game: {
        clientGameId: backup.clientGameId,
        userId: ids.bob,
        username: 'bob',
        finalAmount: backup.finalAmount,
      },
    });
    expect(await countGames()).toBe(before);
    const again = await admin.post('/api/admin/games/recover', backup);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ game: first.body.game, created: false });
    // The player's own save after the recovery answers the same record.
    const saved = await players.bob!.post('/api/games', backup);
    expect(saved).toMatchObject({ status: 200, body: { game: first.body.game, created: false } });
    expect(await countGames()).toBe(before);
    const mine = await players.bob!.get('/api/games/my-games');
    expect(mine.body.games.map((g: GameRecord) => g.clientGameId)).toContain(backup.clientGameId);
  });

  it('makes nothing for a game the player already saved', async () => {
    const { payload, game } = await save('carol', { seed: 601, dealInRound: 3 });
    const before = await countGames();
    const res = await admin.post('/api/admin/games/recover', backupOf('carol', payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ game, created: false });
    expect(await countGames()).toBe(before);
  });

  it('refuses an impossible game with 422 naming the rule', async () => {
    const payload = await play('alice', { seed: 602, dealInRound: 4 });
    const before = await countGames();
    const res = await admin.post(
      '/api/admin/games/recover',
      backupOf('alice', { ...payload, finalAmount: payload.finalAmount * 3 + 50 }),
    );
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('finalAmount');
    expect(res.body.error).toMatch(/^This game breaks the rules: /);
    expect(await countGames()).toBe(before);
  });

  it('refuses a backup that contradicts the server’s record with 422 naming the field', async () => {
    const { payload } = await save('alice', { seed: 603, dealInRound: 2 });
    const other = await play('alice', { seed: 604, dealInRound: 2 });
    const res = await admin.post(
      '/api/admin/games/recover',
      backupOf('alice', { ...other, liveGameId: payload.liveGameId }),
    );
    expect(res).toMatchObject({
      status: 422,
      body: { error: contradicts('clientGameId'), field: 'clientGameId' },
    });
    // The top prize moved into the player's case: a game the rules accept, not the one the server dealt.
    const board = [...other.giftIdsUsed];
    const mine = other.firstCaseSelected - 1;
    const top = board.indexOf(Math.max(...board.filter((_id, i) => i !== mine)));
    [board[top], board[mine]] = [board[mine]!, board[top]!];
    const crafted = { ...other, giftIdsUsed: board, playerCaseGiftId: board[mine]! };
    const refused = await admin.post('/api/admin/games/recover', backupOf('alice', crafted));
    expect(refused.status).toBe(422);
  });

  it('refuses a backup without a liveGameId, or of another player’s game, with 422 naming the field', async () => {
    const { liveGameId: _none, ...old } = await play('alice', { seed: 610, dealInRound: 1 });
    expect(await admin.post('/api/admin/games/recover', backupOf('alice', old))).toMatchObject({
      status: 422,
      body: { error: LIVE_GAME_REQUIRED, field: 'liveGameId' },
    });
    const bobs = await play('bob', { seed: 611, dealInRound: 1 });
    expect(await admin.post('/api/admin/games/recover', backupOf('alice', bobs))).toMatchObject({
      status: 422,
      body: { error: notPlayersLiveGame(bobs.liveGameId!, 'alice'), field: 'liveGameId' },
    });
  });

  it('recovers a game played on a custom set the player has edited since', async () => {
    const dealt = [...DEFAULT_GIFT_IDS.slice(1), 44];
    const set = await players.carol!.post('/api/gifts/custom', { name: 'Then', giftIds: dealt });
    const setId = set.body.customGiftSet.id as number;
    const payload = await play('carol', { seed: 608, dealInRound: 5, customGiftSetId: setId });
    await players.carol!.post('/api/gifts/custom', {
      name: 'Now',
      giftIds: [...DEFAULT_GIFT_IDS.slice(2), 43, 44],
    });
    const res = await admin.post('/api/admin/games/recover', backupOf('carol', payload));
    expect(res.status).toBe(201);
    expect(res.body.game).toMatchObject({ customGiftSetId: setId, giftIdsUsed: payload.giftIdsUsed });
  });

  it.each([
    ['a set that does not exist', () => 999999],
    ['another player’s set', () => carolSetId],
  ])('refuses a customGiftSetId of %s with 422 naming the field', async (_name, setId) => {
    const id = setId();
    const payload = await play('alice', { seed: 609, dealInRound: 1 });
    const before = await countGames();
    const res = await admin.post('/api/admin/games/recover', {
      ...backupOf('alice', payload),
      customGiftSetId: id,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: notOwnGiftSet(id), field: 'customGiftSetId' });
    expect(await countGames()).toBe(before);
  });

  it('answers 404 when the player no longer exists', async () => {
    const gone = await server.createUser({ username: 'gone' });
    await server.db('users').where({ id: gone.id }).delete();
    const res = await admin.post('/api/admin/games/recover', {
      ...backupOf('alice', await play('alice', { seed: 605, dealInRound: 1 })),
      userId: gone.id,
      username: 'gone',
    });
    expect(res).toMatchObject({ status: 404, body: { error: PLAYER_GONE } });
  });

  it('answers 409 on the username when it is not that player’s', async () => {
    const payload = await play('alice', { seed: 606, dealInRound: 1 });
    const before = await countGames();
    const res = await admin.post('/api/admin/games/recover', {
      ...backupOf('alice', payload),
      username: 'bob',
    });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('username');
    expect(await countGames()).toBe(before);
  });

  it.each([
    ['backupKey', (b: Record<string, unknown>) => ({ ...b, backupKey: undefined }), 'backupKey is required'],
    [
      'backupKey',
      (b: Record<string, unknown>) => ({ ...b, backupKey: 'mine_1' }),
      'backupKey must start with game_backup_',
    ],
    ['userId', (b: Record<string, unknown>) => ({ ...b, userId: undefined }), 'userId is required'],
    ['userId', (b: Record<string, unknown>) => ({ ...b, userId: -3 }), 'userId must be a positive id'],
    ['username', (b: Record<string, unknown>) => ({ ...b, username: '' }), 'username is required'],
    [
      'clientGameId',
      (b: Record<string, unknown>) => ({ ...b, clientGameId: 'x' }),
      'clientGameId must be a UUID',
    ],
  ])('refuses a bad %s with 400', async (field, change, message) => {
    const backup = change(backupOf('alice', await play('alice', { seed: 607, dealInRound: 1 })));
    const res = await admin.post('/api/admin/games/recover', backup);
    expect(res).toMatchObject({ status: 400, body: { error: message, field } });
  });
});

describe('who may', () => {
  const ROUTES: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/games'],
    ['GET', '/api/admin/games/stats'],
    ['GET', '/api/admin/games/daily'],
    ['GET', '/api/admin/games/export'],
    ['POST', '/api/admin/games/recover', {}],
    ['DELETE', '/api/admin/games'],
  ];

  it.each(ROUTES)(
    '%s %s: 401 for a visitor, 403 for a player, and nothing changes',
    async (method, path, body) => {
      await save('alice', { seed: 700, dealInRound: 1 });
      const before = await countGames();
      const visitor = await server.client().request(method, path, body);
      expect(visitor).toMatchObject({ status: 401, body: { error: 'Please log in first' } });
      const player = await players.alice!.request(method, path, body);
      expect(player).toMatchObject({ status: 403, body: { error: "You don't have admin privileges" } });
      expect(player.headers.get('content-disposition')).toBeNull();
      expect(await countGames()).toBe(before);
    },
  );
});
