import express, { type Router } from 'express';
import type { RouterContext } from '../../app.js';
import { requireAdmin } from '../../auth/guards.js';

/** /api/admin/users: the user lists and the admin's actions on an account. */
export function adminUsersRouter(_ctx: RouterContext): Router {
  const router = express.Router();
  router.use(requireAdmin);
  return router;
}
