import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer.js';

// Every /api/admin route, for a visitor, a player and an admin.
const ROUTES: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown]> = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/pending'],
  ['GET', '/api/admin/users/:id'],
  ['PATCH', '/api/admin/users/:id/status', { status: 'approved' }],
  ['PATCH', '/api/admin/users/:id/email', { email: 'x@example.com' }],
  ['PATCH', '/api/admin/users/:id/extend', { days: 7 }],
  ['PATCH', '/api/admin/users/:id/reduce', { days: 1 }],
  ['PATCH', '/api/admin/users/:id/disable', {}],
  ['PATCH', '/api/admin/users/:id/subscriber', { isMonthlySubscriber: true }],
  ['DELETE', '/api/admin/users/:id'],
  ['GET', '/api/admin/games'],
  ['GET', '/api/admin/games/stats'],
  ['GET', '/api/admin/games/daily'],
  ['GET', '/api/admin/games/export'],
  ['POST', '/api/admin/games/recover', {}],
  ['DELETE', '/api/admin/games'],
];

let server: TestServer;
let player: TestClient;
let admin: TestClient;
let targetId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'player' });
  await server.createUser({ username: 'boss', isAdmin: true });
  player = server.client();
  await player.login('player');
  admin = server.client();
  await admin.login('boss');
});
afterAll(() => server.close());

describe('the authorization matrix of /api/admin', () => {
  // Each row gets a fresh target, since DELETE removes it.
  const call = async (client: TestClient, method: string, path: string, body?: unknown) => {
    targetId = (
      await server.createUser({ username: `t${Math.random().toString(36).slice(2, 10)}`, status: 'pending' })
    ).id;
    return client.request(method, path.replace(':id', String(targetId)), body);
  };

  it.each(ROUTES)('%s %s: 401 for a visitor', async (method, path, body) => {
    const res = await call(server.client(), method, path, body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Please log in first' });
  });

  it.each(ROUTES)('%s %s: 403 for a player', async (method, path, body) => {
    const res = await call(player, method, path, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You don't have admin privileges" });
  });

  it.each(ROUTES)('%s %s: served for an admin', async (method, path, body) => {
    const res = await call(admin, method, path, body);
    expect([401, 403]).not.toContain(res.status);
    // The route exists: an unknown path would answer the API's own 404.
    expect(String(res.body?.error ?? '')).not.toMatch(/^Not found: /);
    expect(res.status).toBeLessThan(500);
  });
});
