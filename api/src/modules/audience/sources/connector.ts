import type * as ConnectorLibrary from 'tiktok-live-connector';
import type {
  ClientEventMap,
  TikTokLiveConnection,
  TikTokLiveConstructorConnectionOptions,
} from 'tiktok-live-connector';
import { fromConnector, type ConnectorEventData, type ConnectorEventName } from './normalize.js';
import { errorText, ReconnectingSource, type SourceOptions } from './source.js';

export interface TikTokConnectorOptions extends SourceOptions {
  /** The streamer's TikTok username (with or without @, or their https://www.tiktok.com/@name/live URL). */
  username: string;
  /** Passed to TikTokLiveConnection as they are (signApiKey, session, webClientOptions, ...). */
  connectionOptions?: TikTokLiveConstructorConnectionOptions;
  /** How long one attempt may take before it is given up (default 45 s). */
  connectTimeoutMs?: number;
  /**
   * Where TikTokLiveConnection and its event names come from: the library, imported on the first attempt, unless
   * given (the tests give a subclass of the real one that does not go to the network).
   */
  library?: () => Promise<ConnectorLibraryParts>;
}

export type ConnectorLibraryParts = Pick<
  typeof ConnectorLibrary,
  'TikTokLiveConnection' | 'WebcastEvent' | 'ControlEvent'
>;
const importLibrary = (): Promise<ConnectorLibraryParts> => import('tiktok-live-connector');

/**
 * TikTokLiveConnection as the typed emitter it is at run time: the library types it through typed-emitter, whose
 * CommonJS declaration does not resolve under NodeNext, so its on() is restated here from its ClientEventMap.
 */
type Connection = TikTokLiveConnection & {
  on<E extends keyof ClientEventMap>(event: E, listener: ClientEventMap[E]): unknown;
  removeAllListeners(): unknown;
};

/**
 * The stream's events through tiktok-live-connector 2.x inside the API process, for streamers who run nothing
 * else. The library is imported when the first attempt starts, so nothing of it loads unless this source runs.
 * Every attempt makes its own TikTokLiveConnection; a connection that ends (the stream ended, the network
 * dropped) is replaced after the back-off, a streamer who is not live yet is tried again the same way.
 */
export class TikTokConnectorSource extends ReconnectingSource {
  readonly kind = 'tiktok' as const;
  readonly username: string;
  private readonly connectionOptions: TikTokLiveConstructorConnectionOptions;
  private readonly connectTimeoutMs: number;
  private readonly library: () => Promise<ConnectorLibraryParts>;
  private connection: Connection | null = null;
  /** Which attempt is current; a late answer of an older one is ignored. */
  private generation = 0;

  constructor(options: TikTokConnectorOptions) {
    super(options);
    this.username = options.username.trim();
    if (this.username === '') throw new Error('a TikTok username is needed');
    this.connectionOptions = options.connectionOptions ?? {};
    this.connectTimeoutMs = options.connectTimeoutMs ?? 45_000;
    this.library = options.library ?? importLibrary;
  }

  protected connect(): void {
    const generation = ++this.generation;
    void this.open(generation);
  }

  private async open(generation: number): Promise<void> {
    const current = () => generation === this.generation && !this.stopped;
    let library: ConnectorLibraryParts;
    try {
      library = await this.library();
    } catch (err) {
      if (current()) this.lost(`tiktok-live-connector did not load: ${errorText(err)}`);
      return;
    }
    if (!current()) return;
    const { TikTokLiveConnection, WebcastEvent, ControlEvent } = library;
    const connection = new TikTokLiveConnection(this.username, this.connectionOptions) as Connection;
    this.connection = connection;
    let lastError = 'disconnected';
    const pass =
      <K extends ConnectorEventName>(name: K) =>
      (data: ConnectorEventData[K]): void => {
        if (current()) this.deliver(fromConnector(name, data));
      };

    connection.on(WebcastEvent.CHAT, pass('chat'));
    connection.on(WebcastEvent.GIFT, pass('gift'));
    connection.on(WebcastEvent.LIKE, pass('like'));
    connection.on(WebcastEvent.MEMBER, pass('member'));
    connection.on(WebcastEvent.SOCIAL, pass('social'));
    connection.on(WebcastEvent.FOLLOW, pass('follow'));
    connection.on(WebcastEvent.SHARE, pass('share'));
    connection.on(WebcastEvent.STREAM_END, () => {
      lastError = 'the stream ended';
    });
    connection.on(ControlEvent.ERROR, (err: unknown) => {
      const info = (err as { info?: unknown; exception?: unknown } | null) ?? {};
      lastError =
        typeof info.info === 'string' ? `${info.info}: ${errorText(info.exception)}` : errorText(err);
    });
    connection.on(ControlEvent.DISCONNECTED, ({ code, reason }) => {
      if (!current()) return;
      this.drop(connection);
      this.lost(
        reason
          ? `disconnected (${code}): ${reason}`
          : lastError === 'disconnected'
            ? `disconnected (${code})`
            : lastError,
      );
    });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('connecting took too long')), this.connectTimeoutMs);
    });
    const connecting = connection.connect();
    try {
      await Promise.race([connecting, timeout]);
      if (current()) this.connected();
      else this.drop(connection);
    } catch (err) {
      this.drop(connection);
      // An attempt given up on may still connect later: it is closed then.
      connecting.then(() => connection.disconnect()).catch(() => undefined);
      if (current()) this.lost(errorText(err));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Forgets a connection and closes it; its events no longer count. */
  private drop(connection: Connection): void {
    if (this.connection === connection) this.connection = null;
    connection.removeAllListeners();
    // An error after this point has no listener; the library then stays silent rather than throw.
    connection.disconnect().catch(() => undefined);
  }

  protected async disconnect(): Promise<void> {
    this.generation += 1;
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    connection.removeAllListeners();
    try {
      await connection.disconnect();
    } catch {
      // Closing a connection that failed is no failure.
    }
  }
}
