import express, { type Router } from 'express';
import type { RouterContext } from '../../app.js';
import { requireAdmin } from '../../auth/guards.js';

/** /api/admin/games: the games list, statistics, clearing, the CSV export and recovering backups. */
export function adminGamesRouter(_ctx: RouterContext): Router {
  const router = express.Router();
  router.use(requireAdmin);
  return router;
}
