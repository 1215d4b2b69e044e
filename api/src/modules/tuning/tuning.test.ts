import {
  DEFAULT_TUNING_DOCUMENT,
  publishedTuningSchema,
  tuningHistorySchema,
  type PublishedTuning,
  type TuningDocument,
} from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';
import { DEFAULT_PUBLISHED_TUNING } from './tuning.router.js';

let server: TestServer;
let admin: TestClient;
let player: TestClient;
let visitor: TestClient;
let adminId: number;
const logged: Array<{ message: string; error: unknown }> = [];
// The server's clock: each change is stamped with it.
let clock = Date.UTC(2026, 10, 26, 12, 0, 0);

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    log: (message, error) => logged.push({ message, error }),
  });
  adminId = (await server.createUser({ username: 'Designer', isAdmin: true })).id;
  await server.createUser({ username: 'player' });
  admin = server.client();
  await admin.login('Designer');
  player = server.client();
  await player.login('player');
  visitor = server.client();
});
afterAll(() => server.close());

/** The defaults with one change: `edit` gets a copy to change. */
function tuning(edit: (t: TuningDocument) => void = () => undefined): TuningDocument {
  const copy = structuredClone(DEFAULT_TUNING_DOCUMENT);
  edit(copy);
  return copy;
}

const stored = async () => Number((await server.db('tuning_changes').count({ n: '*' }))[0]!.n);

async function current(): Promise<PublishedTuning> {
  const res = await visitor.get('/api/tuning');
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const parsed = publishedTuningSchema.parse(res.body);
  expect(parsed).toEqual(res.body);
  return parsed;
}

async function publish(document: TuningDocument): Promise<PublishedTuning> {
  const res = await admin.put('/api/admin/tuning', document);
  expect(res.status, res.text).toBe(200);
  return publishedTuningSchema.parse(res.body);
}

async function history() {
  const res = await admin.get('/api/admin/tuning/history');
  expect(res.status, res.text).toBe(200);
  return tuningHistorySchema.parse(res.body).changes;
}

describe('GET /api/tuning before anything is published', () => {
  it('answers the built-in defaults, to anyone, with no id, time or publisher', async () => {
    expect(await current()).toEqual({
      id: null,
      tuning: DEFAULT_TUNING_DOCUMENT,
      publishedAt: null,
      publishedBy: null,
    });
    expect((await player.get('/api/tuning')).body).toEqual(DEFAULT_PUBLISHED_TUNING);
    expect(await history()).toEqual([]);
  });
});

describe('who may publish', () => {
  it('refuses a visitor (401) and a player (403) on every admin tuning route, and stores nothing', async () => {
    const document = tuning((t) => (t.standard.caseOpen.lid.duration = 0.3));
    expect((await visitor.put('/api/admin/tuning', document)).status).toBe(401);
    expect((await visitor.get('/api/admin/tuning/history')).status).toBe(401);
    expect((await visitor.post('/api/admin/tuning/rollback', { id: 1 })).status).toBe(401);
    const refused = await player.put('/api/admin/tuning', document);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "You don't have admin privileges" });
    expect((await player.get('/api/admin/tuning/history')).status).toBe(403);
    expect((await player.post('/api/admin/tuning/rollback', { id: 1 })).status).toBe(403);
    expect(await stored()).toBe(0);
    expect(await current()).toEqual(DEFAULT_PUBLISHED_TUNING);
  });

  it('refuses an admin’s publish sent from another site (403)', async () => {
    const res = await admin.put('/api/admin/tuning', tuning(), { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(403);
    expect(await stored()).toBe(0);
  });
});

