import type { LookupAddress } from 'node:dns';
import WebSocket from 'ws';
import { badRequest } from '../../../http/errors.js';
import {
  type HostAllowlist,
  LOOPBACK_HOSTS,
  pinnedLookup,
  systemResolver,
  type HostResolver,
} from '../../../http/hostAllowlist.js';
import { fromTikFinity, TIKFINITY_MAX_MESSAGE_CHARS } from './normalize.js';
import { ReconnectingSource, type SourceOptions } from './source.js';

/** TikFinity's local WebSocket, where it forwards the stream's events as `{ event, data }`. */
export const TIKFINITY_DEFAULT_URL = 'ws://localhost:21213';

export interface TikFinityOptions extends SourceOptions {
  /** ws:// or wss:// URL of TikFinity's WebSocket; ws://localhost:21213 by default. */
  url?: string;
  /** How long an attempt may take to open (default 10 s). */
  handshakeTimeoutMs?: number;
  /**
   * A ping this often (default 15 s); a connection that has not answered one by the next is taken as dead and
   * replaced (a computer that slept, a TikFinity that hangs). 0 turns it off.
   */
  pingIntervalMs?: number;
  /** The hosts it may connect to (AUDIENCE_SOURCE_HOSTS); the loopback ones by default. */
  hosts?: HostAllowlist;
  /** How it resolves the URL's host (the system's resolver by default; a test gives a stand-in DNS). */
  resolve?: HostResolver;
}

/** The variable that lists the hosts a source may reach, named wherever a host is refused. */
export const SOURCE_HOSTS_VARIABLE = 'AUDIENCE_SOURCE_HOSTS';

/** The URL's host as a connection and the allowlist see it: no brackets around an IPv6 address. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * A 400 naming `tikfinity.url` when the server may not connect to the URL's host: checked on the addresses it
 * resolves to, as every attempt of the source checks them again.
 */
export async function assertTikFinityHostAllowed(
  url: string,
  hosts: HostAllowlist,
  resolve: HostResolver = systemResolver,
): Promise<void> {
  let host: string;
  try {
    host = hostOf(url);
  } catch {
    // What the schema's pattern lets through and a URL cannot hold: a port past 65535, an address like 999.1.1.1.
    throw badRequest(
      'tikfinity.url must be a ws:// or wss:// URL with a valid host and a port up to 65535',
      'tikfinity.url',
    );
  }
  const allowed = await hosts.check(host, resolve).then(
    (addresses) => addresses !== null,
    // A name on the list that does not resolve right now: allowed; the source's state will say it cannot connect.
    () => true,
  );
  if (allowed) return;
  throw badRequest(
    hosts.empty
      ? `tikfinity.url: this server connects to no TikFinity host (${host} is not allowed): the operator allows source hosts with ${SOURCE_HOSTS_VARIABLE}`
      : `tikfinity.url: ${host} is not an allowed host: the operator allows source hosts with ${SOURCE_HOSTS_VARIABLE}`,
    'tikfinity.url',
  );
}

/** A client of TikFinity's WebSocket that reconnects by itself. */
export class TikFinitySource extends ReconnectingSource {
  readonly kind = 'tikfinity' as const;
  readonly url: string;
  private readonly handshakeTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly hosts: HostAllowlist;
  private readonly resolve: HostResolver;
  private socket: WebSocket | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  /** Which attempt is current: a host check that ends after stop() or a newer attempt opens nothing. */
  private generation = 0;

  constructor(options: TikFinityOptions) {
    super(options);
    this.url = options.url ?? TIKFINITY_DEFAULT_URL;
    const protocol = new URL(this.url).protocol;
    if (protocol !== 'ws:' && protocol !== 'wss:')
      throw new Error('the TikFinity URL must start with ws:// or wss://');
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 15_000;
    this.hosts = options.hosts ?? LOOPBACK_HOSTS;
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Each attempt checks the host's addresses again (a name may point elsewhere now), then connects to them. */
  protected connect(): void {
    const generation = ++this.generation;
    const host = hostOf(this.url);
    this.hosts.check(host, this.resolve).then(
      (addresses) => {
        if (generation !== this.generation || this.stopped) return;
        if (addresses === null) {
          this.lost(
            `host not allowed: ${host} (the operator allows source hosts with ${SOURCE_HOSTS_VARIABLE})`,
          );
          return;
        }
        try {
          this.open(addresses);
        } catch {
          this.lost('could not connect: the URL cannot be opened');
        }
      },
      () => {
        if (generation === this.generation) this.lost(`could not connect: ${host} was not found`);
      },
    );
  }

  private open(addresses: LookupAddress[]): void {
    const socket = new WebSocket(this.url, {
      handshakeTimeout: this.handshakeTimeoutMs,
      // A byte can be at most 4 UTF-16 units' worth; anything longer is malformed anyway.
      maxPayload: TIKFINITY_MAX_MESSAGE_CHARS * 4,
      perMessageDeflate: false,
      // A redirect would lead past the check.
      followRedirects: false,
      lookup: pinnedLookup(addresses),
    });
    this.socket = socket;
    let opened = false;
    let lastError = 'connection closed';
    let alive = true;

    socket.on('open', () => {
      if (this.socket !== socket) return;
      opened = true;
      this.connected();
      if (this.pingIntervalMs > 0) {
        this.pinger = setInterval(() => {
          if (!alive) {
            lastError = 'no answer to ping';
            socket.terminate();
            return;
          }
          alive = false;
          socket.ping();
        }, this.pingIntervalMs);
      }
    });
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (this.socket !== socket) return;
      alive = true;
      const text = isBinary ? null : rawText(data);
      this.deliver(text === null ? { kind: 'malformed', reason: 'binary message' } : fromTikFinity(text));
    });
    socket.on('error', (err) => {
      lastError = failure(err, opened);
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.clearPinger();
      this.socket = null;
      this.lost(
        lastError === 'connection closed' && code !== 1006 ? `connection closed (${code})` : lastError,
      );
    });
  }

  protected async disconnect(): Promise<void> {
    this.generation += 1;
    this.clearPinger();
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.on('error', () => undefined);
      if (socket.readyState === WebSocket.OPEN) {
        socket.close(1000, 'stopped');
        // A peer that does not answer the close in time is cut off.
        setTimeout(() => socket.terminate(), 1000).unref();
      } else {
        socket.terminate();
      }
    });
  }

  private clearPinger(): void {
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
  }
}

/**
 * What a streamer can act on, never the socket's own error: that would tell an open port from a closed one of
 * any host it was pointed at.
 */
function failure(err: Error, opened: boolean): string {
  if (opened) return /max payload/i.test(err.message) ? 'a message was too large' : 'the connection broke';
  if (/^Unexpected server response/.test(err.message))
    return 'refused the WebSocket upgrade: is this the address of TikFinity’s WebSocket?';
  if (/handshake has timed out/i.test(err.message)) return 'could not connect: no answer in time';
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(`${code} ${err.message}`))
    return 'could not connect securely: its TLS certificate was not accepted';
  return 'could not connect: is TikFinity running at this address?';
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
