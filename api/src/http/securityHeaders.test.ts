import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listenApp } from './appServer.js';
import { fixedHeaders } from './securityHeaders.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A stand-in for helmet: sets two headers and removes one, as helmet's middleware does. */
const setter = fixedHeaders((_req, res: never, next) => {
  const answer = res as { setHeader(n: string, v: string): void; removeHeader(n: string): void };
  answer.setHeader('X-Frame-Options', 'DENY');
  answer.setHeader('Content-Security-Policy', "default-src 'none'");
  answer.removeHeader('X-Powered-By');
  next();
});

function appWithHeaders(): Express {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Powered-By', 'something');
    setter(res);
    next();
  });
  app.get('/', (_req, res) => {
    res.setHeader('X-Later', 'yes');
    res.json({ ok: true });
  });
  return app;
}

/** The answer's head as it went on the wire. */
async function rawHead(server: Server): Promise<string> {
  const { port } = server.address() as AddressInfo;
  const { connect } = await import('node:net');
  const text = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.on('close', () => resolve(raw));
  });
  return text.slice(0, text.indexOf('\r\n\r\n') + 2);
}

describe('fixedHeaders', () => {
  it("writes the fixed headers once each right after the status line on createAppServer's answers", async () => {
    const server = await listenApp(appWithHeaders(), 0, '127.0.0.1');
    servers.push(server);
    const head = await rawHead(server);
    expect(head).toMatch(
      /^HTTP\/1\.1 200 OK\r\nX-Frame-Options: DENY\r\nContent-Security-Policy: default-src 'none'\r\n/,
    );
    expect(head.match(/X-Frame-Options/g)).toHaveLength(1);
    expect(head.match(/Content-Security-Policy/g)).toHaveLength(1);
    // What was set apart still goes out, and what the list removes is gone.
    expect(head).toContain('X-Later: yes\r\n');
    expect(head).toContain('Content-Type: application/json; charset=utf-8\r\n');
    expect(head).not.toContain('X-Powered-By');
  });

  it('sets them one by one on an answer of any other server', async () => {
    const server = http.createServer(appWithHeaders());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const head = await rawHead(server);
    expect(head.match(/X-Frame-Options: DENY\r\n/g)).toHaveLength(1);
    expect(head.match(/Content-Security-Policy: default-src 'none'\r\n/g)).toHaveLength(1);
    expect(head).toContain('X-Later: yes\r\n');
    expect(head).not.toContain('X-Powered-By');
  });

  it('refuses at start a header that Node would refuse on an answer', () => {
    expect(() =>
      fixedHeaders((_req, res: never, next) => {
        (res as { setHeader(n: string, v: string): void }).setHeader('X-Bad', 'a\r\nInjected: 1');
        next();
      }),
    ).toThrow(/X-Bad/);
  });
});
