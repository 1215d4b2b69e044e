import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, listenApp } from './appServer.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('createAppServer', () => {
  it("makes each request and answer with the app's prototypes, so Express never changes them", async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      // Express's own request and answer methods and its `app`, as a plain server gives them.
      res.status(201).json({ path: req.path, accepts: req.accepts('json'), sameApp: req.app === app });
    });
    const server = await listenApp(app, 0, '127.0.0.1');
    servers.push(server);
    const seen: Array<{ req: object | null; res: object | null }> = [];
    // Before the app's own listener: the prototypes the request and answer were made with.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ req: Object.getPrototypeOf(req) as object, res: Object.getPrototypeOf(res) as object });
    });

    const answer = await fetch(`${urlOf(server)}/hello`);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ path: '/hello', accepts: 'json', sameApp: true });
    expect(seen).toEqual([{ req: app.request, res: app.response }]);
  });

  it('keeps what the app put on its request and answer prototypes, and serves twice from one app', async () => {
    const app = express();
    Object.assign(app.request, { greeting: 'hi' });
    app.get('/', (req, res) => {
      res.json({ greeting: (req as unknown as { greeting: string }).greeting });
    });
    const first = createAppServer(app);
    const second = createAppServer(app);
    for (const server of [first, second]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      expect(await (await fetch(`${urlOf(server)}/`)).json()).toEqual({ greeting: 'hi' });
    }
  });

  it('answers a malformed request with 400 in JSON, and listenApp rejects a port in use', async () => {
    const server = await listenApp(express(), 0, '127.0.0.1');
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    const { connect } = await import('node:net');
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('{"error":"The request is malformed"}');
    await expect(listenApp(express(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
