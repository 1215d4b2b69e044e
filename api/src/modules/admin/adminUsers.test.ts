import { adminUserSchema, MAX_PAGE_SIZE, usersListResponseSchema, type UserStatus } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGamePayload } from '../../testing/games.js';
import {
  startTestServer,
  TEST_PASSWORD,
  type CreateUserInput,
  type TestClient,
  type TestServer,
} from '../../testing/testServer.js';
import { usersRepo } from '../users/users.repo.js';

const DAY = 24 * 60 * 60 * 1000;
const STATUSES: UserStatus[] = ['pending', 'approved', 'rejected', 'disabled'];
const iso = (ms: number) => new Date(ms).toISOString();

// A fixed clock, so expiry moves by exactly the days asked. It is the real time at the start because the
// session cookie's own expiry is computed from the real clock.
const clock = Date.now();
let server: TestServer;
let admin: TestClient;
let adminId: number;
let made = 0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  adminId = (await server.createUser({ username: 'boss', isAdmin: true })).id;
  admin = server.client();
  await admin.login('boss');
});
afterAll(() => server.close());

const newPlayer = (input: Partial<CreateUserInput> = {}) =>
  server.createUser({ username: `player${++made}`, ...input });

/** The account as the admin API shows it afterwards. */
async function shown(id: number) {
  const res = await admin.get(`/api/admin/users/${id}`);
  expect(res.status).toBe(200);
  return adminUserSchema.parse(res.body);
}

async function sessionRows(userId: number) {
  return server
    .db('sessions')
    .where({ user_id: userId })
    .count({ n: '*' })
    .first()
    .then((r) => Number(r?.n));
}

describe('GET /api/admin/users/:userId', () => {
  it.each(STATUSES)('answers a %s account as an AdminUser', async (status) => {
    const user = await newPlayer({ status, email: `${status}@example.com`, expiryDate: clock + 3 * DAY });
    const res = await admin.get(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: `${status}@example.com`,
      status,
      isAdmin: false,
      isMonthlySubscriber: false,
      createdAt: iso(user.createdAt),
      expiryDate: iso(clock + 3 * DAY),
      lastLoginAt: null,
    });
  });

  it('answers an admin account too (reading is not changing)', async () => {
    expect(await shown(adminId)).toMatchObject({
      id: adminId,
      username: 'boss',
      isAdmin: true,
      status: 'approved',
    });
  });
});

