// The TikFinity URL through real HTTP: the server connects only to the hosts its operator allows
// (AUDIENCE_SOURCE_HOSTS, docs/decisions/0046-audience-source-hosts.md), checked before it saves or connects.
import { createServer, type Server } from 'node:net';
import { audienceSourcesSchema, type AudienceSources } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostAllowlist } from '../../../http/hostAllowlist.js';
import { ok } from '../../../testing/expectStatus.js';
import { startTestServer, type TestClient, type TestServer } from '../../../testing/testServer.js';

/** A plain TCP server on 127.0.0.1 that counts the connections it sees. */
let tcp: Server;
let port = 0;
let connections = 0;
// What NODE_ENV=production gives with no setting, and an operator's list that leaves 127.0.0.1 out.
let production: TestServer;
let listed: TestServer;

beforeAll(async () => {
  tcp = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  port = (tcp.address() as { port: number }).port;
  const backoff = { initialMs: 40, maxMs: 80 };
  [production, listed] = await Promise.all([
    startTestServer({ audienceSources: { backoff, hosts: HostAllowlist.parse('') } }),
    startTestServer({
      audienceSources: { backoff, hosts: HostAllowlist.parse('127.0.0.2, tikfinity.example') },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([production.close(), listed.close()]);
  await new Promise((resolve) => tcp.close(resolve));
});

const settings = (url: string, enabled = true) => ({
  tikfinity: { enabled, url },
  tiktok: { enabled: false, username: '' },
});
const sources = async (client: TestClient) =>
  audienceSourcesSchema.parse(ok(await client.get('/api/audience/sources'))) as AudienceSources;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a TikFinity URL on a host the operator did not allow', () => {
  it('in production with no setting: every URL is refused with a 400 naming tikfinity.url and the variable', async () => {
    const { client } = await production.signedIn('prodhosts');
    const before = connections;
    for (const url of ['ws://localhost:21213', `ws://127.0.0.1:${port}`, 'wss://tikfinity.example/live']) {
      const res = await client.put('/api/audience/sources', settings(url));
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({
        field: 'tikfinity.url',
        error: expect.stringMatching(
          /^tikfinity\.url: this server connects to no TikFinity host \(.+ is not allowed\): the operator allows source hosts with AUDIENCE_SOURCE_HOSTS$/,
        ),
      });
    }
    await settle();
    expect(connections).toBe(before);
    // Nothing was kept: the source is off.
    expect((await sources(client)).settings.tikfinity.enabled).toBe(false);
    // TikFinity off, its URL is not checked: a streamer on TikTok LIVE alone saves as before.
    ok(await client.put('/api/audience/sources', settings('ws://localhost:21213', false)));
  });

  it('with a list: an address, a name or a disguise of 127.0.0.1 is refused before any connection', async () => {
    const { client } = await listed.signedIn('listhosts');
    const before = connections;
    for (const url of [
      `ws://127.0.0.1:${port}`,
      `ws://localhost:${port}`,
      `ws://[::ffff:127.0.0.1]:${port}`,
      `ws://2130706433:${port}`,
    ]) {
      const res = await client.put('/api/audience/sources', settings(url));
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      expect(res.body.field).toBe('tikfinity.url');
      expect(res.body.error).toMatch(
        /^tikfinity\.url: \S+ is not an allowed host: the operator allows source hosts with AUDIENCE_SOURCE_HOSTS$/,
      );
    }
    await settle();
    expect(connections).toBe(before);
  });

  it('a URL the pattern lets through and no connection can open is a 400 too, never a 500', async () => {
    const { client } = await listed.signedIn('listhosts');
    for (const url of ['ws://localhost:99999', 'ws://999.1.1.1', 'ws://[1:2]']) {
      const res = await client.put('/api/audience/sources', settings(url));
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      expect(res.body).toEqual({
        field: 'tikfinity.url',
        error: 'tikfinity.url must be a ws:// or wss:// URL with a valid host and a port up to 65535',
      });
    }
  });

  it('an allowed host is saved and connected to (the control)', async () => {
    const { client } = await listed.signedIn('listhosts');
    const allowedServer = createServer((socket) => socket.destroy());
    let seen = 0;
    allowedServer.on('connection', () => (seen += 1));
    await new Promise<void>((resolve) => allowedServer.listen(0, '127.0.0.2', resolve));
    try {
      const url = `ws://127.0.0.2:${(allowedServer.address() as { port: number }).port}`;
      ok(await client.put('/api/audience/sources', settings(url)));
      const deadline = Date.now() + 3000;
      while (seen === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toBeGreaterThan(0);
      ok(await client.put('/api/audience/sources', settings(url, false)));
    } finally {
      await new Promise((resolve) => allowedServer.close(resolve));
    }
  });

  it('a URL kept from before the list changed is refused at resume, and says so', async () => {
    const { client, id } = await listed.signedIn('listhosts');
    const before = connections;
    // Saved when the list allowed it (another configuration, an older release).
    await listed.db('audience_sources').insert({
      user_id: id,
      tikfinity_enabled: true,
      tikfinity_url: `ws://127.0.0.1:${port}`,
      tiktok_enabled: false,
      tiktok_username: '',
      updated_at: Date.now(),
    });
    await listed.sources.resume();
    const deadline = Date.now() + 3000;
    let answer = await sources(client);
    while (Date.now() < deadline && answer.state.tikfinity?.status !== 'reconnecting') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await sources(client);
    }
    expect(answer.state.tikfinity).toMatchObject({
      status: 'reconnecting',
      lastError: 'host not allowed: 127.0.0.1 (the operator allows source hosts with AUDIENCE_SOURCE_HOSTS)',
    });
    await settle();
    expect(connections).toBe(before);
    ok(await client.put('/api/audience/sources', settings(`ws://127.0.0.1:${port}`, false)));
  });
});
