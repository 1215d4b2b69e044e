// Issue 38 item 12: a viewer's name loses Unicode's bidirectional controls before it is stored, so it cannot
// turn the rest of a line around on the stage: through the simulator's API and a real TikFinity WebSocket.
import { audienceLeaderboardSchema, audienceSourcesSchema, type AudienceSources } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { ok } from '../../testing/expectStatus.js';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
let fake: WebSocketServer | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of fake?.clients ?? []) socket.terminate();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
  await server.close();
});

// Every one of Unicode's Bidi_Control characters: the embeddings and overrides U+202A..U+202E, the isolates
// U+2066..U+2069, and the marks U+200E, U+200F and U+061C.
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200e', '\u200f', '\u061c'];
const ANY_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// 'Rose sent by eve' as a stage would show it after an RLO: the rest of the line reversed.
const HOSTILE = `\u202eeve${BIDI.join('')}\u2067 ${MARKS.join('')}lyn`;

const leaderboard = async (client: TestClient) =>
  audienceLeaderboardSchema.parse(ok(await client.get('/api/audience/leaderboard')));
const storedNames = async (userId: number) =>
  (await server.db('audience_scores').where({ user_id: userId }).select('nickname')).map((r) =>
    String(r.nickname),
  );

let msg = 0;
const gift = (viewerId: string, nickname: string, uniqueId = viewerId) => ({
  type: 'gift',
  msgId: `names-${++msg}`,
  viewerId,
  uniqueId,
  nickname,
  giftId: 5655,
  giftName: 'Rose',
  diamondCount: 7,
  repeatCount: 1,
});

describe('a viewer name with bidirectional controls', () => {
  it('from the simulator: stored and shown without them', async () => {
    const { client, id } = await server.signedIn('names');
    expect(
      ok(await client.post('/api/audience/simulate', gift('v1', HOSTILE, `u${BIDI[4]}ser`)), 202),
    ).toEqual({ taken: true });
    // A name made only of controls is no name: shown as 'viewer', like an empty one.
    ok(await client.post('/api/audience/simulate', gift('v2', BIDI.join(''))), 202);
    const board = await leaderboard(client);
    expect(board.stream.gifters).toEqual([
      { viewerName: 'eve lyn', diamonds: 7 },
      { viewerName: 'viewer', diamonds: 7 },
    ]);
    const stored = await storedNames(id);
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(name, JSON.stringify(name)).not.toMatch(ANY_BIDI);
  });

  it('from a real TikFinity WebSocket: stored and shown without them', async () => {
    const { client, id } = await server.signedIn('names');
    const sockets: WebSocket[] = [];
    fake = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => fake!.once('listening', resolve));
    fake.on('connection', (socket) => sockets.push(socket));
    const url = `ws://127.0.0.1:${(fake.address() as { port: number }).port}`;
    ok(
      await client.put('/api/audience/sources', {
        tikfinity: { enabled: true, url },
        tiktok: { enabled: false, username: '' },
      }),
    );
    const deadline = Date.now() + 5000;
    while (sockets.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sockets).toHaveLength(1);
    sockets[0]!.send(
      JSON.stringify({
        event: 'gift',
        data: {
          msgId: '7441553166834509999',
          userId: '7212345678901230001',
          uniqueId: `eve${BIDI[4]}.lyn`,
          nickname: ` ${HOSTILE} `,
          giftId: 5655,
          giftName: 'Rose',
          diamondCount: 1,
          repeatCount: 3,
          repeatEnd: true,
          giftType: 1,
        },
      }),
    );
    let board = await leaderboard(client);
    while (board.stream.gifters.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      board = await leaderboard(client);
    }
    expect(board.stream.gifters).toEqual([{ viewerName: 'eve lyn', diamonds: 3 }]);
    for (const name of await storedNames(id)) expect(name, JSON.stringify(name)).not.toMatch(ANY_BIDI);
    const sources = audienceSourcesSchema.parse(
      ok(await client.get('/api/audience/sources')),
    ) as AudienceSources;
    expect(sources.counters.tikfinity).toMatchObject({ received: 1, malformed: 0 });
  });
});
