import { hash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { isMysql, type Db } from '../db/knex.js';
import { isDeadlock } from '../db/driverErrors.js';
import { AppError } from './errors.js';

export interface RateLimitSettings {
  windowMs: number;
  /** Hits one key (an address, an account) may make in the window. */
  limit: number;
}

/** A fixed window: the first hit on a key starts it, and every hit until it ends counts. */
export interface Hit {
  hits: number;
  resetAt: number;
}

const TABLE = 'rate_limits';
/** How often an instance deletes the rows whose window has ended. */
const PRUNE_EVERY_MS = 60_000;

const keyHash = (name: string, id: string) => hash('sha256', `${name}\0${id}`, 'hex');

/**
 * Counters kept in the database, so that every API instance on it shares them (docs/decisions/0023-limits-accounts.md).
 * A database that cannot be reached makes `consume` throw its error: the request answers 503 like any other
 * outage, never a silent pass.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  /** Counts one hit on (name, id) and answers the hits of its window so far, this one included. */
  async hit(name: string, id: string, windowMs: number): Promise<Hit> {
    const key = keyHash(name, id);
    const now = this.now();
    let result: Hit;
    try {
      result = await this.upsert(key, now, now + windowMs);
    } catch (error) {
      // Two instances pruning and counting at once may meet in a deadlock on MariaDB: one more try.
      if (!isDeadlock(error)) throw error;
      result = await this.upsert(key, now, now + windowMs);
    }
    this.pruneNowAndThen(now);
    return result;
  }

  /**
   * Counts one hit, and throws the 429 (with Retry-After, the seconds until the window ends) when the key has
   * gone over its limit: its message names the `what` attempts, unless `message` is given.
   */
  async consume(
    name: string,
    id: string,
    settings: RateLimitSettings,
    what: string,
    message = `Too many ${what} attempts. Please wait a moment and try again.`,
  ): Promise<void> {
    const { hits, resetAt } = await this.hit(name, id, settings.windowMs);
    if (hits <= settings.limit) return;
    const retryAfter = Math.max(1, Math.ceil((resetAt - this.now()) / 1000));
    throw new AppError(429, message, undefined, { 'Retry-After': String(retryAfter) });
  }

  /** Forgets a key's hits (a successful login clears its account's failures). */
  async reset(name: string, id: string): Promise<void> {
    await this.db(TABLE)
      .where({ key_hash: keyHash(name, id) })
      .delete();
  }

  private async upsert(key: string, now: number, resetAt: number): Promise<Hit> {
    if (isMysql(this.db)) {
      // MySQL applies the assignments left to right: `hits` is set while `reset_at` still holds the old
      // window's end. The row stays locked until the commit, so the read sees this hit's own count.
      return this.db.transaction(async (trx) => {
        await trx.raw(
          `INSERT INTO ${TABLE} (key_hash, hits, reset_at) VALUES (?, 1, ?)
           ON DUPLICATE KEY UPDATE hits = IF(reset_at <= ?, 1, hits + 1),
                                   reset_at = IF(reset_at <= ?, VALUES(reset_at), reset_at)`,
          [key, resetAt, now, now],
        );
        const row = (await trx(TABLE).where({ key_hash: key }).first('hits', 'reset_at')) as
          { hits: number; reset_at: number | string } | undefined;
        if (!row) throw new Error('rate limit row missing after its upsert');
        return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
      });
    }
    // SQLite: one statement, atomic, that answers the row as it stands after it.
    const rows = (await this.db.raw(
      `INSERT INTO ${TABLE} (key_hash, hits, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key_hash) DO UPDATE SET
         hits = CASE WHEN ${TABLE}.reset_at <= ? THEN 1 ELSE ${TABLE}.hits + 1 END,
         reset_at = CASE WHEN ${TABLE}.reset_at <= ? THEN excluded.reset_at ELSE ${TABLE}.reset_at END
       RETURNING hits, reset_at`,
      [key, resetAt, now, now],
    )) as Array<{ hits: number; reset_at: number }>;
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert answered no row');
    return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  /** Deletes the ended windows about once a minute, off the request's path (a failure is only logged). */
  private pruneNowAndThen(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.db(TABLE)
      .where('reset_at', '<=', now)
      .delete()
      .catch((error: unknown) => this.log('Pruning rate limits failed', error));
  }
}

/**
 * A limit per signed-in account (its user id) on one action, for what a script can send and a person never does
 * (docs/decisions/0047-floods-and-growth.md): answers the check of a user id, which counts one hit and throws the
 * 429 once over the limit, with a message that says it (`Too many <what>: at most 30 a minute. ...`).
 */
export function limitPerAccount(
  limiter: RateLimiter,
  name: string,
  settings: RateLimitSettings,
  what: string,
) {
  const window =
    settings.windowMs === 60_000 ? 'a minute' : `in ${Math.round(settings.windowMs / 1000)} seconds`;
  const message = `Too many ${what}: at most ${settings.limit.toLocaleString('en')} ${window}. Please wait a moment and try again.`;
  return (userId: number) => limiter.consume(`${name}:account`, String(userId), settings, what, message);
}

/**
 * Registration and forgot-password (and every login request): a 429 with Retry-After once one client address
 * (req.ip, which TRUST_PROXY decides) asks too often.
 */
export function limitRequests(
  limiter: RateLimiter,
  name: string,
  settings: RateLimitSettings,
  what: string,
): RequestHandler {
  return async (req: Request, _res, next) => {
    await limiter.consume(`${name}:address`, req.ip ?? req.socket.remoteAddress ?? '', settings, what);
    next();
  };
}
