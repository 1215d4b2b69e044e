import {
  liveActionRequestSchema,
  liveGameIdSchema,
  SCREEN_ID_HEADER,
  SCREEN_ID_PATTERN,
  startLiveGameSchema,
} from '@dond/shared';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/guards.js';
import { badRequest } from '../../http/errors.js';
import { limitPerAccount, RateLimiter } from '../../http/rateLimit.js';
import { sendJson } from '../../http/sendJson.js';
import { parse, parseBody } from '../../http/validate.js';
import type { RouterContext } from '../../routerContext.js';
import type { ChangeSource } from './liveGames.service.js';

// Made once: zod compiles an object schema's parser on its first use.
const idParams = z.object({ id: liveGameIdSchema });
const idOf = (req: Request) => parse(idParams, req.params).id;
// The player comes from the session, never from the body.
const playerOf = (req: Request) => {
  const user = currentUser(req);
  return { id: user.id, username: user.username };
};

export const SCREEN_ID_INVALID = `${SCREEN_ID_HEADER} must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -`;

/** The screen a change comes from (X-Screen-Id), whose own stage streams are not pushed it: none if not named. */
function sourceOf(req: Request): ChangeSource {
  const screen = req.headers['x-screen-id'];
  if (screen === undefined) return {};
  if (typeof screen !== 'string' || !SCREEN_ID_PATTERN.test(screen))
    throw badRequest(SCREEN_ID_INVALID, SCREEN_ID_HEADER);
  return { screen };
}

/** The path of a live game's actions, the API's busiest route: app.ts mounts it ahead of the API's router. */
export const LIVE_ACTIONS_PATH = '/api/live-games/:id/actions';

/**
 * /api/live-games: games dealt and held by the server, and the proof of each (verify, for anyone). `router`
 * holds every route but the actions, `actions` the handlers of POST LIVE_ACTIONS_PATH: app.ts mounts them on
 * the app itself, as GET /api/auth/me is, so that the busiest route of all is not matched against every
 * router and route of the API before it (each a match, and a path and its parameters made anew).
 */
export function liveGamesRouter({ db, now, liveGames: service, limits, log }: RouterContext): {
  router: Router;
  actions: RequestHandler[];
} {
  // Each start is a new row that stays: a script's thousand starts a minute meet a 429 (decision 0047).
  const limitStarts = limitPerAccount(
    new RateLimiter(db, now, log),
    'live-game-start',
    limits.liveGameStarts,
    'games started',
  );
  const router = express.Router();

  router.get('/:id/verify', async (req, res) => {
    res.json(await service.verify(idOf(req)));
  });

  router.use(requireUser);

  router.post('/', async (req, res) => {
    const request = parseBody(startLiveGameSchema, req);
    const source = sourceOf(req);
    await limitStarts(currentUser(req).id);
    sendJson(res, await service.start(playerOf(req), request, source), 201);
  });

  router.get('/current', async (req, res) => {
    sendJson(res, await service.current(playerOf(req)));
  });

  const act: RequestHandler = async (req, res) => {
    const id = idOf(req);
    const action = parseBody(liveActionRequestSchema, req);
    sendJson(res, await service.act(playerOf(req), id, action, sourceOf(req)));
  };

  // CONTINUE after a DEAL, told to the player's other screens (a presentation step: no action, no seq).
  router.post('/:id/continue', async (req, res) => {
    await service.continueAfterDeal(playerOf(req), idOf(req), sourceOf(req));
    res.status(204).end();
  });
  return { router, actions: [requireUser, act] };
}
