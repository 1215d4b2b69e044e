import { fileURLToPath } from 'node:url';
import path from 'node:path';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import session from 'express-session';
import type { Clock } from '@dond/shared';
import { createPassport, sessionUser } from './auth/passport.js';
import { realClock } from './clock.js';
import { KnexSessionStore, newSessionId } from './auth/sessionStore.js';
import type { Config } from './config.js';
import type { DatabaseFileWatch } from './db/fileWatch.js';
import { databaseAnswers, databaseFileWatchOf, type Db } from './db/knex.js';
import {
  AppError,
  DATABASE_UNAVAILABLE,
  databaseFileLost,
  errorHandler,
  notFound,
  pageErrorHandler,
  pageNotFound,
} from './http/errors.js';
import { crossSiteRefusal } from './http/origin.js';
import { pageScriptHashes } from './http/pageScripts.js';
import {
  apiSecurityHeaders,
  pageHeadersWithScripts,
  pageSecurityHeaders,
  type HeaderSetter,
} from './http/securityHeaders.js';
import { createLogger, logFunction, requestLogger, type Log, type Logger } from './log.js';
import type { Mailer } from './mail/mailer.js';
import { authRouter, currentUserRoute, SESSION_COOKIE, sessionRouter } from './modules/auth/auth.router.js';
import { adminGamesRouter } from './modules/admin/adminGames.router.js';
import { AudienceEngine } from './modules/audience/audience.engine.js';
import { audienceRouter } from './modules/audience/audience.router.js';
import { AudienceSources, type AudienceSourcesOptions } from './modules/audience/audience.sources.js';
import { adminUsersRouter } from './modules/admin/adminUsers.router.js';
import { passwordResetRouter } from './modules/auth/passwordReset.router.js';
import { gamesRouter } from './modules/games/games.router.js';
import { giftsRouter } from './modules/gifts/gifts.router.js';
import { LIVE_ACTIONS_PATH, liveGamesRouter } from './modules/liveGames/liveGames.router.js';
import { liveGamesService, type LiveGamesService } from './modules/liveGames/liveGames.service.js';
import { openapiRouter } from './modules/openapi/openapi.router.js';
import { LiveGameEvents } from './modules/stage/liveGameEvents.js';
import { stagePage, stageRouter } from './modules/stage/stage.router.js';
import { adminTuningRouter, tuningRouter } from './modules/tuning/tuning.router.js';
import { hashedAssets } from './http/hashedAssets.js';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_STAGE_STREAM_LIMITS,
  type RateLimits,
  type RouterContext,
  type StageStreamLimits,
} from './routerContext.js';

export interface AppDeps {
  config: Pick<Config, 'appUrl' | 'trustProxy'>;
  db: Db;
  mailer: Mailer;
  sessionSecret: string;
  now?: () => number;
  /** The audience's windows' time and timers (a manual clock in tests); its `now` is the app's unless `now` is given. */
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  /** The process's logger (log.ts): the request lines, and `log` unless that is given. None: nothing is logged. */
  logger?: Logger;
  /** What routers log through; by default the logger's, so each line carries its request's id. */
  log?: Log;
  /** The built game client, served at `/`. */
  clientDir?: string;
  /** The built admin console, served under `/admin`. */
  adminDir?: string;
  /** Where live games' changes are published (the streamer studio's pushes); one per app by default. */
  liveEvents?: LiveGameEvents;
  /** What the streamers' event sources are made with (tests keep the TikTok one offline). */
  audienceSources?: AudienceSourcesOptions;
  /** The caps on open stage streams (config.ts's STAGE_STREAMS_PER_KEY and _PER_ADDRESS; benchmarks lift them). */
  stageStreams?: Partial<StageStreamLimits>;
}

// Resolved from this module rather than the working directory, so the server finds the builds however it is
// started; src/ (tests) and dist/ (built) both sit one level below the api package.
const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../game-client/dist', import.meta.url));
const DEFAULT_ADMIN_DIR = fileURLToPath(new URL('../../admin-console/dist', import.meta.url));

const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long /api/health waits for the database's answer before it says 503. */
export const HEALTH_DATABASE_TIMEOUT_MS = 1000;
export const BODY_LIMIT = '100kb';

