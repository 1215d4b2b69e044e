import { randomBytes, randomUUID } from 'node:crypto';
import {
  applySessionAction,
  buildSavedGame,
  commitmentOf,
  giftById,
  isSessionOver,
  publicGameState,
  replaySession,
  resolveGiftSet,
  sessionBoard,
  startSession,
  type Gift,
  type GameEvent,
  type GameSession,
  type LiveAction,
  type LiveActionRequest,
  type LiveActionAnswer,
  type LiveGamePublic,
  type LiveGameVerify,
  type StartLiveGameRequest,
} from '@dond/shared';
import type { Db } from '../../db/knex.js';
import { AppError, notFound, unprocessable } from '../../http/errors.js';
import { giftSetsRepo } from '../gifts/gifts.repo.js';
import { notOwnGiftSet } from '../games/games.service.js';
import type { LiveGameEvents, LivePlayer } from '../stage/liveGameEvents.js';
import { liveGamesRepo, type LiveGame } from './liveGames.repo.js';

export type Player = LivePlayer;

export const NO_CURRENT_GAME = 'There is no game in progress';
export const gameNotFound = (id: string) => `There is no game ${id} of yours`;
export const ABANDONED =
  'This game was abandoned when a newer one was started: continue the newer one, or start again';

/** 409 for an action the game cannot take now: the error names the phase, and the answer carries it. */
function conflictInPhase(message: string, phase: string, expectedSeq: number, field?: string): AppError {
  return new AppError(409, message, field, {}, { phase, expectedSeq });
}

function sameAction(logged: LiveAction | undefined, action: LiveAction): boolean {
  return logged !== undefined && logged.type === action.type && logged.case === action.case;
}

/** What the log keeps of a request: its type, and its case for pick and open. */
function logEntry(request: LiveActionRequest): LiveAction {
  return request.case === undefined ? { type: request.type } : { type: request.type, case: request.case };
}

function giftsOf(ids: readonly number[]): Gift[] {
  return ids.map((id) => {
    const gift = giftById(id);
    if (!gift) throw new Error(`live game gift ${id} is not in the catalogue`);
    return gift;
  });
}

/** The sessions of recent games, each valid for the seq it holds (seq n of a game has one state only). */
class SessionCache {
  private readonly sessions = new Map<string, GameSession>();
  constructor(private readonly capacity: number) {}

  get(game: LiveGame): GameSession | undefined {
    const session = this.sessions.get(game.id);
    return session && session.actions.length === game.seq ? session : undefined;
  }

  set(id: string, session: GameSession): void {
    this.sessions.delete(id);
    if (isSessionOver(session)) return;
    this.sessions.set(id, session);
    if (this.sessions.size > this.capacity) this.sessions.delete(this.sessions.keys().next().value!);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }
}

const CACHED_SESSIONS = 10_000;

/** Who sent a change: the screen named by X-Screen-Id, whose own streams are not pushed it back. */
export interface ChangeSource {
  screen?: string;
}

/**
 * Live games: dealt, held and recorded by the server (issue 17; docs/provably-fair.md). One per app (createApp),
 * so one cache of sessions serves the players, the stages and the audience. Each new state goes out through
 * `events` (LiveGameEvents.applied), whose state listener (the audience, issue 20) adds its part first.
 */
