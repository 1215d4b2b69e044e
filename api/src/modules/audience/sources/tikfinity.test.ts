import type { LookupAddress } from 'node:dns';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AudienceEvent } from '@dond/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { expectedEvents, FIXTURE_COUNTS, fixtureLines } from './fixtures.js';
import { HostAllowlist } from '../../../http/hostAllowlist.js';
import { backoffDelay, DEFAULT_BACKOFF, type SourceClock, type SourceState } from './source.js';
import { TikFinitySource } from './tikfinity.js';

/** A stand-in for TikFinity: a real WebSocket server on 127.0.0.1. */
interface FakeTikFinity {
  server: WebSocketServer;
  port: number;
  connections: number;
  close(): Promise<void>;
}

async function fakeTikFinity(
  port: number,
  onConnection: (socket: WebSocket) => void,
  options: { autoPong?: boolean } = {},
): Promise<FakeTikFinity> {
  const server = new WebSocketServer({ host: '127.0.0.1', port, ...options });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const fake: FakeTikFinity = {
    server,
    port: (server.address() as { port: number }).port,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket) => {
    fake.connections += 1;
    onConnection(socket);
  });
  servers.push(fake);
  return fake;
}

/** A port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const servers: FakeTikFinity[] = [];
const sources: TikFinitySource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.stop()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function client(url: string, options: Partial<ConstructorParameters<typeof TikFinitySource>[0]> = {}) {
  const events: AudienceEvent[] = [];
  const states: SourceState[] = [];
  const source = new TikFinitySource({
    url,
    onEvent: (event) => events.push(event),
    backoff: { initialMs: 40, maxMs: 160 },
    ...options,
  });
  source.onState((state) => states.push(state));
  sources.push(source);
  return { source, events, states };
}

const sendFixtureThenClose = (socket: WebSocket) => {
  for (const line of fixtureLines('tikfinity')) socket.send(line);
  socket.close(1001, 'TikFinity restarts');
};

describe('the TikFinity client, against a real WebSocket server', () => {
  it('hands on the fixture’s events, reconnects by itself when the server closes, and receives again', async () => {
    const server = await fakeTikFinity(0, sendFixtureThenClose);
    const { source, events, states } = client(`ws://127.0.0.1:${server.port}`);
    expect(source.state).toEqual({ status: 'stopped' });
    source.start();
    const expected = expectedEvents('tikfinity');
    await until(() => events.length >= 2 * expected.length, 'two rounds of events');

    expect(events.slice(0, expected.length)).toEqual(expected);
    expect(events.slice(expected.length, 2 * expected.length)).toEqual(expected);
    expect(server.connections).toBeGreaterThanOrEqual(2);
    const statuses = states.map((s) => s.status);
    expect(statuses.slice(0, 5)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'connecting',
      'connected',
    ]);
    expect(states[2]).toMatchObject({
      status: 'reconnecting',
      attempt: 1,
      lastError: 'connection closed (1001)',
    });

    await source.stop();
    const counters = source.counters;
    const rounds = counters.connections;
    // Each round is the whole fixture; a round cut short by stop() is not counted here.
    expect(counters.events).toBeGreaterThanOrEqual(2 * expected.length);
    expect(counters.malformed).toBeGreaterThanOrEqual(2 * FIXTURE_COUNTS.tikfinity.malformed);
    expect(counters.ignored).toBeGreaterThanOrEqual(2 * FIXTURE_COUNTS.tikfinity.ignored);
    expect(counters.events).toBeLessThanOrEqual(rounds * expected.length);
    expect(counters.lastMalformed).toBe('event must be text');
  });

  it('goes reconnecting while the server is down, and connected once it comes up', async () => {
    const port = await freePort();
    const { source, states, events } = client(`ws://127.0.0.1:${port}`);
    source.start();
    await until(() => states.filter((s) => s.status === 'reconnecting').length >= 3, 'three failed attempts');
    const failed = states.filter((s) => s.status === 'reconnecting');
    expect(failed.map((s) => s.attempt)).toEqual([1, 2, 3]);
    // What a streamer can act on, not the socket's words (which tell a closed port from an open one).
    expect(failed[0]?.lastError).toBe('could not connect: is TikFinity running at this address?');
    expect(source.counters.connections).toBe(0);

    await fakeTikFinity(port, (socket) => socket.send(fixtureLines('tikfinity')[0] ?? ''));
    await until(() => source.state.status === 'connected', 'connected');
    await until(() => events.length === 1, 'the first chat');
    expect(events[0]).toMatchObject({ type: 'chat', comment: 'deal' });
    expect(source.counters.connections).toBe(1);
  });

  it('stops reconnecting on stop(), and closes an open connection', async () => {
    const port = await freePort();
    const { source, states } = client(`ws://127.0.0.1:${port}`);
    source.start();
    await until(() => source.state.status === 'reconnecting', 'a failed attempt');
    await source.stop();
    expect(source.state).toEqual({ status: 'stopped' });
    const server = await fakeTikFinity(port, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 400)); // several back-offs' worth
    expect(server.connections).toBe(0);
    expect(states.at(-1)).toEqual({ status: 'stopped' });

    // Started again, it connects; stopped while connected, it closes and stays closed.
    const closed: number[] = [];
    server.server.on('connection', (socket) => socket.on('close', (code) => closed.push(code)));
    source.start();
    await until(() => source.state.status === 'connected', 'connected');
    await source.stop();
    await until(() => closed.length === 1, 'the server to see the close');
    expect(closed).toEqual([1000]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.connections).toBe(1);
  });

  it('replaces a connection that stops answering pings', async () => {
    const server = await fakeTikFinity(0, () => undefined, { autoPong: false });
    const { source, states } = client(`ws://127.0.0.1:${server.port}`, { pingIntervalMs: 50 });
    source.start();
    await until(() => server.connections >= 2, 'a second connection');
    expect(states.find((s) => s.status === 'reconnecting')).toMatchObject({ lastError: 'no answer to ping' });
  });

  it('goes on when onEvent throws, counting it', async () => {
    const server = await fakeTikFinity(0, (socket) => {
      for (const line of fixtureLines('tikfinity').slice(0, 3)) socket.send(line);
    });
    const seen: string[] = [];
    const { source } = client(`ws://127.0.0.1:${server.port}`, {
      onEvent: (event) => {
        seen.push(event.msgId);
        if (seen.length === 1) throw new Error('the engine failed');
      },
    });
    source.start();
    await until(() => seen.length === 3, 'three events');
    expect(source.counters).toMatchObject({ events: 3, handlerErrors: 1 });
    expect(source.state.status).toBe('connected');
  });

  it('loses nothing of a burst: 5,000 chat lines arrive, in order, as events', async () => {
    const burst = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({
        event: 'chat',
        data: {
          msgId: String(7441553200000000000n + BigInt(i)),
          userId: String(7000 + (i % 300)),
          comment: 'deal',
        },
      }),
    );
    const server = await fakeTikFinity(0, (socket) => {
      for (const line of burst) socket.send(line);
    });
    const { source, events } = client(`ws://127.0.0.1:${server.port}`);
    source.start();
    await until(() => events.length === burst.length, 'the whole burst');
    expect(events.map((e) => e.msgId)).toEqual(
      burst.map((line) => (JSON.parse(line) as { data: { msgId: string } }).data.msgId),
    );
    expect(source.counters).toMatchObject({ events: 5000, malformed: 0, ignored: 0 });
  });

  it('counts a binary frame as malformed', async () => {
    const server = await fakeTikFinity(0, (socket) => socket.send(Buffer.from([1, 2, 3]), { binary: true }));
    const { source } = client(`ws://127.0.0.1:${server.port}`);
    source.start();
    await until(() => source.counters.malformed === 1, 'the binary frame');
    expect(source.counters.lastMalformed).toBe('binary message');
  });

  it('refuses a URL that is not ws:// or wss://', () => {
    expect(() => new TikFinitySource({ url: 'http://localhost:21213', onEvent: () => undefined })).toThrow(
      /ws:\/\//,
    );
    expect(new TikFinitySource({ onEvent: () => undefined }).url).toBe('ws://localhost:21213');
  });
});

/** A plain TCP server on `host` that counts the connections it sees (and closes each). */
async function countingServer(host = '127.0.0.1'): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  tcpServers.push(server);
  return { port: (server.address() as { port: number }).port, connections: () => connections };
}
const tcpServers: Server[] = [];
afterEach(async () => {
  await Promise.all(tcpServers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const failures = (states: SourceState[]) =>
  states.flatMap((s) => (s.status === 'reconnecting' ? [s.lastError] : []));

describe('the hosts the TikFinity client may reach (AUDIENCE_SOURCE_HOSTS)', () => {
  it('connects nowhere outside the list: a real TCP server on the host sees no connection', async () => {
    const { port, connections } = await countingServer();
    const hosts = HostAllowlist.parse('127.0.0.2, tikfinity.example');
    // The same server by address, by name, as an IPv4-mapped IPv6 address and in hexadecimal.
    const urls = [
      `ws://127.0.0.1:${port}`,
      `ws://localhost:${port}`,
      `ws://[::ffff:127.0.0.1]:${port}`,
      `ws://0x7f.0.0.1:${port}`,
    ];
    const clients = urls.map((url) => client(url, { hosts }));
    for (const { source } of clients) source.start();
    for (const { states } of clients) await until(() => failures(states).length >= 2, 'two refused attempts');
    for (const { states } of clients)
      expect(failures(states)[0]).toMatch(
        /^host not allowed: \S+ \(the operator allows source hosts with AUDIENCE_SOURCE_HOSTS\)$/,
      );
    expect(failures(clients[1]!.states)[0]).toContain('localhost');
    expect(connections()).toBe(0);

    // The control: the same server on the list is reached.
    const allowed = client(`ws://127.0.0.1:${port}`, { hosts: HostAllowlist.parse('127.0.0.1') });
    allowed.source.start();
    await until(() => connections() >= 1, 'a connection to an allowed host');
  });

  it('connects to the addresses it checked, and checks them again on each reconnect', async () => {
    const server = await fakeTikFinity(0, (socket) => socket.close(1001, 'TikFinity restarts'));
    const answers: LookupAddress[][] = [[{ address: '127.0.0.1', family: 4 }]];
    const asked: string[] = [];
    const resolve = async (name: string) => {
      asked.push(name);
      // The name points elsewhere once it was checked (DNS rebinding).
      return answers[asked.length - 1] ?? [{ address: '10.20.30.40', family: 4 }];
    };
    // A name the system cannot resolve: a connection reaches the server only through the checked address.
    const { source, states } = client(`ws://tikfinity.invalid:${server.port}`, {
      hosts: HostAllowlist.parse('127.0.0.0/8'),
      resolve,
    });
    source.start();
    await until(() => failures(states).length >= 3, 'three attempts');
    expect(server.connections).toBe(1);
    expect(failures(states)).toEqual([
      'connection closed (1001)',
      'host not allowed: tikfinity.invalid (the operator allows source hosts with AUDIENCE_SOURCE_HOSTS)',
      'host not allowed: tikfinity.invalid (the operator allows source hosts with AUDIENCE_SOURCE_HOSTS)',
    ]);
    // One lookup per attempt: the connection itself asked nothing more.
    expect(asked).toEqual(['tikfinity.invalid', 'tikfinity.invalid', 'tikfinity.invalid']);
  });

  it('says what a streamer can act on: a plain HTTP server refused the WebSocket upgrade', async () => {
    const http = createHttpServer((_req, res) => res.end('an ordinary web page'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = http.address() as { port: number };
      const { source, states } = client(`ws://127.0.0.1:${port}`);
      source.start();
      await until(() => failures(states).length >= 1, 'the refused upgrade');
      await source.stop();
      expect(failures(states)[0]).toBe(
        'refused the WebSocket upgrade: is this the address of TikFinity’s WebSocket?',
      );
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('opens nothing when stopped while its host is being checked', async () => {
    const server = await fakeTikFinity(0, () => undefined);
    let answer: (addresses: LookupAddress[]) => void = () => undefined;
    const { source } = client(`ws://tikfinity.invalid:${server.port}`, {
      hosts: HostAllowlist.parse('127.0.0.1'),
      resolve: () => new Promise((resolve) => (answer = resolve)),
    });
    source.start();
    await source.stop();
    answer([{ address: '127.0.0.1', family: 4 }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.connections).toBe(0);
    expect(source.state).toEqual({ status: 'stopped' });
  });
});

describe('the back-off', () => {
  it('doubles from 0.5 s to 30 s', () => {
    const delays = Array.from({ length: 10 }, (_, i) => backoffDelay(DEFAULT_BACKOFF, i + 1));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(DEFAULT_BACKOFF, 10_000)).toBe(30_000);
  });

  it('is what the client waits, and starts again at 0.5 s after a successful connection', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    let now = 1_000_000;
    const clock: SourceClock = {
      now: () => now,
      setTimeout: (run, ms) => {
        timers.push({ run, ms });
        return timers.length;
      },
      clearTimeout: () => undefined,
    };
    const port = await freePort();
    const { source, states } = client(`ws://127.0.0.1:${port}`, { clock, backoff: DEFAULT_BACKOFF });
    source.start();
    for (let i = 1; i <= 8; i += 1) {
      await until(() => timers.length === i, `failure ${i}`);
      const timer = timers[i - 1];
      expect(source.state).toMatchObject({
        status: 'reconnecting',
        attempt: i,
        nextAttemptAt: now + (timer?.ms ?? 0),
      });
      now += timer?.ms ?? 0;
      if (i < 8) timer?.run();
    }
    expect(timers.map((t) => t.ms)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    const server = await fakeTikFinity(port, () => undefined);
    timers[7]?.run();
    await until(() => source.state.status === 'connected', 'connected');
    for (const socket of server.server.clients) socket.close();
    await until(() => timers.length === 9, 'the drop');
    expect(timers[8]?.ms).toBe(500);
    expect(states.filter((s) => s.status === 'connected')).toHaveLength(1);
  });
});