/** Builds the whole server from its dependencies: nothing global, so tests make as many as they like. */
export function createApp(deps: AppDeps): {
  app: Express;
  sessions: KnexSessionStore;
  /** The one live games service of the app (its routers', its stages' and its audience's). */
  liveGames: LiveGamesService;
  /** To close when the server stops: its windows' timers, and the scores not yet written. */
  audience: AudienceEngine;
  /** The streamers' event sources: to resume at boot, and to close (before the audience) when the server stops. */
  sources: AudienceSources;
} {
  const clock = deps.clock ?? (deps.now ? { ...realClock, now: deps.now } : realClock);
  const now = deps.now ?? clock.now;
  const logger = deps.logger ?? createLogger({ level: 'silent' });
  const log = deps.log ?? logFunction(logger);
  const liveEvents = deps.liveEvents ?? new LiveGameEvents();
  // Built once: one cache of sessions for the players, the stages and the audience (which listens to the bus).
  const liveGames = liveGamesService(deps.db, now, liveEvents);
  const audience = new AudienceEngine({ db: deps.db, clock, events: liveEvents, games: liveGames, log });
  const sources = new AudienceSources({
    db: deps.db,
    engine: audience,
    now,
    log,
    options: deps.audienceSources,
  });
  const sessions = new KnexSessionStore(deps.db, now);
  const app = express();
  app.disable('x-powered-by');
  // ETags of res.send/res.json (a hash of every answer) serve nothing: the API's answers are no-store, and the
  // static files get theirs from express.static.
  app.set('etag', false);
  if (deps.config.trustProxy !== undefined) app.set('trust proxy', deps.config.trustProxy);
  // First of all: the request id (X-Request-Id) and the line with the status and the time taken.
  app.use(requestLogger(logger));

  // helmet's headers, computed once (http/securityHeaders.ts): the API's step sets the API's, and every other
  // answer (the API ends all of its own) gets the pages' with their CSP.
  const api = apiRoutes({ ...deps, liveEvents, liveGames, audience, sources }, sessions, now, log);
  // The client's most frequent call, matched first, with no router of its own to go through.
  app.get('/api/auth/me', api.request, currentUserRoute);
  // The busiest route, a live game's action, likewise (liveGames.router.ts).
  app.post(LIVE_ACTIONS_PATH, api.request, ...api.liveActions);
  app.use('/api', api.router);
  app.use('/api', api.errors);
  app.use(pageSecurityHeaders(deps.config.appUrl));
  const pageHeaders = pageHeadersWithScripts(deps.config.appUrl);
  app.use('/admin', singlePageApp(deps.adminDir ?? DEFAULT_ADMIN_DIR, 'admin console', pageHeaders));
  app.get('/stage/:key', stagePage(deps.db));
  app.use(singlePageApp(deps.clientDir ?? DEFAULT_CLIENT_DIR, 'game client', pageHeaders));
  // Our own 404 and error pages, never Express's (a stack and the server's paths in development).
  app.use(pageNotFound());
  app.use(pageErrorHandler(log));
  return { app, sessions, liveGames, audience, sources };
}

/**
 * The API: `request`, the step every API request goes through first; `router`, every route but
 * `GET /api/auth/me` and a live game's actions (which createApp mounts itself, after `request`; `liveActions`
 * are the latter's handlers), then the JSON 404; `errors`, the API's error handler, for all of them.
 */
