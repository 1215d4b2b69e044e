import type { AudienceEvent } from '@dond/shared';
import type { NormalizeResult } from './normalize.js';

/**
 * Where a live stream's events come from (issue 20): TikFinity's local WebSocket, or tiktok-live-connector inside
 * the API. Each source connects by itself, reconnects with exponential back-off when its connection fails or
 * drops, and hands every normalized event to its `onEvent`; de-duplication by `msgId` is the engine's.
 */
export type SourceState =
  | { status: 'connecting'; attempt: number }
  | { status: 'connected'; since: number }
  | {
      status: 'reconnecting';
      /** How many attempts failed in a row (1 after the first). */
      attempt: number;
      /** When the next attempt starts (epoch milliseconds). */
      nextAttemptAt: number;
      /** Why the last connection failed or ended. */
      lastError: string;
    }
  | { status: 'stopped' };
export type SourceStatus = SourceState['status'];

/** What a source has seen since it was made: counts only, so its memory stays flat however long it runs. */
export interface SourceCounters {
  /** Events handed to onEvent. */
  events: number;
  /** Messages of a type the game does not use, and a streak's intermediate gifts. */
  ignored: number;
  /** Messages that could not be read as an event (dropped). */
  malformed: number;
  /** onEvent threw (the event is lost, the source goes on). */
  handlerErrors: number;
  /** Successful connections (a reconnect adds one). */
  connections: number;
  /** Why the last malformed message was dropped, or null. */
  lastMalformed: string | null;
}

export interface AudienceSource {
  readonly kind: 'tikfinity' | 'tiktok';
  /** Connects, and keeps connecting until stop(). Starting a started source does nothing. */
  start(): void;
  /** Closes the connection and stops reconnecting; resolves once the connection is closed. */
  stop(): Promise<void>;
  readonly state: SourceState;
  /** Calls listener on every change of state; returns the function that removes it. */
  onState(listener: (state: SourceState) => void): () => void;
  readonly counters: Readonly<SourceCounters>;
}

/** Back-off between attempts: initialMs doubling up to maxMs, back to initialMs after a successful connection. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

export function backoffDelay(backoff: Backoff, failures: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** exponent);
}

/** The clock a source schedules its attempts with; the real one unless a test gives another. */
export interface SourceClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
export const realClock: SourceClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SourceOptions {
  onEvent: (event: AudienceEvent) => void;
  backoff?: Partial<Backoff>;
  clock?: SourceClock;
}

/**
 * The state, back-off and counting both sources share. A subclass opens one connection per attempt in
 * `connect()` and reports back with `connected()` once it is up and `lost(reason)` when the attempt fails or the
 * connection ends; `disconnect()` closes whatever is open.
 */
export abstract class ReconnectingSource implements AudienceSource {
  abstract readonly kind: AudienceSource['kind'];
  private current: SourceState = { status: 'stopped' };
  private readonly listeners = new Set<(state: SourceState) => void>();
  private readonly count: SourceCounters = {
    events: 0,
    ignored: 0,
    malformed: 0,
    handlerErrors: 0,
    connections: 0,
    lastMalformed: null,
  };
  private failures = 0;
  private timer: unknown = null;
  protected readonly clock: SourceClock;
  private readonly backoff: Backoff;
  private readonly onEvent: (event: AudienceEvent) => void;

  constructor(options: SourceOptions) {
    this.onEvent = options.onEvent;
    this.clock = options.clock ?? realClock;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  }

  get state(): SourceState {
    return this.current;
  }

  get counters(): Readonly<SourceCounters> {
    return { ...this.count };
  }

  onState(listener: (state: SourceState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.current.status !== 'stopped') return;
    this.failures = 0;
    this.attempt();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const wasStopped = this.current.status === 'stopped';
    this.setState({ status: 'stopped' });
    if (!wasStopped) await this.disconnect();
  }

  protected get stopped(): boolean {
    return this.current.status === 'stopped';
  }

  /** Opens one connection; reports with connected() or lost(). */
  protected abstract connect(): void;
  /** Closes the open connection, if any, without reporting lost(). */
  protected abstract disconnect(): Promise<void>;

  protected connected(): void {
    if (this.stopped) return;
    this.failures = 0;
    this.count.connections += 1;
    this.setState({ status: 'connected', since: this.clock.now() });
  }

  /** The attempt failed or the connection ended: the next attempt after the back-off. */
  protected lost(reason: string): void {
    if (this.stopped || this.current.status === 'reconnecting') return;
    this.failures += 1;
    const delay = backoffDelay(this.backoff, this.failures);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.attempt();
    }, delay);
    this.setState({
      status: 'reconnecting',
      attempt: this.failures,
      nextAttemptAt: this.clock.now() + delay,
      lastError: reason.slice(0, 200),
    });
  }

  /** Counts a normalized message and hands an event on. */
  protected deliver(result: NormalizeResult): void {
    if (this.stopped) return;
    if (result.kind === 'ignored') {
      this.count.ignored += 1;
      return;
    }
    if (result.kind === 'malformed') {
      this.count.malformed += 1;
      this.count.lastMalformed = result.reason;
      return;
    }
    this.count.events += 1;
    try {
      this.onEvent(result.event);
    } catch {
      this.count.handlerErrors += 1;
    }
  }

  private attempt(): void {
    this.setState({ status: 'connecting', attempt: this.failures + 1 });
    try {
      this.connect();
    } catch (err) {
      this.lost(errorText(err));
    }
  }

  private setState(state: SourceState): void {
    this.current = state;
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch {
        // A listener's failure is its own; the source goes on.
      }
    }
  }
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : 'unknown error';
}
