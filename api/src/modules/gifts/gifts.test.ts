import { DEFAULT_GIFT_IDS } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
let player: TestClient;
const CUSTOM = [...DEFAULT_GIFT_IDS.slice(2), 43, 44];

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'designer' });
  player = server.client();
  await player.login('designer');
});
afterAll(() => server.close());

describe('/api/gifts/custom', () => {
  it('is for signed-in players only', async () => {
    expect((await server.client().get('/api/gifts/custom')).status).toBe(401);
    expect((await server.client().post('/api/gifts/custom', { name: 'x', giftIds: CUSTOM })).status).toBe(
      401,
    );
  });

  it('has no set until one is saved', async () => {
    expect((await player.get('/api/gifts/custom')).body).toEqual({ customGiftSet: null });
  });

  it('saves 26 gifts and a name, and gives them back', async () => {
    const saved = await player.post('/api/gifts/custom', { name: 'Whale Night', giftIds: CUSTOM });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      customGiftSet: { id: expect.any(Number), name: 'Whale Night', giftIds: CUSTOM },
    });
    expect((await player.get('/api/gifts/custom')).body).toEqual(saved.body);
  });

  it('replaces the set on the next save, keeping its id', async () => {
    const first = (await player.get('/api/gifts/custom')).body.customGiftSet;
    const again = await player.post('/api/gifts/custom', { giftIds: DEFAULT_GIFT_IDS });
    expect(again.body.customGiftSet).toEqual({
      id: first.id,
      name: 'My Custom Gifts',
      giftIds: DEFAULT_GIFT_IDS,
    });
  });

  it.each([
    [{ name: 'x', giftIds: CUSTOM.slice(1) }, 'giftIds', 'You must select exactly 26 gifts.'],
    [
      { name: 'x', giftIds: [...CUSTOM.slice(1), CUSTOM[0]!, 99].slice(1) },
      'giftIds.25',
      'gift 99 is not in the catalogue',
    ],
    [
      { name: 'x', giftIds: [...CUSTOM.slice(1), CUSTOM[1]!] },
      'giftIds',
      'each gift may be chosen only once',
    ],
    [{ name: '', giftIds: CUSTOM }, 'name', 'Gift set name is required'],
    [{ name: 'n'.repeat(51), giftIds: CUSTOM }, 'name', 'Gift set name must be at most 50 characters'],
    [{ name: '🎁'.repeat(51), giftIds: CUSTOM }, 'name', 'Gift set name must be at most 50 characters'],
  ])('refuses %j with 400', async (body, field, error) => {
    const res = await player.post('/api/gifts/custom', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, field });
  });

  it('stores a name of 50 characters as its column counts them (code points): 50 emoji fit', async () => {
    for (const name of ['n'.repeat(50), '🎁'.repeat(50), 'İ'.repeat(50)]) {
      const res = await player.post('/api/gifts/custom', { name, giftIds: CUSTOM });
      expect(res.status).toBe(200);
      expect(res.body.customGiftSet.name).toBe(name);
      expect((await player.get('/api/gifts/custom')).body.customGiftSet.name).toBe(name);
    }
  });
});