describe('PATCH /api/admin/users/:userId/status', () => {
  it.each(STATUSES)('approves a %s account, which can then log in', async (status) => {
    const user = await newPlayer({ status });
    const res = await admin.patch(`/api/admin/users/${user.id}/status`, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(adminUserSchema.parse(res.body)).toMatchObject({ id: user.id, status: 'approved' });
    expect((await shown(user.id)).status).toBe('approved');
    const player = server.client();
    await player.login(user.username);
    expect((await player.get('/api/auth/me')).status).toBe(200);
  });

  it.each(STATUSES)('rejects a %s account, which then cannot log in', async (status) => {
    const user = await newPlayer({ status });
    const res = await admin.patch(`/api/admin/users/${user.id}/status`, { status: 'rejected' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, status: 'rejected' });
    expect((await shown(user.id)).status).toBe('rejected');
    const login = await server
      .client()
      .post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toContain('not approved');
  });

  it('ends the sessions of a player it rejects, at once', async () => {
    const user = await newPlayer();
    const player = server.client();
    await player.login(user.username);
    expect(await sessionRows(user.id)).toBe(1);
    await admin.patch(`/api/admin/users/${user.id}/status`, { status: 'rejected' });
    expect(await sessionRows(user.id)).toBe(0);
    expect((await player.get('/api/auth/me')).status).toBe(401);
  });

  it.each([[{ status: 'disabled' }], [{ status: 'pending' }], [{ status: 'APPROVED' }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const user = await newPlayer({ status: 'pending' });
      const res = await admin.patch(`/api/admin/users/${user.id}/status`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'status must be approved or rejected', field: 'status' });
      expect((await shown(user.id)).status).toBe('pending');
    },
  );
});

describe('PATCH /api/admin/users/:userId/email', () => {
  it.each(STATUSES)('sets, then removes (null and empty), the email of a %s account', async (status) => {
    const user = await newPlayer({ status, email: 'old@example.com' });
    const set = await admin.patch(`/api/admin/users/${user.id}/email`, { email: 'new@example.com' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: user.id, email: 'new@example.com', status });
    expect((await shown(user.id)).email).toBe('new@example.com');

    const removed = await admin.patch(`/api/admin/users/${user.id}/email`, { email: null });
    expect(removed.status).toBe(200);
    expect(removed.body.email).toBeNull();
    expect((await shown(user.id)).email).toBeNull();

    await admin.patch(`/api/admin/users/${user.id}/email`, { email: 'again@example.com' });
    const emptied = await admin.patch(`/api/admin/users/${user.id}/email`, { email: '' });
    expect(emptied.status).toBe(200);
    expect((await shown(user.id)).email).toBeNull();
  });

  it.each([[{ email: 'not-an-email' }], [{ email: 42 }], [{ email: 'a@b' }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const user = await newPlayer({ email: 'kept@example.com' });
      const res = await admin.patch(`/api/admin/users/${user.id}/email`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please enter a valid email address', field: 'email' });
      expect((await shown(user.id)).email).toBe('kept@example.com');
    },
  );
});

describe('PATCH /api/admin/users/:userId/extend', () => {
  it.each(STATUSES)('extends a %s account by exactly 7, 14 and 30 days from its expiry', async (status) => {
    const start = clock + 2 * DAY;
    const user = await newPlayer({ status, expiryDate: start });
    let expected = start;
    for (const days of [7, 14, 30]) {
      const res = await admin.patch(`/api/admin/users/${user.id}/extend`, { days });
      expected += days * DAY;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, status, expiryDate: iso(expected) });
      expect((await shown(user.id)).expiryDate).toBe(iso(expected));
    }
  });

  it('counts from today for an account with no expiry, or one already past', async () => {
    const open = await newPlayer();
    expect((await admin.patch(`/api/admin/users/${open.id}/extend`, { days: 7 })).body.expiryDate).toBe(
      iso(clock + 7 * DAY),
    );
    const lapsed = await newPlayer({ expiryDate: clock - 10 * DAY });
    expect((await admin.patch(`/api/admin/users/${lapsed.id}/extend`, { days: 14 })).body.expiryDate).toBe(
      iso(clock + 14 * DAY),
    );
  });

  it('lets an expired player log in again', async () => {
    const user = await newPlayer({ expiryDate: clock - DAY });
    const before = await server
      .client()
      .post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(before.body.error).toContain('expired');
    await admin.patch(`/api/admin/users/${user.id}/extend`, { days: 7 });
    await server.client().login(user.username);
  });

  it.each([[{ days: 1 }], [{ days: 8 }], [{ days: '7' }], [{ days: 7.5 }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const user = await newPlayer({ expiryDate: clock + DAY });
      const res = await admin.patch(`/api/admin/users/${user.id}/extend`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'days must be one of 7, 14, 30', field: 'days' });
      expect((await shown(user.id)).expiryDate).toBe(iso(clock + DAY));
    },
  );
});

describe('PATCH /api/admin/users/:userId/reduce', () => {
  it.each(STATUSES)('reduces a %s account by exactly 1 and 7 days', async (status) => {
    const start = clock + 30 * DAY;
    const user = await newPlayer({ status, expiryDate: start });
    const one = await admin.patch(`/api/admin/users/${user.id}/reduce`, { days: 1 });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: user.id, status, expiryDate: iso(start - DAY) });
    const seven = await admin.patch(`/api/admin/users/${user.id}/reduce`, { days: 7 });
    expect(seven.body.expiryDate).toBe(iso(start - 8 * DAY));
    expect((await shown(user.id)).expiryDate).toBe(iso(start - 8 * DAY));
  });

  it('counts from today for an account with no expiry', async () => {
    const user = await newPlayer();
    expect((await admin.patch(`/api/admin/users/${user.id}/reduce`, { days: 1 })).body.expiryDate).toBe(
      iso(clock - DAY),
    );
  });

  it('signs out a player whose expiry it moves into the past, who then cannot log in', async () => {
    const user = await newPlayer({ expiryDate: clock + 3 * DAY });
    const player = server.client();
    await player.login(user.username);

    await admin.patch(`/api/admin/users/${user.id}/reduce`, { days: 1 });
    expect((await player.get('/api/auth/me')).status).toBe(200);
    expect(await sessionRows(user.id)).toBe(1);

    await admin.patch(`/api/admin/users/${user.id}/reduce`, { days: 7 });
    expect(await sessionRows(user.id)).toBe(0);
    expect((await player.get('/api/auth/me')).status).toBe(401);
    const again = await server
      .client()
      .post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.error).toContain('expired');
  });

  it.each([[{ days: 14 }], [{ days: 2 }], [{ days: '1' }], [{ days: null }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const user = await newPlayer({ expiryDate: clock + DAY });
      const res = await admin.patch(`/api/admin/users/${user.id}/reduce`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'days must be one of 1, 7', field: 'days' });
      expect((await shown(user.id)).expiryDate).toBe(iso(clock + DAY));
    },
  );
});

