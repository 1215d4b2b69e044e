import { createServer } from 'node:net';
import type { AudienceEvent } from '@dond/shared';
import type { ProtoMessageFetchResult } from 'tiktok-live-connector';
import { afterEach, describe, expect, it } from 'vitest';
import { TikTokConnectorSource, type ConnectorLibraryParts } from './connector.js';
import { expectedEvents, fixtureLines } from './fixtures.js';
import { fromConnector } from './normalize.js';
import type { SourceState } from './source.js';

// The real library, loaded the way the source loads it. Nothing in this file reaches the network.
const lib = await import('tiktok-live-connector');

interface MessageFns {
  encode(message: unknown): { finish(): Uint8Array };
  decode(input: Uint8Array): Record<string, unknown>;
}
const protobuf = (name: string) => (lib as unknown as Record<string, MessageFns | undefined>)[name];

/** Which protobuf message each nested field of the fixtures is. */
const NESTED: Record<string, string> = {
  common: 'CommonMessageData',
  user: 'User',
  gift: 'Gift',
  image: 'ImageModel',
  icon: 'ImageModel',
  avatarThumb: 'ImageModel',
  followInfo: 'FollowInfo',
};

/**
 * A fixture's data as the library's protobuf message: every field must be one the message has, of the type it has
 * (else the test fails, naming it); what the fixture leaves out takes the message's default.
 */
function asMessage(type: string, partial: Record<string, unknown>, path: string): Record<string, unknown> {
  const fns = protobuf(type);
  if (!fns) throw new Error(`${path}: no protobuf message ${type}`);
  const defaults = fns.decode(new Uint8Array());
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(partial)) {
    const where = `${path}.${key}`;
    if (!(key in defaults)) throw new Error(`${where}: ${type} has no field ${key}`);
    const nested = NESTED[key];
    if (nested !== undefined && typeof value === 'object' && value !== null) {
      out[key] = asMessage(nested, value as Record<string, unknown>, where);
    } else if (key === 'displayText') {
      out[key] = { ...(value as object), defaultFormat: undefined };
    } else {
      const expected = defaults[key];
      const same = Array.isArray(expected) ? Array.isArray(value) : typeof value === typeof expected;
      if (!same)
        throw new Error(
          `${where}: ${JSON.stringify(value)} is not of the type of ${JSON.stringify(expected)}`,
        );
      out[key] = value;
    }
  }
  return out;
}

interface Line {
  event: string;
  data: { common?: { method?: string } } & Record<string, unknown>;
}
const wellFormed = fixtureLines('connector')
  .map((text) => JSON.parse(text) as Line)
  .filter((line) => fromConnector(line.event, line.data).kind !== 'malformed');

/** A fixture line through the library's own protobuf: encoded, then decoded as the connector decodes it. */
function roundTrip(line: Line): { method: string; data: Record<string, unknown> } {
  const method = line.data.common?.method ?? '';
  const fns = protobuf(method);
  if (!fns) throw new Error(`no protobuf message ${method}`);
  const bytes = fns.encode(asMessage(method, line.data, line.event)).finish();
  return { method, data: fns.decode(bytes) };
}

describe('the connector fixture', () => {
  it('is in the shapes of tiktok-live-connector 2.5: every field survives its protobuf', () => {
    expect(wellFormed.length).toBeGreaterThan(15);
    for (const line of wellFormed) {
      const { data } = roundTrip(line);
      expect(fromConnector(line.event, data)).toEqual(fromConnector(line.event, line.data));
    }
  });
});

/**
 * The real TikTokLiveConnection with only its network part (_connect) left out: connect(), the events, the way
 * it sorts social messages into follow and share, all run as they do for a streamer.
 */
const made: OfflineConnection[] = [];
class OfflineConnection extends lib.TikTokLiveConnection {
  static failWith: Error | null = null;
  constructor(...args: ConstructorParameters<typeof lib.TikTokLiveConnection>) {
    super(...args);
    made.push(this);
  }
  protected override _connect(): Promise<void> {
    return OfflineConnection.failWith ? Promise.reject(OfflineConnection.failWith) : Promise.resolve();
  }
  /** What the library does with a batch of decoded messages from TikTok's WebSocket. */
  receive(batch: { method: string; data: Record<string, unknown> }[]): Promise<void> {
    const result = {
      messages: batch.map(({ method, data }) => ({ method, decodedData: { type: method, data } })),
    } as unknown as ProtoMessageFetchResult;
    return this.processProtoMessageFetchResult(result);
  }
  /** What the library emits when TikTok's WebSocket closes. */
  drop(code: number): void {
    (this as unknown as { emit(name: string, data: unknown): void }).emit('disconnected', {
      code,
      reason: '',
    });
  }
}
const offline = (): Promise<ConnectorLibraryParts> =>
  Promise.resolve({ ...lib, TikTokLiveConnection: OfflineConnection });

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sources: TikTokConnectorSource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.stop()));
  made.splice(0);
  OfflineConnection.failWith = null;
  lib.RoomIdRouteConfig.skipFetchRoomIdFromEulerRoute = false;
});

