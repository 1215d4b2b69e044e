import {
  SCREEN_ID_PATTERN,
  STAGE_KEY_PATTERN,
  type AudienceGift,
  type AudienceLeaderboard,
  type AudiencePush,
  type AudienceSocial,
  stageUrl,
  type StageContinue,
  type StageGame,
  type StageInfo,
} from '@dond/shared';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { currentUser, requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/knex.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { RouterContext } from '../../routerContext.js';
import type { LiveGameEvent } from './liveGameEvents.js';
import { stageRepo } from './stage.repo.js';

export const STAGE_LINK_NOT_VALID = 'This stage link is not valid';
export const STAGE_SCREEN_INVALID = 'screen must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -';
/** A comment line now and then, so that proxies and OBS keep a quiet stream open. */
export const STAGE_HEARTBEAT_MS = 15_000;
/**
 * A stream with more than this not yet taken by its stage (held by the process, beyond what the system's socket
 * buffers hold) is closed: hundreds of pushes, far more than a stage that reads ever falls behind by.
 */
export const STAGE_STREAM_UNSENT_LIMIT_BYTES = 1024 * 1024;
export const STAGE_STREAMS_PER_KEY_FULL =
  'Too many stages are open with this stage link: close one (an OBS source, a browser tab) and try again';
export const STAGE_STREAMS_PER_ADDRESS_FULL =
  'Too many stages are open from this address: close one (an OBS source, a browser tab) and try again';
/** A slot frees when another stream ends, which no clock tells: a wait that keeps a script's retries slow. */
export const STAGE_STREAMS_RETRY_AFTER_S = 10;

const tooManyStreams = (message: string) =>
  new AppError(429, message, undefined, { 'Retry-After': String(STAGE_STREAMS_RETRY_AFTER_S) });

/** Open streams by name (a key, an address); a name with none is forgotten. */
class OpenCounts {
  private readonly counts = new Map<string, number>();
  of(name: string): number {
    return this.counts.get(name) ?? 0;
  }
  add(name: string): void {
    this.counts.set(name, this.of(name) + 1);
  }
  remove(name: string): void {
    const left = this.of(name) - 1;
    if (left > 0) this.counts.set(name, left);
    else this.counts.delete(name);
  }
}

const sseText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** What a stage is sent for an event of the player's games, if it is sent as it is (not 'revoked' or 'closing'). */
function pushOf(event: LiveGameEvent): [name: string, data: unknown] | undefined {
  switch (event.type) {
    case 'game':
      return [
        'game',
        (event.events
          ? { game: event.game, events: event.events }
          : { game: event.game }) satisfies StageGame,
      ];
    case 'continue':
      return ['continue', { gameId: event.gameId } satisfies StageContinue];
    case 'audience':
      return ['audience', { gameId: event.gameId, audience: event.audience } satisfies AudiencePush];
    case 'gift':
      return ['gift', event.gift satisfies AudienceGift];
    case 'social':
      return ['social', event.social satisfies AudienceSocial];
    case 'leaderboard':
      return ['leaderboard', event.leaderboard satisfies AudienceLeaderboard];
    default:
      return undefined;
  }
}

// Every stage of a player hears the same event object (one per publish, or per Redis message): its text is made
// once for all of them, not once per stream.
const pushTexts = new WeakMap<LiveGameEvent, string>();

function pushText(event: LiveGameEvent): string | undefined {
  const known = pushTexts.get(event);
  if (known !== undefined) return known;
  const push = pushOf(event);
  if (!push) return undefined;
  const text = sseText(...push);
  pushTexts.set(event, text);
  return text;
}

/** The player a stage key shows, or a 404 'This stage link is not valid' (malformed, unknown or replaced). */
async function ownerOfKey(db: Db, key: unknown): Promise<number> {
  const owner =
    typeof key === 'string' && STAGE_KEY_PATTERN.test(key) ? await stageRepo(db).ownerOf(key) : null;
  if (owner === null) throw notFound(STAGE_LINK_NOT_VALID);
  return owner;
}

/** /stage/{key}: the stage's page (the game client) for a valid key, else our 404 page with the reason. */
export function stagePage(db: Db): RequestHandler {
  return async (req, _res, next) => {
    await ownerOfKey(db, req.params.key);
    next();
  };
}

/** /api/stage: the streamer's stage key and URLs, and what a stage reads with its key (no sign-in). */
export function stageRouter({
  db,
  now,
  appUrl,
  liveEvents,
  liveGames: games,
  audience,
  log,
  stageStreams,
}: RouterContext): Router {
  const repo = stageRepo(db);
  const router = express.Router();
  const info = (key: string): StageInfo => ({
    key,
    urls: { landscape: stageUrl(appUrl, key, 'landscape'), portrait: stageUrl(appUrl, key, 'portrait') },
  });

  router.get('/', requireUser, async (req, res) => {
    res.json(info(await repo.ensureKey(currentUser(req).id, now())));
  });

  router.post('/key', requireUser, async (req, res) => {
    const userId = currentUser(req).id;
    const key = await repo.replaceKey(userId, now());
    // Every stage of the old key closes at once; each checks its own key (the deck's preview takes the new one).
    liveEvents.publish(userId, { type: 'revoked' });
    res.json(info(key));
  });

  router.get('/:key/game', async (req, res) => {
    const owner = await ownerOfKey(db, req.params.key);
    res.json({ game: await games.shown(owner) } satisfies StageGame);
  });

  // The audience's leaderboards for a stage (its first read; then `leaderboard` events keep it current).
  router.get('/:key/leaderboard', async (req, res) => {
    const owner = await ownerOfKey(db, req.params.key);
    res.json((await audience.leaderboard(owner)) satisfies AudienceLeaderboard);
  });

  // How many streams are open in this process, per key and per client address (each stream frees its own).
  const openByKey = new OpenCounts();
  const openByAddress = new OpenCounts();

  // Server-Sent Events: the game as it is now, then every change, until the key is replaced or the stage goes.
  // `?screen=<id>`: the stream of the screen that sends X-Screen-Id with its changes, which it is not sent back.
  router.get('/:key/events', async (req: Request, res: Response) => {
    const key = req.params.key as string;
    const screen = req.query.screen;
    if (screen !== undefined && (typeof screen !== 'string' || !SCREEN_ID_PATTERN.test(screen)))
      throw badRequest(STAGE_SCREEN_INVALID, 'screen');
    const owner = await ownerOfKey(db, key);
    // Counted from here, with no await between the check and the count, so streams opened at once cannot slip past.
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    if (openByKey.of(key) >= stageStreams.perKey) throw tooManyStreams(STAGE_STREAMS_PER_KEY_FULL);
    if (openByAddress.of(address) >= stageStreams.perAddress)
      throw tooManyStreams(STAGE_STREAMS_PER_ADDRESS_FULL);
    openByKey.add(key);
    openByAddress.add(address);
    // Changes made while the current state is read are held, then sent unless the read already had them.
    let held: LiveGameEvent[] | null = [];
    let closed = false;
    const write = (text: string) => {
      if (closed) return;
      res.write(text);
      // A stage that stops reading (a paused or stalled socket) would keep every later push in this process: past
      // the bound its stream is cut, and the socket with it so that its buffers go; the stage reconnects and reads
      // the game as it is, as after a reload.
      if (res.writableLength > STAGE_STREAM_UNSENT_LIMIT_BYTES) {
        log(
          `a stage of player ${owner} stopped reading: its stream is closed (${res.writableLength} bytes unsent)`,
        );
        stop();
        res.destroy();
      }
    };
    let shown: StageGame['game'] = null;
    const deliver = (event: LiveGameEvent) => {
      // A state older than one already sent (a change held during the first read) is not sent again.
      if (event.type === 'game') {
        if (shown && shown.id === event.game.id && event.game.seq <= shown.seq) return;
        shown = event.game;
      }
      // The screen that made the change has it from its answer: no echo to drop.
      if (
        (event.type === 'game' || event.type === 'continue') &&
        screen !== undefined &&
        event.screen === screen
      )
        return;
      const text = pushText(event);
      if (text !== undefined) return write(text);
      if (event.type === 'closing') {
        stop();
        res.end();
        return;
      }
      if (event.type === 'revoked') void endIfRevoked().catch(() => stop());
    };
    const endIfRevoked = async () => {
      if ((await repo.ownerOf(key)) === owner) return;
      write(sseText('revoked', { error: STAGE_LINK_NOT_VALID }));
      stop();
      res.end();
    };
    const unsubscribe = liveEvents.subscribe(owner, (event) => {
      if (held) held.push(event);
      else deliver(event);
    });
    const heartbeat = setInterval(() => write(': still here\n\n'), STAGE_HEARTBEAT_MS);
    heartbeat.unref();
    function stop() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openByKey.remove(key);
      openByAddress.remove(address);
    }
    req.on('close', stop);
    try {
      shown = await games.shown(owner);
    } catch (error) {
      stop();
      throw error;
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    // Nginx and other proxies would hold the stream back in their buffers.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    // A stage that loses its connection comes back by itself after this long (EventSource's retry).
    write('retry: 1000\n\n');
    write(sseText('game', { game: shown } satisfies StageGame));
    const pending = held;
    held = null;
    for (const event of pending) deliver(event);
  });
  return router;
}
