import { EventEmitter } from 'node:events';
import type { LiveGamePublic } from '@dond/shared';

/** What a screen showing a player's live game hears: the game's new public state, or that its key is gone. */
export type LiveGameEvent = { type: 'game'; game: LiveGamePublic } | { type: 'revoked' };
export type LiveGameListener = (event: LiveGameEvent) => void;

/**
 * Every change of a player's live game, told to every screen that shows it (the streamer studio's stages and
 * deck): the live games service publishes each new state as it answers; a replaced stage key publishes
 * `revoked`. In one process, an EventEmitter keyed by the player.
 */
export class LiveGameEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stage: hundreds are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  publish(userId: number, event: LiveGameEvent): void {
    this.emitter.emit(String(userId), event);
  }

  /** Listens to one player's games; answers the function that stops listening. */
  subscribe(userId: number, listener: LiveGameListener): () => void {
    const name = String(userId);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** How many screens listen to the player's games (tests, and the deck's count of stages). */
  listeners(userId: number): number {
    return this.emitter.listenerCount(String(userId));
  }
}
