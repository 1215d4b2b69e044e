// Issue 38 item 11: every 400 names its `field`, an unknown key and a body that is not an object too, and a
// number past the safe integers (1e300) is refused as too large, not as 'not a whole number'. Real HTTP.
import { DEFAULT_TUNING_DOCUMENT, liveGamePublicSchema } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../testing/expectStatus.js';
import {
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../testing/testServer.js';
import { BODY_FIELD } from './validate.js';

let server: TestServer;
let player: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  player = (await server.signedIn('player')).client;
  await server.createUser({ username: 'Designer', isAdmin: true });
  admin = server.client();
  await admin.login('Designer');
});
afterAll(() => server.close());

/** A 400 in the JSON error shape, with its field and its message. */
function refused(res: TestResponse<any>, field: string, error: string | RegExp) {
  expect(res.status, res.text).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body.field, res.text).toBe(field);
  if (typeof error === 'string') expect(res.body.error).toBe(error);
  else expect(res.body.error).toMatch(error);
}

const follow = { type: 'follow', msgId: 'm1', viewerId: 'v1', uniqueId: 'v1', nickname: 'V' };

describe('a body that is not a JSON object', () => {
  it.each([
    ['POST', '/api/live-games'],
    ['PUT', '/api/audience/settings'],
    ['POST', '/api/audience/simulate'],
    ['PUT', '/api/admin/tuning'],
  ])('%s %s with an array: 400 naming the body and saying it must be an object', async (method, path) => {
    const client = path.startsWith('/api/admin') ? admin : player;
    for (const body of ['[]', '[{"clientSeed":"a"}]', '[1, 2]']) {
      const res = method === 'PUT' ? await client.put(path, body) : await client.post(path, body);
      refused(res, BODY_FIELD, 'The request body must be a JSON object');
    }
  });
});

describe('a key the schema does not have', () => {
  it('names the key as the field, with the route’s own words about its keys', async () => {
    refused(
      await player.post('/api/live-games', { clientSeed: 'abc', speed: 2 }),
      'speed',
      'the body may hold only clientSeed and customGiftSetId',
    );
    refused(
      await player.put('/api/audience/settings', { mode: 'off', windowSeconds: 30, extra: true, more: 1 }),
      'extra',
      'the settings hold only mode and windowSeconds',
    );
  });

  it('and in words where the schema has none of its own', async () => {
    refused(
      await player.post('/api/audience/simulate', { ...follow, colour: 'red' }),
      'colour',
      'colour is not a known field',
    );
  });

  it('in a tuning, the key’s whole path', async () => {
    const tuning = structuredClone(DEFAULT_TUNING_DOCUMENT) as any;
    tuning.standard.caseOpen.lid.wobble = 1;
    const res = await admin.put('/api/admin/tuning', tuning);
    refused(res, 'standard.caseOpen.lid.wobble', 'standard.caseOpen.lid.wobble: wobble is not a known field');
  });
});

describe('a number past the safe integers', () => {
  it('is too large for a field with a maximum: its own "at most"', async () => {
    refused(
      await player.put('/api/audience/settings', { mode: 'vote', windowSeconds: 1e300 }),
      'windowSeconds',
      'windowSeconds must be at most 120',
    );
    refused(
      await player.post('/api/audience/simulate', {
        ...follow,
        type: 'gift',
        giftId: 1e300,
        giftName: 'Rose',
        diamondCount: 1,
        repeatCount: 1,
      }),
      'giftId',
      `giftId must be at most ${2 ** 31}`,
    );
    // Below the range: its own "at least" (here in the schema's words for a negative).
    refused(
      await player.post('/api/audience/simulate', { ...follow, type: 'like', likeCount: -1e300 }),
      'likeCount',
      'likeCount cannot be negative',
    );
  });

  it('is too large for a field with no maximum: the safe limit', async () => {
    refused(
      await player.post('/api/live-games', { customGiftSetId: 1e300 }),
      'customGiftSetId',
      `customGiftSetId must be at most ${Number.MAX_SAFE_INTEGER}`,
    );
    const view = liveGamePublicSchema.parse(ok(await player.post('/api/live-games', {}), 201));
    refused(
      await player.post(`/api/live-games/${view.id}/actions`, { seq: 1e300, type: 'pick', case: 1 }),
      'seq',
      `seq must be at most ${Number.MAX_SAFE_INTEGER}`,
    );
    // A fraction is still not a whole number.
    refused(
      await player.post(`/api/live-games/${view.id}/actions`, { seq: 0.5, type: 'pick', case: 1 }),
      'seq',
      'seq must be a whole number',
    );
  });
});