function apiRoutes(
  deps: AppDeps &
    Required<Pick<AppDeps, 'liveEvents'>> & {
      liveGames: LiveGamesService;
      audience: AudienceEngine;
      sources: AudienceSources;
    },
  sessions: KnexSessionStore,
  now: () => number,
  log: (m: string, e?: unknown) => void,
): {
  request: RequestHandler;
  router: Router;
  errors: ErrorRequestHandler;
  liveActions: RequestHandler[];
} {
  const passport = createPassport(deps.db, now);
  const ctx: RouterContext = {
    db: deps.db,
    now,
    sessions,
    passport,
    mailer: deps.mailer,
    appUrl: deps.config.appUrl,
    limits: { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits },
    log,
    liveEvents: deps.liveEvents,
    liveGames: deps.liveGames,
    audience: deps.audience,
    sources: deps.sources,
    stageStreams: { ...DEFAULT_STAGE_STREAM_LIMITS, ...deps.stageStreams },
  };
  // What every API request goes through, as one middleware rather than a router layer each (every layer
  // costs Express a match and a call): no-store, the origin check and the JSON body for state-changing
  // requests, the session, and its user (Passport's deserializeUser, so status and expiry, every request).
  const headers = apiSecurityHeaders();
  const fileWatch = databaseFileWatchOf(deps.db);
  const request = apiRequest({
    appUrl: deps.config.appUrl,
    headers,
    json: express.json({ limit: BODY_LIMIT }),
    session: session({
      name: SESSION_COOKIE,
      genid: newSessionId,
      secret: deps.sessionSecret,
      store: sessions,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.appUrl.startsWith('https:'),
        maxAge: SESSION_MAX_AGE_MS,
        path: '/',
      },
    }),
    // No passport.initialize(): it adds six properties to every request, and only login needs them, which
    // passport.authenticate('local') adds there.
    user: sessionUser(passport),
    log,
    fileWatch,
  });

  const router = express.Router();
  // Before the session step, so a cookie costs the check no session read: a `select 1` within 1 s.
  router.get('/health', async (_req, res) => {
    headers(res);
    res.setHeader('Cache-Control', 'no-store');
    if (fileWatch?.check() !== undefined) throw databaseFileLost();
    if (!(await databaseAnswers(deps.db, HEALTH_DATABASE_TIMEOUT_MS))) {
      throw new AppError(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': '2' });
    }
    res.json({ ok: true });
  });
  router.use(request);
  router.use('/auth', authRouter(ctx));
  router.use('/auth', passwordResetRouter(ctx));
  router.use('/session', sessionRouter(ctx));
  router.use('/gifts', giftsRouter(ctx));
  router.use('/games', gamesRouter(ctx));
  const liveGames = liveGamesRouter(ctx);
  router.use('/live-games', liveGames.router);
  router.use('/stage', stageRouter(ctx));
  router.use('/audience', audienceRouter(ctx));
  router.use('/tuning', tuningRouter(ctx));
  router.use('/admin/users', adminUsersRouter(ctx));
  router.use('/admin/games', adminGamesRouter(ctx));
  router.use('/admin/tuning', adminTuningRouter(ctx));
  router.use('/openapi.json', openapiRouter(ctx));

  // Unknown API paths answer JSON, never a page of the client.
  router.use((req) => {
    throw notFound(`Not found: ${req.method} ${req.baseUrl}${req.path}`);
  });
  return { request, router, errors: errorHandler(log), liveActions: liveGames.actions };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface ApiRequestSteps {
  appUrl: string;
  headers: HeaderSetter;
  json: RequestHandler;
  session: RequestHandler;
  user: RequestHandler;
  log: (message: string, error?: unknown) => void;
  /** A SQLite file's watch: once the file is lost, every write answers 503 (db/fileWatch.ts). */
  fileWatch?: DatabaseFileWatch;
}

/**
 * The API's security headers and Cache-Control, the origin check, the JSON body, the session and its user, in
 * that order, as one middleware.
 * A request without a body (no Content-Length, no Transfer-Encoding: every GET the client sends) skips the
 * body parser, which would only set `req.body` to undefined.
 *
 * express-session calls its `next` once to go on, then again (deferred) when saving, touching or destroying
 * the session at the end of the answer fails. That second call would re-enter the router after its error
 * handler, fall out to Express's final handler, and that destroys the socket because the answer has gone
 * out. The answer is finished by express-session itself, so a late error is only logged.
 */
function apiRequest({
  appUrl,
  headers,
  json,
  session,
  user,
  log,
  fileWatch,
}: ApiRequestSteps): RequestHandler {
  const refusedOrigin = crossSiteRefusal(appUrl);
  const withSession = (req: Request, res: Response, next: NextFunction) => {
    let wentOn = false;
    session(req, res, (error?: unknown) => {
      if (wentOn) {
        if (error) log('session error after the answer', error);
        return;
      }
      wentOn = true;
      if (error) return next(error);
      user(req, res, next);
    });
  };
  return (req, res, next) => {
    headers(res);
    res.setHeader('Cache-Control', 'no-store');
    const refused = refusedOrigin(req);
    if (refused) return next(refused);
    // Checked on each write, not only by the timer: none may be accepted into a file that is gone.
    if (fileWatch && !READ_METHODS.has(req.method) && fileWatch.check() !== undefined)
      return next(databaseFileLost());
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      return withSession(req, res, next);
    }
    json(req, res, (error?: unknown) => (error ? next(error) : withSession(req, res, next)));
  };
}

/**
 * Serves a Vite build, answering its index.html for any other GET so the app's own router takes over; the page's
 * policy lets its own inline scripts run (`pageHeaders`).
 */
function singlePageApp(
  dir: string,
  name: string,
  pageHeaders: (scriptHashes: readonly string[]) => HeaderSetter,
): Router {
  const router = express.Router();
  const indexHtml = path.resolve(dir, 'index.html');
  const scriptHashes = pageScriptHashes(indexHtml);
  router.use(hashedAssets(dir));
  router.use(express.static(dir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', async (req, res, next) => {
    // A missing file with an extension (a stale chunk, a typo) is a 404, not the app's page.
    if (path.extname(req.path)) return next();
    const hashes = await scriptHashes();
    if (hashes.length > 0) pageHeaders(hashes)(res);
    res.sendFile(indexHtml, (error) => {
      if (!error) return;
      // Checked per request, so a build made while the server runs is picked up without a restart.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !res.headersSent) {
        res
          .status(503)
          .type('text/plain')
          .send(`The ${name} is not built yet. Run \`npm run build\`, then reload.\n`);
        return;
      }
      next(error);
    });
  });
  return router;
}
