import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../http/errors.js';

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

/** 401 to a visitor, 403 to a player. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(unauthorized());
  next(req.user.isAdmin ? undefined : forbidden());
};

/** The signed-in user of a route behind requireUser or requireAdmin. */
export function currentUser(req: Express.Request): Express.User {
  if (!req.user) throw unauthorized();
  return req.user;
}
