import type { AppPassport } from './auth/passport.js';
import type { KnexSessionStore } from './auth/sessionStore.js';
import type { Db } from './db/knex.js';
import type { RateLimitSettings } from './http/rateLimit.js';
import type { Mailer } from './mail/mailer.js';
import type { AudienceEngine } from './modules/audience/audience.engine.js';
import type { AudienceSources } from './modules/audience/audience.sources.js';
import type { LiveGamesService } from './modules/liveGames/liveGames.service.js';
import type { LiveGameEvents } from './modules/stage/liveGameEvents.js';

export interface RateLimits {
  /** Login requests from one address, failed or not. */
  login: RateLimitSettings;
  /** Failed logins on one account (its username as the users repo keys it), from any address. */
  loginAccount: RateLimitSettings;
  register: RateLimitSettings;
  forgotPassword: RateLimitSettings;
  /** Live games one account starts (POST /api/live-games). */
  liveGameStarts: RateLimitSettings;
  /** Events one account sends through the deck's simulator (POST /api/audience/simulate), one a request. */
  audienceSimulate: RateLimitSettings;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { windowMs: 60_000, limit: 10 },
  // Never a permanent lock: at most 15 minutes from the first failure (docs/decisions/0023-limits-accounts).
  loginAccount: { windowMs: 15 * 60_000, limit: 10 },
  register: { windowMs: 60 * 60_000, limit: 10 },
  forgotPassword: { windowMs: 60 * 60_000, limit: 5 },
  // What a person never meets and a script does (docs/decisions/0047-floods-and-growth.md): a start every 2 s for
  // a minute, and three of the deck's bursts of 1,000 chat messages a minute.
  liveGameStarts: { windowMs: 60_000, limit: 30 },
  audienceSimulate: { windowMs: 60_000, limit: 3_000 },
};

/** The most stage streams (GET /api/stage/{key}/events) open at once in this process, per stage key and per client address. */
export interface StageStreamLimits {
  perKey: number;
  perAddress: number;
}

// Far above a streamer's screens (OBS's stages, the deck, a preview), far below what exhausts the server's files
// and CPU (docs/decisions/0044-stage-streams-bounded.md).
export const DEFAULT_STAGE_STREAM_LIMITS: StageStreamLimits = { perKey: 20, perAddress: 50 };

/**
 * What every module's router is built from, and the only argument each takes. Its own module, so that no
 * router or service imports the app that mounts it.
 */
export interface RouterContext {
  db: Db;
  now: () => number;
  sessions: KnexSessionStore;
  passport: AppPassport;
  mailer: Mailer;
  appUrl: string;
  limits: RateLimits;
  log: (message: string, error?: unknown) => void;
  /** Every change of a live game, for the screens that show it (the streamer studio). */
  liveEvents: LiveGameEvents;
  /** The app's one live games service: its cache of sessions serves the players, the stages and the audience. */
  liveGames: LiveGamesService;
  /** The stream's audience: its windows of votes and calls, its scores (issue 20). */
  audience: AudienceEngine;
  /** The streamers' event sources (TikFinity, tiktok-live-connector) in this process. */
  sources: AudienceSources;
  /** How many stage streams may be open at once, per key and per address. */
  stageStreams: StageStreamLimits;
}
