import {
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
import { notFound } from '../../http/errors.js';
import type { RouterContext } from '../../routerContext.js';
import { liveGamesService } from '../liveGames/liveGames.service.js';
import type { LiveGameEvent } from './liveGameEvents.js';
import { stageRepo } from './stage.repo.js';

export const STAGE_LINK_NOT_VALID = 'This stage link is not valid';
/** A comment line now and then, so that proxies and OBS keep a quiet stream open. */
export const STAGE_HEARTBEAT_MS = 15_000;

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
export function stageRouter({ db, now, appUrl, liveEvents, audience }: RouterContext): Router {
  const repo = stageRepo(db);
  const games = liveGamesService(db, now, undefined, audience);
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

  // Server-Sent Events: the game as it is now, then every change, until the key is replaced or the stage goes.
  router.get('/:key/events', async (req: Request, res: Response) => {
    const key = req.params.key as string;
    const owner = await ownerOfKey(db, key);
    // Changes made while the current state is read are held, then sent unless the read already had them.
    let held: LiveGameEvent[] | null = [];
    let closed = false;
    const send = (event: string, data: unknown) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    let shown: StageGame['game'] = null;
    const deliver = async (event: LiveGameEvent) => {
      if (event.type === 'game') {
        // A state older than one already sent (a change held during the first read) is not sent again.
        if (shown && shown.id === event.game.id && event.game.seq <= shown.seq) return;
        shown = event.game;
        send('game', { game: event.game } satisfies StageGame);
        return;
      }
      if (event.type === 'continue') {
        send('continue', { gameId: event.gameId } satisfies StageContinue);
        return;
      }
      if (event.type === 'audience') {
        send('audience', { gameId: event.gameId, audience: event.audience } satisfies AudiencePush);
        return;
      }
      if (event.type === 'gift') {
        send('gift', event.gift satisfies AudienceGift);
        return;
      }
      if (event.type === 'social') {
        send('social', event.social satisfies AudienceSocial);
        return;
      }
      if (event.type === 'leaderboard') {
        send('leaderboard', event.leaderboard satisfies AudienceLeaderboard);
        return;
      }
      if (event.type === 'audienceInput' || event.type === 'audienceGiftInput') return;
      if (event.type === 'closing') {
        stop();
        res.end();
        return;
      }
      if ((await repo.ownerOf(key)) === owner) return;
      send('revoked', { error: STAGE_LINK_NOT_VALID });
      stop();
      res.end();
    };
    const unsubscribe = liveEvents.subscribe(owner, (event) => {
      if (held) held.push(event);
      else void deliver(event).catch(() => stop());
    });
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': still here\n\n');
    }, STAGE_HEARTBEAT_MS);
    heartbeat.unref();
    function stop() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
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
    res.write('retry: 1000\n\n');
    send('game', { game: shown } satisfies StageGame);
    const pending = held;
    held = null;
    for (const event of pending) await deliver(event);
  });
  return router;
}
