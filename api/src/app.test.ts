import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from './http/pageScripts.js';
import { startTestServer, type TestServer } from './testing/testServer.js';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>game</title>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'assets', 'board-Ab12_x.js'), 'console.log("board")');
  server = await startTestServer({ clientDir, adminDir: path.join(clientDir, 'no-admin-build') });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('one origin', () => {
  it('answers the API health check', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found: GET /api/nope' });
  });

  it('serves the game client at / and for its client-side routes', async () => {
    for (const route of ['/', '/auth', '/customize-gifts', '/some/unknown/page']) {
      const res = await server.client().get(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<title>game</title>');
    }
    expect((await server.client().get('/assets/app.js')).text).toBe('console.log(1)');
  });

  it("answers a build's hashed files from memory, cacheable for good, even once the file is gone", async () => {
    const file = path.join(clientDir, 'assets', 'board-Ab12_x.js');
    const first = await server.client().get('/assets/board-Ab12_x.js');
    expect(first.status).toBe(200);
    expect(first.text).toBe('console.log("board")');
    expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(first.text)));
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The pages' security headers, as every file has them.
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server.client().get('/assets/board-Ab12_x.js', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // Held: a name's bytes never change, so the next build removing the file changes nothing for its name.
    fs.rmSync(file);
    const held = await server.client().get('/assets/board-Ab12_x.js');
    expect([held.status, held.text]).toEqual([200, 'console.log("board")']);
    const range = await server.client().get('/assets/app.js', { range: 'bytes=0-6' });
    expect([range.status, range.text]).toEqual([206, 'console']);
  });

  it('answers 404 for a missing file rather than the page', async () => {
    expect((await server.client().get('/assets/missing.js')).status).toBe(404);
  });

  it('says so when a front end is not built', async () => {
    const res = await server.client().get('/admin/users');
    expect(res.status).toBe(503);
    expect(res.text).toContain('admin console is not built yet');
  });

  it('sends a Content-Security-Policy that lets Pixi and Tone run', async () => {
    const csp = (await server.client().get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' blob:/);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).not.toContain('unsafe-eval');
  });

  it("lets the page's own inline script run by its hash, a new build's at once, and nothing else's", async () => {
    const index = path.join(clientDir, 'index.html');
    const page = (script: string) =>
      `<!doctype html><head><script>${script}</script></head><title>game</title>`;
    const scriptSrc = async (url: string) =>
      /script-src ([^;]*)/.exec(
        (await server.client().get(url)).headers.get('content-security-policy') ?? '',
      )?.[1];
    try {
      fs.writeFileSync(index, page('window.a=1'));
      expect(await scriptSrc('/')).toBe(`'self' blob: ${scriptHash('window.a=1')}`);
      expect(await scriptSrc('/auth')).toBe(`'self' blob: ${scriptHash('window.a=1')}`);
      // A build made while the server runs: its page, and its script's hash.
      fs.writeFileSync(index, page('window.b=22'));
      expect(await scriptSrc('/')).toBe(`'self' blob: ${scriptHash('window.b=22')}`);
      // Files and the API are not the page: no script of theirs is let in.
      expect(await scriptSrc('/assets/app.js')).toBe("'self' blob:");
    } finally {
      fs.writeFileSync(index, '<!doctype html><title>game</title>');
    }
    expect(await scriptSrc('/')).toBe("'self' blob:");
  });

  it("answers the API's JSON with helmet's headers and a policy that lets nothing load or frame it", async () => {
    const client = server.client();
    for (const res of [
      await client.get('/api/auth/me'),
      await client.get('/api/health'),
      await client.get('/api/no-such-route'),
      await client.post('/api/auth/login', '{"username": '),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // The pages keep theirs.
    const page = await client.get('/assets/app.js');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' blob:/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('the edges', () => {
  it('refuses a body over the size limit with 413', async () => {
    const res = await server
      .client()
      .post('/api/auth/login', { username: 'x'.repeat(200_000), password: 'y' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The request body is too large' });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await server.client().post('/api/auth/login', '{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('refuses a state-changing request from another origin with 403', async () => {
    const client = server.client();
    const foreign = await client.post(
      '/api/auth/login',
      { username: 'abc', password: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'Requests from another site are not allowed' });
    const crossSite = await client.post('/api/auth/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const own = await client.post(
      '/api/auth/login',
      { username: 'abc', password: 'x' },
      { origin: 'http://localhost:3000' },
    );
    expect(own.status).toBe(401);
  });
});
