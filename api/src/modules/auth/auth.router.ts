import { loginRequestSchema, registerRequestSchema } from '@dond/shared';
import express, { type RequestHandler, type Router } from 'express';
import { accountProblem } from '../../auth/account.js';
import { hashPassword } from '../../auth/passwords.js';
import { AppError, conflict, unauthorized } from '../../http/errors.js';
import { limitRequests, RateLimiter } from '../../http/rateLimit.js';
import { sendJson } from '../../http/sendJson.js';
import { parseBody } from '../../http/validate.js';
import type { RouterContext } from '../../routerContext.js';
import { toCurrentUser, usernameKey, usersRepo, type User } from '../users/users.repo.js';

export const PENDING_MESSAGE =
  'Your account is pending admin approval. Please wait for approval before logging in.';

/** GET /api/auth/me, the session check: app.ts mounts it ahead of the other API routes. */
export const currentUserRoute: RequestHandler = (req, res) => {
  if (!req.user) throw unauthorized('Not signed in');
  sendJson(res, { user: toCurrentUser(req.user) });
};

/** /api/auth: login, registration and logout (the session check is currentUserRoute). */
export function authRouter({ db, passport, now, limits, log }: RouterContext): Router {
  const users = usersRepo(db);
  const limiter = new RateLimiter(db, now, log);
  const loginLimit = limitRequests(limiter, 'login', limits.login, 'login');
  const registerLimit = limitRequests(limiter, 'register', limits.register, 'registration');
  const router = express.Router();

  router.post('/login', loginLimit, async (req, res, next) => {
    const { username } = parseBody(loginRequestSchema, req);
    // Every attempt counts on its account (known or not, so the answer tells nothing) before the password is
    // checked, and a correct password clears the count: what is left are the failures, and an attempt on a
    // locked account is refused unchecked, so guesses spread over many addresses meet the lock too.
    const account = usernameKey(username);
    await limiter.consume('login:account', account, limits.loginAccount, 'login');
    const user = await new Promise<User | false>((resolve, reject) => {
      passport.authenticate('local', { session: false }, (error: unknown, found: User | false) =>
        error ? reject(error) : resolve(found),
      )(req, res, next);
    });
    if (!user) throw unauthorized('Invalid username or password');
    await limiter.reset('login:account', account);
    // Only after a correct password does the account's own state get a word of its own.
    const problem = accountProblem(user, now());
    if (problem) throw new AppError(403, problem);
    // Passport gives the session a new id at login, so a planted session id is worthless.
    await new Promise<void>((resolve, reject) =>
      req.login(user, (error) => {
        if (!error) return resolve();
        // The session was regenerated but could not be stored: drop it (express-session keeps the stored one
        // when req.session is unset), so the answer neither retries the write nor sets a cookie for nothing.
        delete (req as { session?: unknown }).session;
        reject(error);
      }),
    );
    await users.update(user.id, { last_login_at: now() });
    res.json(toCurrentUser(user));
  });

  router.post('/register', registerLimit, async (req, res) => {
    const body = parseBody(registerRequestSchema, req);
    const created = await users.create({
      username: body.username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      status: 'pending',
      isAdmin: false,
      now: now(),
    });
    if (!created) throw conflict('Username already exists', 'username');
    res.status(201).json({ message: PENDING_MESSAGE });
  });

  router.post('/logout', (req, res, next) => {
    if (!req.session) return res.json({ message: 'Logged out' });
    req.session.destroy((error) => {
      if (error) return next(error);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      res.json({ message: 'Logged out' });
    });
  });

  return router;
}

export const SESSION_COOKIE = 'dond.sid';

/** /api/session: whether the caller's session is still good, asked before a game is saved. */
export function sessionRouter(_ctx: RouterContext): Router {
  const router = express.Router();
  router.get('/validate', (req, res) => {
    res.json({ valid: Boolean(req.user) });
  });
  return router;
}