describe('PUT /api/admin/tuning refuses a bad tuning', () => {
  it.each<[string, (t: TuningDocument) => void, string, RegExp]>([
    [
      'a duration that is not a number',
      (t) => ((t.standard.caseOpen.lid as { duration: unknown }).duration = 'slow'),
      'standard.caseOpen.lid.duration',
      /must be a number \(seconds\)/,
    ],
    [
      'a negative duration',
      (t) => (t.standard.caseOpen.lid.duration = -0.1),
      'standard.caseOpen.lid.duration',
      /must be at least 0/,
    ],
    [
      'an ease GSAP does not know',
      (t) => (t.reduced.phoneCall.shake.ease = 'wobbly.out'),
      'reduced.phoneCall.shake.ease',
      /must be a GSAP ease/,
    ],
    // Eases GSAP would ease with NaN positions (steps(0), elastic's amplitude 0) or with no bound (issue 38 item 10).
    [
      'steps(0)',
      (t) => (t.standard.phoneCall.talkBlink.ease = 'steps(0)'),
      'standard.phoneCall.talkBlink.ease',
      /the number of steps must be a whole number from 1 to 999/,
    ],
    [
      'elastic.out(0, 0.5)',
      (t) => (t.standard.caseOpen.pick.ease = 'elastic.out(0, 0.5)'),
      'standard.caseOpen.pick.ease',
      /elastic's amplitude must be from 1 to 10/,
    ],
    [
      'back.out(99999999)',
      (t) => (t.reduced.offerDialog.chips.ease = 'back.out(99999999)'),
      'reduced.offerDialog.chips.ease',
      /back's overshoot must be from 0 to 10/,
    ],
    [
      'a colour that is not #rrggbb',
      (t) => (t.standard.valueStrike.color = 'red'),
      'standard.valueStrike.color',
      /#rrggbb/,
    ],
    [
      'a field the schema does not have',
      (t) => ((t.standard.caseOpen.lid as Record<string, unknown>).bounce = 2),
      'standard.caseOpen.lid.bounce',
      /bounce is not a known field/,
    ],
    ['a missing variant', (t) => delete (t as Partial<TuningDocument>).reduced, 'reduced', /./],
  ])('%s: 400 naming the field’s path and the rule, nothing stored', async (_name, edit, field, rule) => {
    const res = await admin.put('/api/admin/tuning', tuning(edit));
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    expect(res.body.error).toMatch(rule);
    expect(res.body.details.split('\n')[0]).toBe(res.body.error);
    expect(await stored()).toBe(0);
    expect(await current()).toEqual(DEFAULT_PUBLISHED_TUNING);
  });

  it('a tuning that breaks a rule timing of SPEC.md section 9: a case open past the 800 ms lock', async () => {
    const res = await admin.put(
      '/api/admin/tuning',
      tuning((t) => {
        t.standard.caseOpen.lid.duration = 0.5;
        t.standard.caseOpen.gift.duration = 0.35;
      }),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe('standard.caseOpen.gift.duration');
    expect(res.body.error).toMatch(/850 ms.*800 ms interaction lock/);
    expect(await stored()).toBe(0);
  });

  it('every problem in details, one a line; a body that is not a tuning at all', async () => {
    const res = await admin.put(
      '/api/admin/tuning',
      tuning((t) => {
        t.standard.caseOpen.lid.duration = -1;
        t.reduced.caseToast.enter.rise = 1000;
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.details.split('\n')).toEqual([
      expect.stringMatching(/^standard\.caseOpen\.lid\.duration: /),
      expect.stringMatching(/^reduced\.caseToast\.enter\.rise: /),
    ]);
    for (const body of ['[]', 'null', '"text"', '{}']) {
      const odd = await admin.put('/api/admin/tuning', body);
      expect(odd.status, body).toBe(400);
      expect(odd.body.error, body).toEqual(expect.any(String));
    }
    expect(await stored()).toBe(0);
  });
});

describe('publishing, the history and rolling back', () => {
  const firstAt = clock + 60_000;
  const slow = tuning((t) => (t.standard.caseOpen.lid.duration = 0.4));
  const calm = tuning((t) => (t.reduced.viewModeChange.duration = 0.5));
  let first: PublishedTuning;
  let second: PublishedTuning;

  it('publishes a tuning: every player gets it at once, with the admin’s name and the time', async () => {
    clock = firstAt;
    first = await publish(slow);
    expect(first).toEqual({
      id: expect.any(Number),
      tuning: slow,
      publishedAt: new Date(firstAt).toISOString(),
      publishedBy: 'Designer',
    });
    expect(await current()).toEqual(first);
    expect((await player.get('/api/tuning')).body).toEqual(first);
    expect(await stored()).toBe(1);
  });

  it('lists the changes newest first', async () => {
    clock = firstAt + 60_000;
    second = await publish(calm);
    expect(second.id).toBeGreaterThan(first.id!);
    expect(await current()).toEqual(second);
    expect(await history()).toEqual([
      {
        id: second.id,
        publishedAt: new Date(firstAt + 60_000).toISOString(),
        publishedBy: 'Designer',
        rolledBackFrom: null,
      },
      {
        id: first.id,
        publishedAt: new Date(firstAt).toISOString(),
        publishedBy: 'Designer',
        rolledBackFrom: null,
      },
    ]);
  });

  it('rolls back by publishing the earlier tuning again, as a new change that names it', async () => {
    clock = firstAt + 120_000;
    const res = await admin.post('/api/admin/tuning/rollback', { id: first.id });
    expect(res.status, res.text).toBe(200);
    const again = publishedTuningSchema.parse(res.body);
    expect(again).toEqual({
      id: expect.any(Number),
      tuning: slow,
      publishedAt: new Date(firstAt + 120_000).toISOString(),
      publishedBy: 'Designer',
    });
    expect(again.id).toBeGreaterThan(second.id!);
    expect(await current()).toEqual(again);
    const changes = await history();
    expect(changes.map((c) => [c.id, c.rolledBackFrom])).toEqual([
      [again.id, first.id],
      [second.id, null],
      [first.id, null],
    ]);
    expect(await stored()).toBe(3);
  });

  it('refuses a rollback to an unknown change (404) or without a good id (400 naming id)', async () => {
    const unknown = await admin.post('/api/admin/tuning/rollback', { id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'There is no tuning change 999999' });
    for (const body of [{}, { id: 'one' }, { id: 0 }, { id: 1.5 }, { id: 1, extra: true }]) {
      const bad = await admin.post('/api/admin/tuning/rollback', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      // The field at fault: id, or the key a rollback does not take.
      expect(bad.body.field, JSON.stringify(body)).toBe('extra' in body ? 'extra' : 'id');
      expect(bad.body.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await admin.post('/api/admin/tuning/rollback', { id: 'one' })).body).toEqual({
      error: 'id must be a number',
      field: 'id',
    });
    expect(await stored()).toBe(3);
  });

  it('keeps the history of a publisher whose account is gone, with no name', async () => {
    const gone = await server.createUser({ username: 'Former', isAdmin: true });
    const former = server.client();
    await former.login('Former');
    clock += 60_000;
    const res = await former.put('/api/admin/tuning', calm);
    expect(res.status, res.text).toBe(200);
    expect(res.body.publishedBy).toBe('Former');
    await server.db('users').where({ id: gone.id }).delete();
    expect(await current()).toMatchObject({ id: res.body.id, tuning: calm, publishedBy: null });
    expect((await history())[0]).toMatchObject({ id: res.body.id, publishedBy: null });
    expect((await history()).filter((c) => c.publishedBy === 'Designer')).toHaveLength(3);
  });
});

describe('a stored tuning that no longer parses (a later schema change)', () => {
  it('GET /api/tuning answers the defaults rather than a 500, and logs it once', async () => {
    const old = tuning() as unknown as { standard: Record<string, unknown> };
    old.standard.retiredAnimation = { duration: 1 };
    delete old.standard.viewModeChange;
    const [id] = (await server.db('tuning_changes').insert({
      document: JSON.stringify(old),
      published_by: adminId,
      published_at: clock,
      rolled_back_from: null,
    })) as number[];
    logged.length = 0;
    expect(await current()).toEqual(DEFAULT_PUBLISHED_TUNING);
    expect(await current()).toEqual(DEFAULT_PUBLISHED_TUNING);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(new RegExp(`change ${id}\\b.*no longer parses.*defaults`));

    // Rolling back to it is refused; rolling back to a good one replaces it.
    const refused = await admin.post('/api/admin/tuning/rollback', { id });
    expect(refused.status).toBe(422);
    expect(refused.body.field).toBe('id');
    expect(refused.body.error).toMatch(/no longer fits the current schema/);
    const good = (await history()).find((c) => c.rolledBackFrom === null && c.id < Number(id))!;
    const res = await admin.post('/api/admin/tuning/rollback', { id: good.id });
    expect(res.status, res.text).toBe(200);
    expect(await current()).toEqual(res.body);
  });

  it('a document that is not even JSON: the defaults too', async () => {
    await server.db('tuning_changes').insert({
      document: '{"standard":',
      published_by: null,
      published_at: clock,
      rolled_back_from: null,
    });
    expect(await current()).toEqual(DEFAULT_PUBLISHED_TUNING);
  });
});