describe('PATCH /api/admin/users/:userId/disable', () => {
  it.each(STATUSES)('disables a %s account', async (status) => {
    const user = await newPlayer({ status });
    const res = await admin.patch(`/api/admin/users/${user.id}/disable`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, status: 'disabled' });
    expect((await shown(user.id)).status).toBe('disabled');
  });

  it('takes a request with no body at all', async () => {
    const user = await newPlayer();
    const res = await admin.request('PATCH', `/api/admin/users/${user.id}/disable`);
    expect(res.status).toBe(200);
    expect((await shown(user.id)).status).toBe('disabled');
  });

  it('refuses a body that is not empty', async () => {
    const user = await newPlayer();
    const res = await admin.patch(`/api/admin/users/${user.id}/disable`, { status: 'approved' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('status');
    expect((await shown(user.id)).status).toBe('approved');
  });

  it('the account life: a signed-in player the admin disables is out on the very next request', async () => {
    const user = await newPlayer();
    const player = server.client();
    await player.login(user.username);
    expect((await player.get('/api/auth/me')).status).toBe(200);

    await admin.patch(`/api/admin/users/${user.id}/disable`, {});
    // Ended eagerly, not only when the cookie next comes back.
    expect(await sessionRows(user.id)).toBe(0);
    expect((await player.get('/api/auth/me')).status).toBe(401);
    expect((await player.get('/api/session/validate')).body).toEqual({ valid: false });
    const login = await server
      .client()
      .post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toContain('disabled');

    // Approving a disabled account lets the player back in.
    await admin.patch(`/api/admin/users/${user.id}/status`, { status: 'approved' });
    await player.login(user.username);
    expect((await player.get('/api/auth/me')).status).toBe(200);
  });
});

describe('PATCH /api/admin/users/:userId/subscriber', () => {
  it.each(STATUSES)('sets and clears the monthly subscriber flag of a %s account', async (status) => {
    const user = await newPlayer({ status });
    const on = await admin.patch(`/api/admin/users/${user.id}/subscriber`, { isMonthlySubscriber: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: user.id, status, isMonthlySubscriber: true });
    expect((await shown(user.id)).isMonthlySubscriber).toBe(true);
    const off = await admin.patch(`/api/admin/users/${user.id}/subscriber`, { isMonthlySubscriber: false });
    expect(off.body.isMonthlySubscriber).toBe(false);
    expect((await shown(user.id)).isMonthlySubscriber).toBe(false);
  });

  it.each([
    [{ isMonthlySubscriber: 'true' }],
    [{ isMonthlySubscriber: 1 }],
    [{ isMonthlySubscriber: null }],
    [{}],
  ])('refuses %j with 400', async (body) => {
    const user = await newPlayer();
    const res = await admin.patch(`/api/admin/users/${user.id}/subscriber`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'isMonthlySubscriber must be true or false',
      field: 'isMonthlySubscriber',
    });
  });
});

