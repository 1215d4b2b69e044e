import { EventEmitter } from 'node:events';
import type {
  AudienceGift,
  AudienceGiftEffect,
  AudienceLeaderboard,
  AudienceSocial,
  AudienceState,
  GameEvent,
  LiveGamePublic,
} from '@dond/shared';
import { Redis } from 'ioredis';

/**
 * What a screen showing a player's live game hears: the game's new public state, that its key is gone, or that
 * this server is stopping (the stream ends; the screen reconnects, to another instance or to this one again).
 */
export type LiveGameEvent =
  | {
      type: 'game';
      game: LiveGamePublic;
      /** What the action that made this state did, as the server's session emitted it (none for a start). */
      events?: readonly GameEvent[];
      /** The screen that made the change (X-Screen-Id): its own streams are not sent it, it has the answer. */
      screen?: string;
    }
  /** CONTINUE pressed after a DEAL on one of the player's screens: the others close the deal's reveal too. */
  | { type: 'continue'; gameId: string; screen?: string }
  | { type: 'revoked' }
  | { type: 'closing' }
  /** The audience's state of the game changed (a vote, a call, a window opening or closing): at most every 100 ms. */
  | { type: 'audience'; gameId: string; audience: AudienceState }
  /** A gift from the stream's audience, its viewer named as the stage shows them. */
  | { type: 'gift'; gift: AudienceGift }
  /** A chat line that reads as a vote or a case call, for the instance holding the open window (screens ignore it). */
  | { type: 'audienceInput'; viewerId: string; nickname: string; comment: string }
  /** A gift the streamer's gift rules map to votes or a call, for the instance holding the window (screens ignore it). */
  | { type: 'audienceGiftInput'; viewerId: string; effect: AudienceGiftEffect; weight: number }
  /** A like (added up), follow or share of the stream. */
  | { type: 'social'; social: AudienceSocial }
  /** The leaderboards after the viewers' scores were written (about once a second while the audience is busy). */
  | { type: 'leaderboard'; leaderboard: AudienceLeaderboard };
export type LiveGameListener = (event: LiveGameEvent) => void;

/** Whose game changed: the live games service's player. */
export interface LivePlayer {
  id: number;
  username: string;
}

/**
 * The one listener in this process of the states this process applies and reads (the audience engine): it hears
 * each new state before any screen does (it opens and closes its windows there, and only on the instance that
 * applied the state) and answers its part of the state, which the state carries as answered and pushed.
 */
export interface LiveStateListener {
  applied(player: LivePlayer, game: LiveGamePublic): Promise<AudienceState>;
  read(userId: number, game: LiveGamePublic): Promise<AudienceState>;
}

/**
 * Every change of a player's live game, told to every screen that shows it (the streamer studio's stages and
 * deck): the live games service publishes each new state as it answers; a replaced stage key publishes
 * `revoked`. In one process, an EventEmitter keyed by the player; RedisLiveGameEvents carries them between
 * instances.
 */
export class LiveGameEvents {
  private readonly emitter = new EventEmitter();
  private states: LiveStateListener | null = null;

  constructor() {
    // One listener per open stage: hundreds are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  publish(userId: number, event: LiveGameEvent): void {
    this.deliver(userId, event);
  }

  /**
   * Makes `listener` hear every state this process applies or reads (answers the function that stops it). One per
   * bus: a second audience on the same bus would open every window twice.
   */
  listenToStates(listener: LiveStateListener): () => void {
    if (this.states) throw new Error('this bus has a state listener already');
    this.states = listener;
    return () => {
      if (this.states === listener) this.states = null;
    };
  }

  /**
   * A new state of the player's game, applied by this process: the state listener's part added, then published to
   * every screen (with the events of the action that made it, and the screen that sent it). Answers the state.
   */
  async applied(
    player: LivePlayer,
    state: LiveGamePublic,
    change: { events?: readonly GameEvent[]; screen?: string } = {},
  ): Promise<LiveGamePublic> {
    const game = this.states ? { ...state, audience: await this.states.applied(player, state) } : state;
    this.publish(player.id, { type: 'game', game, ...change });
    return game;
  }

  /** A state as read (the current game, a stage's), with the state listener's part. */
  async read(userId: number, state: LiveGamePublic): Promise<LiveGamePublic> {
    return this.states ? { ...state, audience: await this.states.read(userId, state) } : state;
  }

  /** Hands an event to this process's listeners of the player. */
  protected deliver(userId: number, event: LiveGameEvent): void {
    this.emitter.emit(String(userId), event);
  }

  /** Listens to one player's games; answers the function that stops listening. */
  subscribe(userId: number, listener: LiveGameListener): () => void {
    const name = String(userId);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** How many screens listen to the player's games in this process. */
  listeners(userId: number): number {
    return this.emitter.listenerCount(String(userId));
  }

  /** Tells every listener this server is stopping (their streams end, so the HTTP server can close). */
  async close(): Promise<void> {
    for (const name of this.emitter.eventNames()) this.emitter.emit(name, { type: 'closing' });
  }
}

/** The Redis channel of a player's games: `dond:live:<userId>`. */
export const REDIS_CHANNEL_PREFIX = 'dond:live:';

/**
 * Pushes through Redis pub/sub (REDIS_URL), so that a stage and the deck may sit on other API instances than the
 * one that applied the action. A publish goes to Redis only; every instance (this one included) hands the
 * message to its own listeners as Redis delivers it, so each screen hears each change once.
 */
export class RedisLiveGameEvents extends LiveGameEvents {
  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    super();
    subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
      const userId = Number(channel.slice(REDIS_CHANNEL_PREFIX.length));
      let event: LiveGameEvent;
      try {
        event = JSON.parse(message) as LiveGameEvent;
      } catch (error) {
        return log(`a message on ${channel} that is not JSON`, error);
      }
      if (Number.isInteger(userId)) this.deliver(userId, event);
    });
  }

  /** Connects both connections (a subscribing one can do nothing else) and subscribes to every player's channel. */
  static async connect(
    url: string,
    log: (message: string, error?: unknown) => void,
  ): Promise<RedisLiveGameEvents> {
    // Commands wait while Redis is away (ioredis reconnects by itself): a push is late, never an action's error.
    const options = { lazyConnect: true, maxRetriesPerRequest: null };
    const publisher = new Redis(url, options);
    const subscriber = new Redis(url, options);
    for (const connection of [publisher, subscriber])
      connection.on('error', (error: unknown) => log('Redis (live game pushes)', error));
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.psubscribe(`${REDIS_CHANNEL_PREFIX}*`);
    return new RedisLiveGameEvents(publisher, subscriber, log);
  }

  override publish(userId: number, event: LiveGameEvent): void {
    this.publisher
      .publish(`${REDIS_CHANNEL_PREFIX}${userId}`, JSON.stringify(event))
      .catch((error: unknown) => this.log('publishing a live game push failed', error));
  }

  override async close(): Promise<void> {
    await super.close();
    await Promise.all([this.subscriber.quit(), this.publisher.quit()]).catch(() => undefined);
  }
}