export function liveGamesService(db: Db, now: () => number, events?: LiveGameEvents) {
  const repo = liveGamesRepo(db);
  const cache = new SessionCache(CACHED_SESSIONS);
  let loaded = 0;

  /** The game's session at its stored seq: from the cache, else replayed from the seeds and the log. */
  function sessionOf(game: LiveGame): GameSession {
    const cached = cache.get(game);
    if (cached) return cached;
    loaded += 1;
    const session = replaySession(
      giftsOf(game.giftIds),
      { serverSeed: game.serverSeed, clientSeed: game.clientSeed },
      game.clientGameId,
      game.actions,
    );
    cache.set(game.id, session);
    return session;
  }

  /** The events the logged action `seq` emitted, for a repeat of it: the log replayed to it, then the action. */
  function eventsOfLogged(game: LiveGame, seq: number): readonly GameEvent[] {
    const before = replaySession(
      giftsOf(game.giftIds),
      { serverSeed: game.serverSeed, clientSeed: game.clientSeed },
      game.clientGameId,
      game.actions.slice(0, seq),
    );
    return applySessionAction(before, game.actions[seq]!).events;
  }

  const publicOf = (game: LiveGame, session: GameSession): LiveGamePublic =>
    publicGameState(session, game.id, game.commitment);
  /** A state as read, with the audience's part. */
  const shownTo = async (userId: number, game: LiveGamePublic): Promise<LiveGamePublic> =>
    events ? events.read(userId, game) : game;
  /** A new state, as answered to the player, and told to every screen showing their games. */
  const changed = async (
    player: Player,
    state: LiveGamePublic,
    change: { events?: readonly GameEvent[]; screen?: string } = {},
  ): Promise<LiveGamePublic> => (events ? events.applied(player, state, change) : state);

  async function answerOf(
    player: Player,
    state: LiveGamePublic,
    emitted: readonly GameEvent[],
    source: ChangeSource,
  ): Promise<LiveActionAnswer> {
    const game = await changed(player, state, { events: emitted, screen: source.screen });
    return { ...game, events: [...emitted] };
  }

  async function ownGame(player: Player, id: string): Promise<LiveGame> {
    const game = await repo.find(id);
    // Another player's game is no more visible than one that does not exist.
    if (!game || game.userId !== player.id) throw notFound(gameNotFound(id));
    return game;
  }

  return {
    async start(
      player: Player,
      request: StartLiveGameRequest,
      source: ChangeSource = {},
    ): Promise<LiveGamePublic> {
      const customGiftSetId = request.customGiftSetId ?? null;
      let giftIds: readonly number[] | null = null;
      if (customGiftSetId !== null) {
        // The player's own set only, as a save checks it; the game keeps these 26 whatever the set becomes.
        const own = await giftSetsRepo(db).findByUser(player.id);
        if (own?.id !== customGiftSetId) {
          throw unprocessable(notOwnGiftSet(customGiftSetId), 'customGiftSetId');
        }
        giftIds = own.giftIds;
      }
      const seeds = {
        serverSeed: randomBytes(32).toString('hex'),
        // base64url is [A-Za-z0-9_-], what a clientSeed may hold.
        clientSeed: request.clientSeed ?? randomBytes(16).toString('base64url'),
      };
      const id = randomUUID();
      // The record of the game takes the live game's id as its clientGameId: one id for the client to keep.
      const session = startSession(resolveGiftSet(giftIds), seeds, id);
      const game: LiveGame = {
        id,
        userId: player.id,
        status: 'active',
        ...seeds,
        commitment: commitmentOf(seeds.serverSeed),
        customGiftSetId,
        giftIds: [...session.giftIds],
        actions: [],
        seq: 0,
        gameId: null,
        clientGameId: id,
        savedAt: null,
      };
      await repo.start({ ...game, userId: player.id }, now());
      cache.set(id, session);
      return changed(player, publicOf(game, session), { screen: source.screen });
    },

    async current(player: Player): Promise<LiveGamePublic> {
      const game = await repo.current(player.id);
      if (!game) throw notFound(NO_CURRENT_GAME);
      return shownTo(player.id, publicOf(game, sessionOf(game)));
    },

    /** What a stage shows: the player's game in progress, else the one they finished last (its result stays). */
    async shown(userId: number): Promise<LiveGamePublic | null> {
      const game = await repo.latestShown(userId);
      return game ? shownTo(userId, publicOf(game, sessionOf(game))) : null;
    },

    /**
     * Applies the action numbered `seq`, once: the same action again answers the state and changes nothing; a
     * seq that is neither the next one nor a repeat, or an action the phase does not allow, is a 409. The answer
     * carries the events the action emitted (a repeat of the last action its events again, of an older one none:
     * the state has moved on); the push of the new state carries them too.
     */
    async act(
      player: Player,
      id: string,
      request: LiveActionRequest,
      source: ChangeSource = {},
    ): Promise<LiveActionAnswer> {
      const action = logEntry(request);
      for (;;) {
        const game = await ownGame(player, id);
        const session = sessionOf(game);
        if (request.seq < game.seq && sameAction(game.actions[request.seq], action)) {
          const again = request.seq === game.seq - 1 ? eventsOfLogged(game, request.seq) : [];
          return { ...(await shownTo(player.id, publicOf(game, session))), events: [...again] };
        }
        // As the public state names it (the session never rests in phone-ringing).
        const phase = session.state.gamePhase === 'phone-ringing' ? 'offer' : session.state.gamePhase;
        if (request.seq !== game.seq) {
          throw conflictInPhase(
            `seq ${request.seq} is not the next action of this game: it is in the ${phase} phase and ` +
              `expects seq ${game.seq}`,
            phase,
            game.seq,
            'seq',
          );
        }
        if (game.status === 'abandoned') throw conflictInPhase(ABANDONED, phase, game.seq);
        const step = applySessionAction(session, action);
        if (step.rejected) {
          const what = action.case === undefined ? action.type : `${action.type} of case ${action.case}`;
          throw step.rejected.reason === 'wrong-phase'
            ? conflictInPhase(`${action.type} is not allowed in the ${phase} phase`, phase, game.seq)
            : conflictInPhase(
                `${what} is not allowed in the ${phase} phase: ${step.rejected.message}`,
                phase,
                game.seq,
                'case',
              );
        }
        const at = now();
        if (!isSessionOver(step.session)) {
          if (await repo.advance(id, game.seq, step.session.actions, at)) {
            cache.set(id, step.session);
            return answerOf(player, publicOf(game, step.session), step.events, source);
          }
          continue; // Another request applied an action first: answer as a repeat, or 409.
        }
        const payload = buildSavedGame(step.session.state, {
          userId: player.id,
          username: player.username,
          customGiftSetId: game.customGiftSetId,
        });
        if (!payload) throw new Error('a finished session gave no saved game');
        const record = await repo.finish(id, game.seq, step.session.actions, player, payload, at);
        if (record) {
          cache.delete(id);
          return answerOf(player, publicOf(game, step.session), step.events, source);
        }
      }
    },

    /**
     * The player closed the deal's reveal (CONTINUE) on one screen: every other screen of theirs, the stages
     * included, goes on to the board with every case opened. Only for their game ended by a DEAL.
     */
    async continueAfterDeal(player: Player, id: string, source: ChangeSource = {}): Promise<void> {
      const game = await ownGame(player, id);
      const session = sessionOf(game);
      if (session.state.gameOutcome !== 'banker_accepted') {
        const phase = session.state.gamePhase === 'phone-ringing' ? 'offer' : session.state.gamePhase;
        throw conflictInPhase(
          `continue follows a DEAL only: this game is in the ${phase} phase`,
          phase,
          game.seq,
        );
      }
      events?.publish(player.id, { type: 'continue', gameId: id, screen: source.screen });
    },

    /** Sessions replayed from the database's log (a cache miss), since the service was made. */
    sessionsLoaded(): number {
      return loaded;
    },

    /** What anyone needs to check a game; the serverSeed and the board only once it is over. */
    async verify(id: string): Promise<LiveGameVerify> {
      const game = await repo.find(id);
      if (!game) throw notFound(`There is no game ${id}`);
      const session = sessionOf(game);
      const over = game.status === 'finished';
      return {
        id: game.id,
        commitment: game.commitment,
        clientSeed: game.clientSeed,
        giftIds: [...game.giftIds],
        actions: game.actions,
        offers: [...session.state.offerHistory],
        over,
        ...(over ? { serverSeed: game.serverSeed, board: sessionBoard(session) } : {}),
      };
    },
  };
}
export type LiveGamesService = ReturnType<typeof liveGamesService>;
