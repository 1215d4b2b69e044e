import { customGiftSetRequestSchema } from '@dond/shared';
import express, { type Router } from 'express';
import { currentUser, requireUser } from '../../auth/guards.js';
import type { RouterContext } from '../../routerContext.js';
import { parseBody } from '../../http/validate.js';
import { giftSetsRepo } from './gifts.repo.js';

/** /api/gifts/custom: the signed-in player's own set of 26 gifts. */
export function giftsRouter({ db, now }: RouterContext): Router {
  const sets = giftSetsRepo(db);
  const router = express.Router();
  router.use(requireUser);

  router.get('/custom', async (req, res) => {
    res.json({ customGiftSet: await sets.findByUser(currentUser(req).id) });
  });

  router.post('/custom', async (req, res) => {
    const body = parseBody(customGiftSetRequestSchema, req);
    res.json({ customGiftSet: await sets.save(currentUser(req).id, body.name, body.giftIds, now()) });
  });
  return router;
}
