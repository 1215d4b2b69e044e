import { getRefId } from '@asteasolutions/zod-to-openapi';
import * as shared from '@dond/shared';
import { DEFAULT_GIFT_IDS, DEFAULT_TUNING_DOCUMENT } from '@dond/shared';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGamePayload } from '../../testing/games.js';
import { startTestServer, testApp, type TestResponse, type TestServer } from '../../testing/testServer.js';
import { COMPONENTS } from './openapi.router.js';

let server: TestServer;
let doc: any;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = res.body;
});
afterAll(() => server.close());

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/**
 * Every `METHOD /path` the app serves under /api, read from Express's router stack, with path-to-regexp's
 * `:name` and `*name` written as OpenAPI's `{name}`. A middleware mounted on a path of its own (not a router)
 * may answer there too: it shows as `USE /path`, which no description has.
 */
function served(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    const path = (end: string) =>
      (prefix + end)
        .replace(/[:*](\w+)/g, '{$1}')
        .replace(/\{\{(\w+)\}\}/g, '{$1}')
        .replace(/(.)\/$/, '$1');
    if (layer.route) {
      return Object.keys(layer.route.methods).map(
        (method) => `${method.toUpperCase()} ${path(layer.route!.path)}`,
      );
    }
    if (layer.handle.stack) return served(layer.handle.stack, prefix + mount);
    // An error handler (four arguments) answers only the errors of the routes before it.
    return mount && (layer.handle as unknown as () => void).length !== 4 ? [`USE ${path(mount)}`] : [];
  });
}

function described(): string[] {
  return Object.entries<object>(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The object a local $ref points at. */
function resolve(value: any): any {
  if (!value?.$ref) return value;
  return String(value.$ref)
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: any, key) => node?.[key], doc);
}

/** Every $ref anywhere in a value. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref') found.push(String(item));
      else refs(item, found);
    }
  }
  return found;
}

/**
 * A real answer is described: its status is one of the operation's, every header the description names is
 * there, and the body parses with the zod schema the description was generated from, losing no field.
 */
function expectDescribed(method: string, path: string, res: TestResponse) {
  const name = `${method} ${path} ${res.status}`;
  const answer = resolve(doc.paths[path]?.[method.toLowerCase()]?.responses?.[res.status]);
  expect(answer, `${name} is not described`).toBeDefined();
  for (const header of Object.keys(answer.headers ?? {}))
    expect(res.headers.get(header), name).not.toBeNull();
  const schemaRef: string = answer.content['application/json'].schema.$ref;
  const schema = COMPONENTS[schemaRef.replace('#/components/schemas/', '')];
  expect(schema, `${name}: ${schemaRef}`).toBeDefined();
  const parsed = schema!.safeParse(res.body);
  expect(parsed.error, `${name}: ${res.text}`).toBeUndefined();
  expect(parsed.data, `${name}: a field the description lacks`).toEqual(res.body);
}