describe('DELETE /api/admin/users/:userId', () => {
  it.each(STATUSES)('deletes a %s account and answers the deleted record', async (status) => {
    const user = await newPlayer({ status });
    const res = await admin.delete(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(adminUserSchema.parse(res.body)).toMatchObject({ id: user.id, username: user.username, status });
    expect((await admin.get(`/api/admin/users/${user.id}`)).status).toBe(404);
    const list = await admin.get(
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [user.id] }))}`,
    );
    expect(list.body).toEqual([]);
  });

  it('signs the player out, keeps their games for the statistics, and frees the username', async () => {
    const user = await newPlayer();
    const player = server.client();
    await player.login(user.username);
    expect((await player.post('/api/games', await liveGamePayload(player, { seed: 7 }))).status).toBe(201);
    const giftIds = Array.from({ length: 26 }, (_, i) => i + 1);
    expect((await player.post('/api/gifts/custom', { name: 'Mine', giftIds })).status).toBe(200);

    expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await sessionRows(user.id)).toBe(0);
    expect((await player.get('/api/auth/me')).status).toBe(401);
    const games = await server.db('games').where({ username: user.username });
    expect(games).toHaveLength(1);
    expect(games[0].user_id).toBeNull();
    expect(await server.db('gift_sets').where({ user_id: user.id })).toEqual([]);
    await server.createUser({ username: user.username });
  });
});

// Every route that names an account, with a body it would accept.
const ACCOUNT_ROUTES: Array<[method: string, path: string, body?: unknown]> = [
  ['GET', ''],
  ['PATCH', '/status', { status: 'approved' }],
  ['PATCH', '/email', { email: 'x@example.com' }],
  ['PATCH', '/extend', { days: 7 }],
  ['PATCH', '/reduce', { days: 1 }],
  ['PATCH', '/disable', {}],
  ['PATCH', '/subscriber', { isMonthlySubscriber: true }],
  ['DELETE', ''],
];
const CHANGING_ROUTES = ACCOUNT_ROUTES.filter(([method]) => method !== 'GET');

describe('every account route', () => {
  it.each(ACCOUNT_ROUTES)('%s …%s: 404 for an unknown user', async (method, suffix, body) => {
    const res = await admin.request(method, `/api/admin/users/999999${suffix}`, body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'User not found' });
  });

  it.each(
    ACCOUNT_ROUTES.flatMap(([method, suffix, body]) =>
      [
        ['abc', 'id must be a number'],
        ['1.5', 'id must be a whole number'],
        ['0', 'id must be positive'],
        ['-4', 'id must be positive'],
      ].map(([id, message]) => [method, suffix, body, id, message] as const),
    ),
  )('%s …%s: 400 for the user id %j', async (method, suffix, body, id, message) => {
    const res = await admin.request(method, `/api/admin/users/${id}${suffix}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, field: 'userId' });
  });

  it.each(CHANGING_ROUTES)(
    '%s …%s: refuses an admin account, the caller’s own included',
    async (method, suffix, body) => {
      const other = await server.createUser({
        username: `admin${++made}`,
        isAdmin: true,
        email: 'a@example.com',
      });
      for (const id of [other.id, adminId]) {
        const before = await shown(id);
        const res = await admin.request(method, `/api/admin/users/${id}${suffix}`, body);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'Admin accounts cannot be changed here' });
        expect(await shown(id)).toEqual(before);
      }
      // The admin is still signed in.
      expect((await admin.get('/api/auth/me')).status).toBe(200);
    },
  );

  describe('permissions', () => {
    let player: TestClient;
    let target: number;
    beforeAll(async () => {
      const me = await newPlayer();
      player = server.client();
      await player.login(me.username);
      target = (await newPlayer({ status: 'pending' })).id;
    });
    const everyRoute = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users/pending', undefined],
      ...ACCOUNT_ROUTES.map(([method, suffix, body]) => [method, `/api/admin/users/:id${suffix}`, body]),
    ] as Array<[string, string, unknown]>;

    it.each(everyRoute)(
      '%s %s: 401 for a visitor, 403 for a player, and nothing changes',
      async (method, path, body) => {
        const url = path.replace(':id', String(target));
        const before = await shown(target);
        const visitor = await server.client().request(method, url, body);
        expect(visitor.status).toBe(401);
        expect(visitor.body).toEqual({ error: 'Please log in first' });
        const asPlayer = await player.request(method, url, body);
        expect(asPlayer.status).toBe(403);
        expect(asPlayer.body).toEqual({ error: "You don't have admin privileges" });
        expect(await shown(target)).toEqual(before);
      },
    );
  });
});

