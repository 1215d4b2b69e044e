import session, { type SessionData } from 'express-session';
import type { Db } from '../db/knex.js';

interface SessionRow {
  sid: string;
  sess: string;
  expires_at: number | string;
  user_id: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in user's id as Passport keeps it in the session. */
function userIdOf(sess: SessionData): number | null {
  const id = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof id === 'number' ? id : null;
}

/**
 * express-session store on the app's own Knex, so sessions survive a restart and are shared by every API
 * instance. Every failure reaches express-session's callback (and so the error handler as a 503); Knex's
 * connection timeout bounds how long a call can wait.
 */
export class KnexSessionStore extends session.Store {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  // From the store's own clock (not the cookie's date), so one clock decides when a session ends.
  private expiry(sess: SessionData): number {
    return this.now() + (sess.cookie?.originalMaxAge ?? DAY_MS);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db<SessionRow>('sessions')
      .where({ sid })
      .first()
      .then((row) => {
        if (!row || Number(row.expires_at) <= this.now()) return callback(null, null);
        callback(null, JSON.parse(row.sess) as SessionData);
      })
      .catch((error: unknown) => callback(error));
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const row = { sess: JSON.stringify(sess), expires_at: this.expiry(sess), user_id: userIdOf(sess) };
    this.db<SessionRow>('sessions')
      .insert({ sid, ...row })
      .onConflict('sid')
      .merge(row)
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  // A session lasts SESSION_MAX_AGE from login (rolling is off, so the cookie keeps its first expiry too):
  // there is nothing to extend, and a write on every request would cost more than the request itself.
  override touch(_sid: string, _sess: SessionData, callback?: (err?: unknown) => void): void {
    callback?.();
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db<SessionRow>('sessions')
      .where({ sid })
      .delete()
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  /** Ends every session of a user, but one (the caller's own) if given. */
  async destroyUserSessions(userId: number, exceptSid?: string): Promise<void> {
    const query = this.db<SessionRow>('sessions').where({ user_id: userId });
    if (exceptSid) query.whereNot({ sid: exceptSid });
    await query.delete();
  }

  async pruneExpired(): Promise<number> {
    return this.db<SessionRow>('sessions').where('expires_at', '<=', this.now()).delete();
  }
}
