// An account the admin takes away (disabled, rejected, expired by the admin, deleted) keeps nothing that acts for
// it: its stage closes and its key is gone, its audience sources stop, and a restart resumes none of them
// (docs/decisions/0045-account-end.md). Real HTTP, a real SSE reader and a real WebSocket stand-in for TikFinity.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageInfoSchema } from '@dond/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { EventStream } from '../../testing/eventStream.js';
import { ok } from '../../testing/expectStatus.js';
import {
  startTestServer,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../testing/testServer.js';
import { AudienceSources } from '../audience/audience.sources.js';
import { STAGE_LINK_NOT_VALID } from '../stage/stage.router.js';

const DAY = 24 * 60 * 60 * 1000;
// A short back-off, so that a source left running would have reconnected several times within the waits below.
const sourceOptions = { backoff: { initialMs: 20, maxMs: 50 } };

let server: TestServer;
let admin: TestClient;
let made = 0;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-account-end-client-'));
const fakes: WebSocketServer[] = [];

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>the game client</title>');
  server = await startTestServer({ clientDir, audienceSources: sourceOptions });
  await server.createUser({ username: 'boss', isAdmin: true });
  admin = server.client();
  await admin.login('boss');
});
afterAll(async () => {
  await server.close();
  for (const fake of fakes) for (const socket of fake.clients) socket.terminate();
  await Promise.all(fakes.map((fake) => new Promise((resolve) => fake.close(resolve))));
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A signed-in player whose account expires in a day (so the admin can move the expiry into the past). */
async function player() {
  const username = `ended${++made}`;
  const user = await server.createUser({ username, expiryDate: Date.now() + DAY });
  const client = server.client();
  await client.login(username);
  return { client, id: user.id, username };
}

const stageKey = async (client: TestClient) => stageInfoSchema.parse(ok(await client.get('/api/stage'))).key;

/** A stand-in for TikFinity on an ephemeral port of 127.0.0.1 that counts connections and their closes. */
async function fakeTikFinity() {
  const fake = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    fake.once('listening', resolve);
    fake.once('error', reject);
  });
  fakes.push(fake);
  const seen = { connections: 0, closes: 0 };
  fake.on('connection', (socket) => {
    seen.connections += 1;
    socket.on('close', () => (seen.closes += 1));
  });
  return { fake, seen, url: `ws://127.0.0.1:${(fake.address() as { port: number }).port}` };
}