describe('the user lists', () => {
  // A server of its own, so the population (and every total) is known.
  let lists: TestServer;
  let boss: TestClient;
  const ids: Record<string, number> = {};
  const base = Date.now() - 100 * DAY;

  const list = (path: string, query: Record<string, unknown> = {}) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const qs = params.size ? `?${params}` : '';
    return boss.get(`/api/admin/users${path}${qs}`);
  };
  const names = (body: unknown) => usersListResponseSchema.parse(body).map((u) => u.username);

  // username, status, email, days after `base` it registered
  const POPULATION: Array<[string, UserStatus, string | null, number]> = [
    ['Alice', 'approved', 'alice@example.com', 1],
    ['bob', 'pending', 'bob@mail.test', 2],
    ['Carol', 'rejected', null, 3],
    ['dave', 'disabled', 'dave@example.com', 4],
    ['erin', 'pending', 'erin_100%@example.com', 5],
    ['frank', 'approved', 'FRANK@Example.com', 6],
    ['grace', 'pending', null, 7],
  ];
  const ALL = ['root', ...POPULATION.map(([name]) => name)];

  beforeAll(async () => {
    lists = await startTestServer();
    const root = await lists.createUser({ username: 'root', isAdmin: true });
    await usersRepo(lists.db).update(root.id, { created_at: base });
    ids.root = root.id;
    for (const [username, status, email, day] of POPULATION) {
      const user = await lists.createUser({ username, status, email });
      await usersRepo(lists.db).update(user.id, { created_at: base + day * DAY });
      ids[username] = user.id;
    }
    boss = lists.client();
    await boss.login('root');
  });
  afterAll(() => lists.close());

  it('answers every user, newest first, with the total in Content-Range', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([...ALL].reverse());
    expect(res.headers.get('content-range')).toBe('users 0-7/8');
    expect(res.body.find((u: { username: string }) => u.username === 'root')).toMatchObject({
      isAdmin: true,
      createdAt: iso(base),
    });
  });

  it('pages with range, and says which rows it answered', async () => {
    const page = await list('', { range: [2, 4] });
    expect(names(page.body)).toEqual(['erin', 'dave', 'Carol']);
    expect(page.headers.get('content-range')).toBe('users 2-4/8');

    const tail = await list('', { range: [6, 20] });
    expect(names(tail.body)).toEqual(['Alice', 'root']);
    expect(tail.headers.get('content-range')).toBe('users 6-7/8');

    const beyond = await list('', { range: [50, 59] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('users */8');
  });

  it('sorts by a whitelisted field, either way, usernames regardless of case', async () => {
    expect(names((await list('', { sort: ['username', 'ASC'] })).body)).toEqual([
      'Alice',
      'bob',
      'Carol',
      'dave',
      'erin',
      'frank',
      'grace',
      'root',
    ]);
    expect(names((await list('', { sort: ['id', 'ASC'], range: [0, 2] })).body)).toEqual([
      'root',
      'Alice',
      'bob',
    ]);
    expect(names((await list('', { sort: ['createdAt', 'ASC'], range: [0, 1] })).body)).toEqual([
      'root',
      'Alice',
    ]);
    const byStatus = usersListResponseSchema.parse((await list('', { sort: ['status', 'DESC'] })).body);
    expect(byStatus.map((u) => u.status)).toEqual([...byStatus.map((u) => u.status)].sort().reverse());
  });

  it('breaks ties by id, so pages never overlap or skip a row', async () => {
    // Registered out of id order, so only the id can put the approved accounts in this order.
    await usersRepo(lists.db).update(ids.frank!, { created_at: base - DAY });
    try {
      const seen: string[] = [];
      for (let first = 0; first < 8; first += 3) {
        seen.push(...names((await list('', { sort: ['status', 'ASC'], range: [first, first + 2] })).body));
      }
      expect(seen).toEqual(['root', 'Alice', 'frank', 'dave', 'bob', 'erin', 'grace', 'Carol']);
    } finally {
      await usersRepo(lists.db).update(ids.frank!, { created_at: base + 6 * DAY });
    }
  });

  it('filters by part of the username or email in any case, and by status', async () => {
    const byName = await list('', { filter: { q: 'AL' } });
    expect(names(byName.body)).toEqual(['Alice']);
    expect(byName.headers.get('content-range')).toBe('users 0-0/1');

    expect(names((await list('', { filter: { q: 'example.com' } })).body)).toEqual([
      'frank',
      'erin',
      'dave',
      'Alice',
    ]);
    expect(names((await list('', { filter: { q: 'mail.TEST' } })).body)).toEqual(['bob']);
    // LIKE's wildcards are plain characters in a search.
    expect(names((await list('', { filter: { q: '_100%' } })).body)).toEqual(['erin']);
    expect(names((await list('', { filter: { q: '%' } })).body)).toEqual(['erin']);
    expect(names((await list('', { filter: { q: '' } })).body)).toHaveLength(8);

    const pending = await list('', { filter: { status: 'pending' }, sort: ['username', 'ASC'] });
    expect(names(pending.body)).toEqual(['bob', 'erin', 'grace']);
    expect(pending.headers.get('content-range')).toBe('users 0-2/3');

    const both = await list('', { filter: { status: 'approved', q: 'a' }, range: [0, 0] });
    expect(names(both.body)).toEqual(['frank']);
    expect(both.headers.get('content-range')).toBe('users 0-0/2');
  });

  it('answers the ids react-admin asks for (getMany)', async () => {
    const res = await list('', { filter: { id: [ids.bob, ids.dave, 999] }, sort: ['id', 'ASC'] });
    expect(names(res.body)).toEqual(['bob', 'dave']);
    expect(names((await list('', { filter: { id: ids.Carol } })).body)).toEqual(['Carol']);
  });

  it('lists the pending accounts on their own, with the same paging', async () => {
    const res = await list('/pending');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['grace', 'erin', 'bob']);
    expect(res.headers.get('content-range')).toBe('users 0-2/3');

    const page = await list('/pending', { range: [1, 1], sort: ['username', 'ASC'], filter: { q: 'r' } });
    expect(names(page.body)).toEqual(['grace']);
    expect(page.headers.get('content-range')).toBe('users 1-1/2');
  });

  it('follows the admin’s changes', async () => {
    await boss.patch(`/api/admin/users/${ids.grace}/status`, { status: 'approved' });
    expect(names((await list('/pending')).body)).toEqual(['erin', 'bob']);
    expect(names((await list('', { filter: { status: 'approved' } })).body)).toContain('grace');
    await boss.patch(`/api/admin/users/${ids.grace}/disable`, {});
    expect(names((await list('', { filter: { status: 'disabled' } })).body)).toEqual(['grace', 'dave']);
  });

  it.each([
    [{ range: '[0,' }, 'range must be JSON', 'range'],
    [{ range: [5, 2] }, 'range must have last >= first', 'range'],
    [{ range: [0] }, 'range must be [first, last]', 'range'],
    [{ range: [0, MAX_PAGE_SIZE] }, `range may span at most ${MAX_PAGE_SIZE} rows`, 'range'],
    [
      { sort: ['password_hash', 'ASC'] },
      'sort must be one of id, username, email, status, isAdmin, isMonthlySubscriber, createdAt, expiryDate, lastLoginAt',
      'sort',
    ],
    [
      { sort: ['constructor', 'ASC'] },
      'sort must be one of id, username, email, status, isAdmin, isMonthlySubscriber, createdAt, expiryDate, lastLoginAt',
      'sort',
    ],
    [{ sort: ['id'] }, 'sort must be [field, "ASC" or "DESC"]', 'sort'],
    [{ sort: ['id', 'UP'] }, 'sort direction must be "ASC" or "DESC"', 'sort.1'],
    [{ filter: '[]' }, 'filter must be an object', 'filter'],
    [
      { filter: { status: 'gone' } },
      'status must be one of pending, approved, rejected, disabled',
      'filter.status',
    ],
    [{ filter: { q: 5 } }, 'q must be text', 'filter.q'],
    [{ filter: { id: ['x'] } }, 'id must be a number', 'filter.id.0'],
    [{ filter: { id: 0 } }, 'id must be positive', 'filter.id.0'],
  ])('refuses %j with 400', async (query, error, field) => {
    const res = await list('', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, field });
  });

  it('refuses a filter it does not know, rather than ignoring it', async () => {
    const res = await list('/pending', { filter: { username: 'bob' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('username');
    expect(res.body.field).toBe('filter.username');
  });
});
