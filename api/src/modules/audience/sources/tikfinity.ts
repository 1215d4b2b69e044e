import WebSocket from 'ws';
import { fromTikFinity, TIKFINITY_MAX_MESSAGE_CHARS } from './normalize.js';
import { errorText, ReconnectingSource, type SourceOptions } from './source.js';

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
}

/** A client of TikFinity's WebSocket that reconnects by itself. */
export class TikFinitySource extends ReconnectingSource {
  readonly kind = 'tikfinity' as const;
  readonly url: string;
  private readonly handshakeTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private socket: WebSocket | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;

  constructor(options: TikFinityOptions) {
    super(options);
    this.url = options.url ?? TIKFINITY_DEFAULT_URL;
    const protocol = new URL(this.url).protocol;
    if (protocol !== 'ws:' && protocol !== 'wss:')
      throw new Error('the TikFinity URL must start with ws:// or wss://');
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    this.pingIntervalMs = options.pingIntervalMs ?? 15_000;
  }

  protected connect(): void {
    const socket = new WebSocket(this.url, {
      handshakeTimeout: this.handshakeTimeoutMs,
      // A byte can be at most 4 UTF-16 units' worth; anything longer is malformed anyway.
      maxPayload: TIKFINITY_MAX_MESSAGE_CHARS * 4,
      perMessageDeflate: false,
    });
    this.socket = socket;
    let lastError = 'connection closed';
    let alive = true;

    socket.on('open', () => {
      if (this.socket !== socket) return;
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
      lastError = errorText(err);
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

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
