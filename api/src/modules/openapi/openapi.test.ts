import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

// SPEC.md section 7, and the routes the issue adds.
const ROUTES = [
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  'GET /api/auth/verify-reset-token/{token}',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/session/validate',
  'GET /api/gifts/custom',
  'POST /api/gifts/custom',
  'POST /api/games',
  'GET /api/admin/users',
  'GET /api/admin/users/pending',
  'PATCH /api/admin/users/{userId}/status',
  'PATCH /api/admin/users/{userId}/email',
  'PATCH /api/admin/users/{userId}/extend',
  'PATCH /api/admin/users/{userId}/reduce',
  'PATCH /api/admin/users/{userId}/disable',
  'PATCH /api/admin/users/{userId}/subscriber',
  'DELETE /api/admin/users/{userId}',
  'GET /api/admin/games',
  'GET /api/admin/games/stats',
  'DELETE /api/admin/games',
  'GET /api/admin/games/export',
  'POST /api/admin/games/recover',
  'GET /api/games/my-games',
  'GET /api/admin/users/{userId}',
  'GET /api/admin/games/daily',
  'GET /api/health',
];

let server: TestServer;
let doc: any;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = JSON.parse(res.text);
});
afterAll(() => server.close());

/** The schema a local $ref points at. */
function resolve(schema: any): any {
  if (!schema?.$ref) return schema;
  const path = String(schema.$ref).replace(/^#\//, '').split('/');
  return path.reduce((node: any, key) => node?.[key], doc);
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

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document on JSON Schema 2020-12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.info).toMatchObject({
      title: expect.any(String),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('lists every route, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual([...ROUTES, 'GET /api/openapi.json'].sort());
  });

  it('every $ref points at a component that exists', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const ref of all) expect(resolve({ $ref: ref }), ref).toBeTypeOf('object');
  });

  it('every operation answers something, declares its path parameters, and describes errors with ErrorResponse', () => {
    for (const [path, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const name = `${method} ${path}`;
        const success = Object.keys(op.responses).filter((status) => status.startsWith('2'));
        expect(success.length, name).toBeGreaterThan(0);
        for (const param of path.match(/\{\w+\}/g) ?? []) {
          expect(
            op.parameters?.some((p: any) => p.in === 'path' && `{${p.name}}` === param && p.required),
            name,
          ).toBe(true);
        }
        for (const [status, answer] of Object.entries<any>(op.responses)) {
          if (Number(status) >= 400)
            expect(answer.content['application/json'].schema, `${name} ${status}`).toEqual({
              $ref: '#/components/schemas/ErrorResponse',
            });
        }
      }
    }
  });

  it('describes a saved game payload from the shared schema: case numbers 1 to 26, exactly 26 gifts', () => {
    const save = doc.paths['/api/games'].post;
    const payload = resolve(save.requestBody.content['application/json'].schema);
    expect(save.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SavedGamePayload',
    });
    expect(payload.properties.firstCaseSelected).toMatchObject({ type: 'integer', minimum: 1, maximum: 26 });
    expect(payload.properties.giftIdsUsed).toMatchObject({ type: 'array', minItems: 26, maxItems: 26 });
    expect(payload.properties.gameOutcome.enum).toEqual(['won', 'banker_accepted']);
    expect(payload.required).toEqual(
      expect.arrayContaining(['clientGameId', 'firstCaseSelected', 'giftIdsUsed']),
    );
    // userId and username are the session's: optional in the payload.
    expect(payload.required).not.toContain('userId');
  });

  it('answers with the shared schemas, nesting by reference', () => {
    const save = doc.paths['/api/games'].post;
    expect(Object.keys(save.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '409', '422', '503']),
    );
    const answer = resolve(save.responses['201'].content['application/json'].schema);
    expect(answer.properties.game).toEqual({ $ref: '#/components/schemas/GameRecord' });
    const stats = resolve(
      doc.paths['/api/admin/games/stats'].get.responses['200'].content['application/json'].schema,
    );
    expect(stats.properties.bankerAcceptanceRate).toMatchObject({ minimum: 0, maximum: 100 });
    expect(stats.properties.topWinnings.items).toEqual({ $ref: '#/components/schemas/GameRecord' });
  });

  it('describes request bodies as a client may send them: a defaulted name is optional', () => {
    const gifts = resolve(doc.paths['/api/gifts/custom'].post.requestBody.content['application/json'].schema);
    expect(gifts.required).toEqual(['giftIds']);
    expect(gifts.properties.name).toMatchObject({ default: 'My Custom Gifts', maxLength: 50 });
  });

  it('marks who may call what: a session for players, 403 for the admin routes', () => {
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'dond.sid',
    });
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/games/my-games'].get.security).toEqual([{ session: [] }]);
    expect(Object.keys(doc.paths['/api/admin/games/stats'].get.responses)).toEqual(
      expect.arrayContaining(['401', '403']),
    );
    expect(doc.paths['/api/games/my-games'].get.responses['403']).toBeUndefined();
  });

  it('describes the list query of ra-data-simple-rest and the Content-Range header', () => {
    const list = doc.paths['/api/admin/users'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(['range', 'sort', 'filter']);
    expect(list.responses['200'].headers['Content-Range']).toBeDefined();
    expect(doc.paths['/api/admin/games/export'].get.responses['200'].content['text/csv']).toBeDefined();
    const daily = doc.paths['/api/admin/games/daily'].get.parameters;
    expect(daily).toEqual([expect.objectContaining({ name: 'days', in: 'query', required: false })]);
    expect(daily[0].schema).toMatchObject({ default: 30, minimum: 1, maximum: 365 });
  });

  it('matches a real answer: the session check has exactly the documented fields', async () => {
    const schema = resolve(
      doc.paths['/api/session/validate'].get.responses['200'].content['application/json'].schema,
    );
    const res = await server.client().get('/api/session/validate');
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(schema.properties.valid.type).toBe(typeof res.body.valid);
  });
});