describe('GET /api/openapi.json', () => {
  it('describes every route the app serves, and nothing else', () => {
    const app = testApp(server.db, server.outbox);
    const routes = new Set(
      served((app as unknown as { router: Layer['handle'] }).router.stack!).filter((r) =>
        / \/api(\/|$)/.test(r),
      ),
    );
    expect(routes.size).toBeGreaterThan(25);
    expect(
      [...routes].filter((r) => !described().includes(r)),
      'served but not described',
    ).toEqual([]);
    expect(
      described().filter((r) => !routes.has(r)),
      'described but not served',
    ).toEqual([]);
  });

  it('is a well-formed OpenAPI 3.1 document: every $ref resolves, every path parameter is declared', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({
      title: expect.any(String),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    for (const ref of all) {
      expect(ref, ref).toMatch(/^#\/components\/(schemas|responses)\/\w+$/);
      expect(resolve({ $ref: ref }), ref).toBeTypeOf('object');
    }
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const name = `${method} ${path}`;
        expect(['get', 'put', 'post', 'patch', 'delete'], name).toContain(method);
        expect(op.summary, name).toEqual(expect.any(String));
        const templated = (path.match(/\{\w+\}/g) ?? []).map((p) => p.slice(1, -1));
        const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path' && p.required);
        expect(declared.map((p: any) => p.name).sort(), name).toEqual(templated.sort());
        expect(
          Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)),
          name,
        ).toBe(true);
        for (const [status, answer] of Object.entries<any>(op.responses)) {
          expect(status, name).toMatch(/^[1-5]\d\d$/);
          expect(resolve(answer).description, `${name} ${status}`).toEqual(expect.any(String));
          // Every error has the one shape { error, field? }.
          if (Number(status) >= 400)
            expect(resolve(answer).content['application/json'].schema, `${name} ${status}`).toEqual({
              $ref: '#/components/schemas/ErrorResponse',
            });
        }
      }
    }
  });

  it('names only the schemas it means to: no shared schema inherits a component’s name from its parent', () => {
    const named = new Set(Object.values(COMPONENTS));
    for (const [key, value] of Object.entries(shared)) {
      if (value instanceof z.ZodType && !named.has(value)) expect(getRefId(value), key).toBeUndefined();
    }
    expect(Object.keys(doc.components.schemas).sort()).toEqual(Object.keys(COMPONENTS).sort());
  });

  it('describes the errors each route can answer, with Retry-After on 429 and 503', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password']) {
      expect(statuses(path, 'post'), path).toEqual(
        expect.arrayContaining(['400', '403', '413', '429', '503']),
      );
    }
    expect(statuses('/api/health', 'get')).toContain('503');
    expect(statuses('/api/games', 'post')).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '409', '413', '422', '503']),
    );
    expect(statuses('/api/admin/users/{userId}', 'get')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '503']),
    );
    // A player's GET is no one else's business: no 403; the description itself needs no database.
    expect(statuses('/api/games/my-games', 'get')).not.toContain('403');
    expect(statuses('/api/openapi.json', 'get')).not.toContain('503');
    for (const name of ['TooManyRequests', 'Unavailable'])
      expect(doc.components.responses[name].headers['Retry-After'], name).toBeDefined();
  });

  it('takes bodies, queries and path ids from the shared schemas, as a client may send them', () => {
    const save = doc.paths['/api/games'].post;
    expect(save.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SavedGamePayload',
    });
    const payload = doc.components.schemas.SavedGamePayload;
    expect(payload.properties.firstCaseSelected).toMatchObject({ type: 'integer', minimum: 1, maximum: 26 });
    expect(payload.properties.giftIdsUsed).toMatchObject({ type: 'array', minItems: 26, maxItems: 26 });
    expect(payload.properties.gameOutcome.enum).toEqual(['won', 'banker_accepted']);
    // userId and username are the session's: optional in the payload.
    expect(payload.required).not.toContain('userId');
    // A named schema inside another is a reference to it.
    expect(doc.components.schemas.SaveGameResponse.properties.game).toEqual({
      $ref: '#/components/schemas/GameRecord',
    });
    // A defaulted name is optional in the request.
    const gifts = doc.components.schemas.CustomGiftSetRequest;
    expect(gifts.required).toEqual(['giftIds']);
    expect(gifts.properties.name).toMatchObject({ default: 'My Custom Gifts', maxLength: 50 });
    expect(doc.components.schemas.ExtendExpiryRequest.properties.days.enum).toEqual([7, 14, 30]);
    const list = doc.paths['/api/admin/users'].get;
    expect(list.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ['range', 'query', false],
      ['sort', 'query', false],
      ['filter', 'query', false],
    ]);
    expect(list.responses['200'].headers['Content-Range']).toBeDefined();
    expect(doc.paths['/api/admin/games/daily'].get.parameters[0].schema).toMatchObject({
      default: 30,
      minimum: 1,
      maximum: 365,
    });
    expect(doc.paths['/api/admin/users/{userId}'].get.parameters[0].schema).toMatchObject({
      type: 'integer',
    });
    expect(doc.paths['/api/admin/games/export'].get.responses['200'].content['text/csv']).toBeDefined();
  });

  it('marks who may call what: the session cookie, and the cross-site rule', () => {
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'dond.sid',
    });
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/games/my-games'].get.security).toEqual([{ session: [] }]);
    expect(doc.info.description).toMatch(/another site.*403/);
  });

  it('matches real answers: errors, a player’s and an admin’s', async () => {
    const visitor = server.client();
    expectDescribed('POST', '/api/auth/login', await visitor.post('/api/auth/login', { username: 'ab' }));
    expectDescribed('GET', '/api/auth/me', await visitor.get('/api/auth/me'));
    expectDescribed('GET', '/api/health', await visitor.get('/api/health'));
    expectDescribed('GET', '/api/session/validate', await visitor.get('/api/session/validate'));
    expectDescribed('GET', '/api/gifts/custom', await visitor.get('/api/gifts/custom'));
    expectDescribed(
      'POST',
      '/api/auth/register',
      await visitor.post('/api/auth/register', {}, { origin: 'https://elsewhere.example' }),
    );
    expectDescribed(
      'POST',
      '/api/auth/register',
      await visitor.post('/api/auth/register', { username: 'x'.repeat(200_000) }),
    );

    await server.createUser({ username: 'describer' });
    const player = server.client();
    await player.login('describer');
    expectDescribed('GET', '/api/gifts/custom', await player.get('/api/gifts/custom'));
    expectDescribed(
      'POST',
      '/api/gifts/custom',
      await player.post('/api/gifts/custom', { giftIds: DEFAULT_GIFT_IDS }),
    );
    expectDescribed('GET', '/api/gifts/custom', await player.get('/api/gifts/custom'));
    const live = await player.post('/api/live-games', { clientSeed: 'described' });
    expectDescribed('POST', '/api/live-games', live);
    expectDescribed('GET', '/api/live-games/current', await player.get('/api/live-games/current'));
    const actions = `/api/live-games/${live.body.id}/actions`;
    expectDescribed(
      'POST',
      '/api/live-games/{id}/actions',
      await player.post(actions, { seq: 0, type: 'pick', case: 1 }),
    );
    const refused = await player.post(actions, { seq: 1, type: 'deal' });
    expect(refused.status).toBe(409);
    expectDescribed('POST', '/api/live-games/{id}/actions', refused);
    expectDescribed(
      'GET',
      '/api/live-games/{id}/verify',
      await visitor.get(`/api/live-games/${live.body.id}/verify`),
    );
    expectDescribed('GET', '/api/stage', await player.get('/api/stage'));
    const stage = await player.post('/api/stage/key');
    expectDescribed('POST', '/api/stage/key', stage);
    expectDescribed('GET', '/api/stage/{key}/game', await visitor.get(`/api/stage/${stage.body.key}/game`));
    expectDescribed('GET', '/api/stage/{key}/game', await visitor.get(`/api/stage/${'x'.repeat(43)}/game`));
    expectDescribed(
      'GET',
      '/api/stage/{key}/events',
      await visitor.get(`/api/stage/${'x'.repeat(43)}/events`),
    );
    const game = await liveGamePayload(player);
    expectDescribed(
      'GET',
      '/api/live-games/{id}/verify',
      await visitor.get(`/api/live-games/${game.liveGameId}/verify`),
    );
    expectDescribed('POST', '/api/games', await player.post('/api/games', game));
    expectDescribed('POST', '/api/games', await player.post('/api/games', game));
    expectDescribed('GET', '/api/games/my-games', await player.get('/api/games/my-games'));
    expectDescribed('GET', '/api/admin/games/stats', await player.get('/api/admin/games/stats'));

    await server.createUser({ username: 'overseer', isAdmin: true });
    const admin = server.client();
    await admin.login('overseer');
    expectDescribed('GET', '/api/admin/users', await admin.get('/api/admin/users?range=[0,9]'));
    expectDescribed('GET', '/api/admin/users', await admin.get('/api/admin/users?range=[9,0]'));
    expectDescribed('GET', '/api/admin/users/{userId}', await admin.get('/api/admin/users/999999'));
    expectDescribed('GET', '/api/admin/games', await admin.get('/api/admin/games'));
    expectDescribed('GET', '/api/admin/games/stats', await admin.get('/api/admin/games/stats'));
    expectDescribed('GET', '/api/admin/games/daily', await admin.get('/api/admin/games/daily?days=3'));

    expectDescribed('GET', '/api/tuning', await visitor.get('/api/tuning'));
    expectDescribed(
      'PUT',
      '/api/admin/tuning',
      await player.put('/api/admin/tuning', DEFAULT_TUNING_DOCUMENT),
    );
    expectDescribed('PUT', '/api/admin/tuning', await admin.put('/api/admin/tuning', { standard: {} }));
    const tuning = await admin.put('/api/admin/tuning', DEFAULT_TUNING_DOCUMENT);
    expect(tuning.status).toBe(200);
    expectDescribed('PUT', '/api/admin/tuning', tuning);
    expectDescribed('GET', '/api/tuning', await visitor.get('/api/tuning'));
    expectDescribed('GET', '/api/admin/tuning/history', await admin.get('/api/admin/tuning/history'));
    const rollback = '/api/admin/tuning/rollback';
    expectDescribed('POST', rollback, await admin.post(rollback, { id: tuning.body.id }));
    expectDescribed('POST', rollback, await admin.post(rollback, { id: 999_999 }));
    expectDescribed('POST', rollback, await admin.post(rollback, { id: 'x' }));
  });

  it('matches real answers of a busy or broken server: 429 and 503 with Retry-After', async () => {
    const strict = await startTestServer({ rateLimits: { login: { windowMs: 60_000, limit: 1 } } });
    try {
      await strict.createUser({ username: 'hurried' });
      const player = strict.client();
      expectDescribed('POST', '/api/auth/login', await player.login('hurried'));
      const again = await strict.client().post('/api/auth/login', { username: 'hurried', password: 'wrong' });
      expect(again.status).toBe(429);
      expectDescribed('POST', '/api/auth/login', again);
      await strict.db.destroy();
      const res = await player.get('/api/gifts/custom');
      expect(res.status).toBe(503);
      expectDescribed('GET', '/api/gifts/custom', res);
    } finally {
      await strict.close();
    }
  });
});