function source(options: Partial<ConstructorParameters<typeof TikTokConnectorSource>[0]> = {}) {
  const events: AudienceEvent[] = [];
  const states: SourceState[] = [];
  const s = new TikTokConnectorSource({
    username: '@dondstudio',
    onEvent: (event) => events.push(event),
    backoff: { initialMs: 40, maxMs: 160 },
    library: offline,
    ...options,
  });
  s.onState((state) => states.push(state));
  sources.push(s);
  return { source: s, events, states };
}

describe('the TikTok connector source, around the real TikTokLiveConnection', () => {
  it('maps the connection’s events: the fixture comes out as the expected events', async () => {
    const { source: s, events } = source();
    s.start();
    await until(() => s.state.status === 'connected', 'connected');
    expect(made).toHaveLength(1);
    expect(made[0]?.uniqueId).toBe('dondstudio');
    // The library routes by protobuf type; the fixture's follow and share are social messages to it.
    await made[0]?.receive(wellFormed.map(roundTrip));
    expect(events).toEqual(expectedEvents('connector'));
    expect(s.counters).toMatchObject({
      events: expectedEvents('connector').length,
      malformed: 0,
      connections: 1,
    });
    // The running Roses and the social message that is neither; roomUser and emote have no listener at all.
    expect(s.counters.ignored).toBe(4);
  });

  it('replaces a connection that drops, with back-off, and counts the events of the new one', async () => {
    const { source: s, events, states } = source();
    s.start();
    await until(() => s.state.status === 'connected', 'connected');
    made[0]?.drop(1006);
    expect(s.state).toMatchObject({ status: 'reconnecting', attempt: 1, lastError: 'disconnected (1006)' });
    await until(() => s.state.status === 'connected' && made.length === 2, 'a new connection');
    // The old connection is no longer listened to.
    const chat = wellFormed.slice(0, 1).map(roundTrip);
    await made[0]?.receive(chat);
    expect(events).toHaveLength(0);
    await made[1]?.receive(chat);
    expect(events).toHaveLength(1);
    expect(states.map((x) => x.status)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'connecting',
      'connected',
    ]);
  });

  it('keeps trying while the streamer is not live, and stop() ends it', async () => {
    OfflineConnection.failWith = new lib.UserOfflineError("The requested user isn't online :(");
    const { source: s, states } = source();
    s.start();
    await until(() => states.filter((x) => x.status === 'reconnecting').length >= 3, 'three attempts');
    expect(states.find((x) => x.status === 'reconnecting')).toMatchObject({
      lastError: "The requested user isn't online :(",
    });
    await s.stop();
    const attempts = made.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(made.length).toBe(attempts);
    expect(s.state).toEqual({ status: 'stopped' });
  });

  it('gives up an attempt that takes too long, and closes it should it connect after all', async () => {
    const { source: s } = source({
      connectTimeoutMs: 50,
      backoff: { initialMs: 10_000, maxMs: 10_000 },
      library: () =>
        Promise.resolve({
          ...lib,
          TikTokLiveConnection: class extends OfflineConnection {
            protected override _connect(): Promise<void> {
              // Far past the 50 ms timeout, so a loaded machine cannot let it connect in time.
              return new Promise((resolve) => setTimeout(resolve, 800));
            }
          },
        }),
    });
    s.start();
    await until(() => s.state.status === 'reconnecting', 'the timeout');
    expect(s.state).toMatchObject({ lastError: 'connecting took too long' });
    const late = made[0];
    await new Promise((resolve) => setTimeout(resolve, 1200)); // past the late connect
    expect(late?.isConnected).toBe(false);
    expect(made).toHaveLength(1);
  });

  it('with the library’s own network code, a connect that cannot reach TikTok goes reconnecting', async () => {
    // TikTok's hosts pointed at a port nothing listens on, and no Euler Stream fallback: it fails, offline.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    lib.RoomIdRouteConfig.skipFetchRoomIdFromEulerRoute = true;
    const host = `127.0.0.1:${port}`;
    const { source: s } = source({
      library: () => Promise.resolve(lib),
      connectionOptions: {
        webConfigOverrides: { TIKTOK_HOST_WEB: host, TIKTOK_HOST_WEBCAST: host },
        webClientOptions: { retry: { limit: 0 } } as never,
      },
    });
    s.start();
    await until(() => s.state.status === 'reconnecting', 'the failed attempt', 10_000);
    expect(s.state).toMatchObject({ attempt: 1, lastError: 'Failed to retrieve Room ID from all sources.' });
    expect(s.counters.connections).toBe(0);
  });

  it('loads the library only when started', async () => {
    let loads = 0;
    const { source: s } = source({
      library: () => {
        loads += 1;
        return offline();
      },
    });
    expect(loads).toBe(0);
    s.start();
    await until(() => s.state.status === 'connected', 'connected');
    expect(loads).toBe(1);
  });

  it('needs a username', () => {
    expect(() => source({ username: '  ' })).toThrow(/username/);
  });
});
