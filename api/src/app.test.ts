import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

const FAKE_CLIENT_INDEX = '<!doctype html><title>fake game client</title>';

let server: Server;
let baseUrl: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'dond-client-'));
  await writeFile(path.join(clientDir, 'index.html'), FAKE_CLIENT_INDEX);
  const adminDir = path.join(clientDir, 'admin-not-built');
  server = createApp({ clientDir, adminDir }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
  await rm(clientDir, { recursive: true, force: true });
});

describe('createApp', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${baseUrl}/api/nope?x=1`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: 'Not found: POST /api/nope' });
  });

  it("falls back to the client's index.html for its own routes", async () => {
    const response = await fetch(`${baseUrl}/some/client/route`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(FAKE_CLIENT_INDEX);
  });

  it('answers 503 with a hint while a build is missing', async () => {
    const response = await fetch(`${baseUrl}/admin/users`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('admin console is not built yet. Run `npm run build`');
  });
});
