import type { RequestHandler } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { usersRepo, type SessionUser, type User as AppUser } from '../modules/users/users.repo.js';
import type { Db } from '../db/knex.js';
import { accountProblem } from './account.js';
import { takeUserReadWithSession } from './sessionStore.js';
import { verifyPassword } from './passwords.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // What a request knows of its signed-in user: a full User at login, a SessionUser on later requests.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
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
  // The session store read the user in the same query as the session (a join); only a session whose row names
  // another user than its data (or none) costs a read of its own; the user read with the session goes on at once.
  const allowed = (user: SessionUser | null) => (user && !accountProblem(user, now()) ? user : false);
  passport.deserializeUser<number>(
    (req: object, id: number, done: (err: unknown, user?: SessionUser | false) => void) => {
      const read = takeUserReadWithSession(req, id);
      if (read) return done(null, allowed(read.user));
      users.findById(id).then(
        (user) => done(null, allowed(user)),
        (error: unknown) => done(error),
      );
    },
  );
  return passport;
}

/**
 * The signed-in user of the session onto `req.user`, through Passport's own deserializeUser chain (and so the
 * status and expiry check), as `passport.session()` does but without the strategy machinery that
 * `passport.authenticate()` builds on every request. A session whose user is refused is ended whole, not
 * only emptied of its user.
 */
export function sessionUser(passport: AppPassport): RequestHandler {
  const deserialize = passport.deserializeUser.bind(passport) as unknown as (
    id: unknown,
    req: unknown,
    done: (error: unknown, user?: Express.User | false) => void,
  ) => void;
  return (req, _res, next) => {
    const id = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
    if (id === undefined || id === null) return next();
    deserialize(id, req, (error, user) => {
      if (error) return next(error);
      if (user) {
        req.user = user;
        return next();
      }
      req.session.destroy((destroyError) => next(destroyError));
    });
  };
}

export type AppPassport = ReturnType<typeof createPassport>;
