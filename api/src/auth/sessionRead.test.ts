// The session read path: one query brings the session and its user (a join), and deserializeUser checks that
// user's status and expiry on every request. These break if the join's user is reused, mixed up, trusted
// when it belongs to another id, or skipped when it is missing.
import type { Server } from 'node:http';
import type { SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepo } from '../modules/users/users.repo.js';
import { startTestServer, testApp, TestClient, type TestServer } from '../testing/testServer.js';
import { KnexSessionStore, sessionKey, takeUserReadWithSession } from './sessionStore.js';
import { listenApp } from '../http/appServer.js';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.UTC(2026, 10, 21, 12);
let server: TestServer;
let other: Server;
let otherUrl: string;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  // A second API instance on the same database, as behind a load balancer.
  const app = testApp(server.db, server.outbox, { now: () => clock });
  other = await listenApp(app, 0, '127.0.0.1');
  otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
});
afterAll(async () => {
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
  await server.close();
});

/** A signed-in client on the first instance and the same cookie on the second, with the session's id. */
async function signedIn(username: string, extra: { isAdmin?: boolean; expiryDate?: number | null } = {}) {
  const user = await server.createUser({ username, ...extra });
  const here = server.client();
  await here.login(username);
  const there = new TestClient(otherUrl);
  there.cookie = here.cookie;
  const sid = decodeURIComponent(here.cookie!.split('=')[1]!).slice(2).split('.')[0]!;
  return { user, here, there, sid };
}

const sessionRow = (sid: string) =>
  server
    .db('sessions')
    .where({ sid: sessionKey(sid) })
    .first();

describe('the session and its user, read together', () => {
  it('answers the fresh user on both instances', async () => {
    const { here, there } = await signedIn('reader');
    expect((await here.get('/api/auth/me')).body).toEqual({
      user: { id: expect.any(Number), username: 'reader', isAdmin: false },
    });
    expect((await there.get('/api/auth/me')).body.user.username).toBe('reader');
  });

  for (const status of ['disabled', 'rejected', 'pending'] as const) {
    it(`ends the session on the next request of either instance once the account is ${status}`, async () => {
      const { user, here, there, sid } = await signedIn(`gone_${status}`);
      expect((await there.get('/api/auth/me')).status).toBe(200);
      await usersRepo(server.db).update(user.id, { status });
      expect((await there.get('/api/auth/me')).status).toBe(401);
      expect(await sessionRow(sid)).toBeUndefined();
      // Approved again, the old session stays dead: it was destroyed, not merely refused once.
      await usersRepo(server.db).update(user.id, { status: 'approved' });
      expect((await here.get('/api/auth/me')).status).toBe(401);
    });
  }

  it('ends the session once the account expires, with no request in between to warn it', async () => {
    const { there, sid } = await signedIn('short_lived', { expiryDate: clock + DAY });
    expect((await there.get('/api/auth/me')).status).toBe(200);
    clock += 2 * DAY;
    expect((await there.get('/api/auth/me')).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('answers 401 for a session row whose user no longer exists, and removes the row', async () => {
    const { user, here, sid } = await signedIn('deleted_one');
    // Straight in the table, as another instance or an admin tool would: no session clean-up on the way.
    await server.db('users').where({ id: user.id }).delete();
    expect(await sessionRow(sid)).toBeDefined();
    expect((await here.get('/api/auth/me')).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('answers 401 for an expired session row', async () => {
    const { here, sid } = await signedIn('expired_row');
    await server
      .db('sessions')
      .where({ sid: sessionKey(sid) })
      .update({ expires_at: clock - 1 });
    expect((await here.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/session/validate')).body).toEqual({ valid: false });
  });

  it('reads the user of the session data, not of a row column that names someone else', async () => {
    const boss = await server.createUser({ username: 'the_boss', isAdmin: true });
    const { user, here, sid } = await signedIn('plain_player');
    await server
      .db('sessions')
      .where({ sid: sessionKey(sid) })
      .update({ user_id: boss.id });
    expect((await here.get('/api/auth/me')).body.user).toEqual({
      id: user.id,
      username: 'plain_player',
      isAdmin: false,
    });
    expect((await here.get('/api/admin/users')).status).toBe(403);
    // And that user's status still counts when it had to be read on its own.
    await usersRepo(server.db).update(user.id, { status: 'disabled' });
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('reads the user on its own for a session row without user_id', async () => {
    const { user, here, sid } = await signedIn('no_column');
    await server
      .db('sessions')
      .where({ sid: sessionKey(sid) })
      .update({ user_id: null });
    expect((await here.get('/api/auth/me')).body.user.username).toBe('no_column');
    await usersRepo(server.db).update(user.id, { status: 'disabled' });
    expect((await here.get('/api/auth/me')).status).toBe(401);
  });

  it('reads only what a request needs of the user: never the password hash', async () => {
    const { user, sid } = await signedIn('narrow_read', { isAdmin: true });
    const store = new KnexSessionStore(server.db, () => clock);
    const sess = await new Promise<SessionData>((resolve, reject) =>
      store.get(sid, (error, found) =>
        error || !found ? reject(error ?? new Error('no session')) : resolve(found),
      ),
    );
    const req = {};
    store.createSession(req as never, sess);
    expect(takeUserReadWithSession(req, user.id)).toEqual({
      userId: user.id,
      user: { id: user.id, username: 'narrow_read', status: 'approved', isAdmin: true, expiryDate: null },
    });
  });

  it('never mixes up the users of concurrent requests', async () => {
    const players = await Promise.all(['mix_a', 'mix_b', 'mix_c'].map((name) => signedIn(name)));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const { here, there } = players[i % 3]!;
        return (i % 2 ? here : there).get('/api/auth/me').then((res) => [i % 3, res.body.user.username]);
      }),
    );
    for (const [index, username] of answers)
      expect(username).toBe(['mix_a', 'mix_b', 'mix_c'][index as number]);
  });
});
