import { savedGamePayloadSchema } from '@dond/shared';
import express, { type Router } from 'express';
import { currentUser, requireUser } from '../../auth/guards.js';
import type { RouterContext } from '../../routerContext.js';
import { parseBody } from '../../http/validate.js';
import { gamesRepo } from './games.repo.js';
import { saveGame } from './games.service.js';

/** /api/games: saving a finished game, and the player's own history. */
export function gamesRouter({ db, now }: RouterContext): Router {
  const router = express.Router();
  router.use(requireUser);

  router.post('/', async (req, res) => {
    const payload = parseBody(savedGamePayloadSchema, req);
    const user = currentUser(req);
    // The player comes from the session, never from the body.
    const result = await saveGame(db, { id: user.id, username: user.username }, payload, now());
    res.status(result.created ? 201 : 200).json(result);
  });

  router.get('/my-games', async (req, res) => {
    res.json({ games: await gamesRepo(db).listByUser(currentUser(req).id) });
  });
  return router;
}
