import type { RequestHandler } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { usersRepo, type User as AppUser } from '../modules/users/users.repo.js';
import type { Db } from '../db/knex.js';
import { accountProblem } from './account.js';
import { verifyPassword } from './passwords.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AppUser {}
  }
}

/** A Passport of the app's own (nothing global): local strategy, user id in the session. */
export function createPassport(db: Db, now: () => number) {
  const users = usersRepo(db);
  const passport = new Passport();

  // Unknown user and wrong password answer alike, after the same amount of work.
  passport.use(
    new LocalStrategy(async (username, password, done) => {
      try {
        const user = await users.findByUsername(username);
        const ok = await verifyPassword(user?.passwordHash ?? null, password);
        done(null, user && ok ? user : false);
      } catch (error) {
        done(error);
      }
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, (user as AppUser).id));
  // Status and expiry are read on every request: a disabled, rejected or expired account is signed out at once.
  passport.deserializeUser<number>(async (id, done) => {
    try {
      const user = await users.findById(id);
      done(null, user && !accountProblem(user, now()) ? user : false);
    } catch (error) {
      done(error);
    }
  });
  return passport;
}

/** Ends the whole session (not only the user in it) when Passport dropped its user on this request. */
export const endDeadSessions: { before: RequestHandler; after: RequestHandler } = {
  before: (req, res, next) => {
    res.locals.sessionUserId = (req.session as { passport?: { user?: number } } | undefined)?.passport?.user;
    next();
  },
  after: (req, res, next) => {
    if (res.locals.sessionUserId === undefined || req.user) return next();
    req.session.destroy((error) => next(error));
  },
};

export type AppPassport = ReturnType<typeof createPassport>;