async function until(check: () => boolean, what: string, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tikfinityOn = (url: string) => ({
  tikfinity: { enabled: true, url },
  tiktok: { enabled: false, username: '' },
});

/** The admin's ways of taking an account away, each through its own route. */
const endings: Array<[string, (id: number) => Promise<TestResponse>]> = [
  ['disabled', (id) => admin.patch(`/api/admin/users/${id}/disable`, {})],
  ['rejected', (id) => admin.patch(`/api/admin/users/${id}/status`, { status: 'rejected' })],
  ['expired by the admin', (id) => admin.patch(`/api/admin/users/${id}/reduce`, { days: 7 })],
  ['deleted', (id) => admin.delete(`/api/admin/users/${id}`)],
];

describe('an account the admin takes away', () => {
  it.each(endings)(
    '%s: its open stages end with revoked within a second, its key answers 404',
    async (_, end) => {
      const { client, id } = await player();
      const key = await stageKey(client);
      const stages = await Promise.all(
        [1, 2].map(() => EventStream.open(`${server.url}/api/stage/${key}/events`)),
      );
      for (const stage of stages) await stage.next((e) => e.event === 'game');
      expect((await server.client().get(`/stage/${key}`)).status).toBe(200);

      const started = Date.now();
      ok(await end(id));
      for (const stage of stages) {
        expect((await stage.next((e) => e.event === 'revoked')).data).toEqual({
          error: STAGE_LINK_NOT_VALID,
        });
        expect(await stage.until(() => stage.ended, 1000)).toBe(true);
      }
      expect(Date.now() - started).toBeLessThan(1000);

      const visitor = server.client();
      const game = await visitor.get(`/api/stage/${key}/game`);
      expect(game.status).toBe(404);
      expect(game.body).toEqual({ error: STAGE_LINK_NOT_VALID });
      expect((await visitor.get(`/api/stage/${key}/leaderboard`)).status).toBe(404);
      const page = await visitor.get(`/stage/${key}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain(STAGE_LINK_NOT_VALID);
      const again = await EventStream.open(`${server.url}/api/stage/${key}/events`);
      expect(again.status).toBe(404);
    },
  );

  it('re-approved, it gets a new stage key; the old one stays dead', async () => {
    const { client, id, username } = await player();
    const old = await stageKey(client);
    ok(await admin.patch(`/api/admin/users/${id}/disable`, {}));
    ok(await admin.patch(`/api/admin/users/${id}/status`, { status: 'approved' }));
    await client.login(username);
    const renewed = await stageKey(client);
    expect(renewed).not.toBe(old);
    expect((await server.client().get(`/api/stage/${old}/game`)).status).toBe(404);
    expect((await server.client().get(`/api/stage/${renewed}/game`)).status).toBe(200);
  });

  it('approving or extending an account leaves its stage alone', async () => {
    const { client, id } = await player();
    const key = await stageKey(client);
    const stage = await EventStream.open(`${server.url}/api/stage/${key}/events`);
    await stage.next((e) => e.event === 'game');
    ok(await admin.patch(`/api/admin/users/${id}/status`, { status: 'approved' }));
    ok(await admin.patch(`/api/admin/users/${id}/extend`, { days: 30 }));
    ok(await admin.patch(`/api/admin/users/${id}/reduce`, { days: 1 }));
    await pause(100);
    expect(stage.ended).toBe(false);
    expect((await server.client().get(`/api/stage/${key}/game`)).status).toBe(200);
    stage.close();
  });

  it.each(endings)('%s: its TikFinity source stops at once and never reconnects', async (_, end) => {
    const { client, id } = await player();
    const { seen, fake, url } = await fakeTikFinity();
    ok(await client.put('/api/audience/sources', tikfinityOn(url)));
    await until(() => seen.connections === 1, 'the first connection');

    ok(await end(id));
    // Stopped by the server (not dropped by TikFinity), before the admin's answer or right after it.
    await until(() => seen.closes === 1, 'the source to close', 1000);
    // Were it still running, this drop and the wait (many back-offs long) would bring it back.
    for (const socket of fake.clients) socket.terminate();
    await pause(300);
    expect(seen.connections).toBe(1);
    expect((await server.sources.describe(id)).state.tikfinity).not.toMatchObject({ status: 'connected' });
  });

  it('expired while its source runs (no admin action): the next drop stops it instead of a reconnect', async () => {
    const { client, id } = await player();
    const { seen, fake, url } = await fakeTikFinity();
    ok(await client.put('/api/audience/sources', tikfinityOn(url)));
    await until(() => seen.connections === 1, 'the first connection');
    // The expiry date passing, as the clock would (or another instance ending the account: the same check).
    await server
      .db('users')
      .where({ id })
      .update({ expiry_date: Date.now() - 1000 });
    for (const socket of fake.clients) socket.terminate();
    await pause(300);
    expect(seen.connections).toBe(1);
    expect((await server.sources.describe(id)).state.tikfinity).toBeNull();
  });

  it('a save that reaches the sources after the account ended starts nothing', async () => {
    const { id } = await player();
    ok(await admin.patch(`/api/admin/users/${id}/disable`, {}));
    const { seen, url } = await fakeTikFinity();
    // As a request already past the sign-in check when the admin disabled the account would save.
    const answer = await server.sources.save(id, tikfinityOn(url));
    expect(answer.settings.tikfinity.enabled).toBe(true);
    await pause(200);
    expect(seen.connections).toBe(0);
  });

  it('a restart resumes the sources of approved accounts only', async () => {
    const accounts = {
      approved: await player(),
      disabled: await player(),
      rejected: await player(),
      pending: await player(),
      expired: await player(),
    };
    const fakesOf = new Map<number, Awaited<ReturnType<typeof fakeTikFinity>>>();
    for (const { id } of Object.values(accounts)) {
      const fake = await fakeTikFinity();
      fakesOf.set(id, fake);
      // The settings as a streamer left them on before the last stop.
      await server.db('audience_sources').insert({
        user_id: id,
        tikfinity_enabled: true,
        tikfinity_url: fake.url,
        tiktok_enabled: false,
        tiktok_username: '',
        updated_at: Date.now(),
      });
    }
    // Changed in the database, as a stop of the server in between would leave them (nothing running to stop).
    const users = () => server.db('users');
    await users().where({ id: accounts.disabled.id }).update({ status: 'disabled' });
    await users().where({ id: accounts.rejected.id }).update({ status: 'rejected' });
    await users().where({ id: accounts.pending.id }).update({ status: 'pending' });
    await users()
      .where({ id: accounts.expired.id })
      .update({ expiry_date: Date.now() - 1000 });

    // Another process on the same database: what server.ts does at boot.
    const restarted = new AudienceSources({
      db: server.db,
      engine: server.audience,
      now: Date.now,
      log: () => undefined,
      options: sourceOptions,
    });
    try {
      expect(await restarted.resume()).toBe(1);
      await until(() => fakesOf.get(accounts.approved.id)!.seen.connections === 1, 'the approved source');
      await pause(200);
      for (const [name, { id }] of Object.entries(accounts)) {
        expect(fakesOf.get(id)!.seen.connections, name).toBe(name === 'approved' ? 1 : 0);
      }
    } finally {
      await restarted.close();
    }
  });
});
