import { hash, randomBytes } from 'node:crypto';
import session, { type SessionData } from 'express-session';
import type { Db } from '../db/knex.js';
import { prepared } from '../db/prepared.js';
import {
  SESSION_USER_COLUMNS,
  toSessionUser,
  type SessionUser,
  type SessionUserRow,
} from '../modules/users/users.repo.js';

interface SessionRow {
  sid: string;
  sess: string;
  expires_at: number | string;
  user_id: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new session id: 256 random bits (express-session's own are 192), for express-session's `genid`. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The key a session is stored under: the SHA-256 of its id, so the table holds no id a cookie could carry.
 * The id is 256 random bits, so no key needs a salt or a secret to stay out of reach of a guess.
 */
export function sessionKey(sid: string): string {
  // One-shot: a Hash object would be one more weak handle for every young collection to sweep, per request.
  return hash('sha256', sid, 'base64url');
}

// The session and its user in one read, so the status and expiry check costs no second query. Plain SQL that
// both engines run as is; the user's columns keep their own names (no clash with the session's), and only
// those a request needs (never the password hash).
const USER_COLUMNS = SESSION_USER_COLUMNS.map((column) => `u.${column}`).join(', ');
const SESSION_WITH_USER = `select s.sess, s.expires_at, s.user_id as session_user_id, ${USER_COLUMNS}
  from sessions s left join users u on u.id = s.user_id where s.sid = ?`;

type SessionWithUserRow = Pick<SessionRow, 'sess' | 'expires_at'> & {
  session_user_id: number | string | null;
} & { [K in keyof SessionUserRow]: SessionUserRow[K] | null };

/** The user read with a session: `user` is null when the session's user no longer exists. */
export interface UserReadWithSession {
  userId: number;
  user: SessionUser | null;
}

// A symbol key: neither express-session's copy into the Session nor its JSON hash sees it.
const READ_WITH = Symbol('user read with the session');
type SessionDataWithUser = SessionData & { [READ_WITH]?: UserReadWithSession };
// Per request (on the request itself, under the same symbol), and taken once: a user read is never reused
// beyond the request whose session read it.
type RequestWithUser = { [READ_WITH]?: UserReadWithSession };

/** The user that this request's session read brought along, if it is the user `userId`; then forgotten. */
export function takeUserReadWithSession(req: object, userId: number): UserReadWithSession | undefined {
  const read = (req as RequestWithUser)[READ_WITH];
  if (read) (req as RequestWithUser)[READ_WITH] = undefined;
  return read?.userId === userId ? read : undefined;
}

/** The signed-in user's id as Passport keeps it in the session. */
function userIdOf(sess: SessionData): number | null {
  const id = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof id === 'number' ? id : null;
}

/**
 * express-session store on the app's own Knex, so sessions survive a restart and are shared by every API
 * instance. Rows are keyed by sessionKey(sid), never the id itself: a dump of the table opens no session.
 * Every failure reaches express-session's callback (and so the error handler as a 503); the query time limit
 * and Knex's connection timeout bound how long a call can wait.
 */
export class KnexSessionStore extends session.Store {
  private readonly sessionWithUser: ReturnType<typeof prepared>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.sessionWithUser = prepared(db, SESSION_WITH_USER);
  }

  // From the store's own clock (not the cookie's date), so one clock decides when a session ends.
  private expiry(sess: SessionData): number {
    return this.now() + (sess.cookie?.originalMaxAge ?? DAY_MS);
  }

  // On SQLite the read usually answers at once (db/prepared.ts), and express-session goes on in the same turn.
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.sessionWithUser.read<SessionWithUserRow>([sessionKey(sid)], (error, row) => {
      if (error) return callback(error);
      let sess: SessionDataWithUser | null = null;
      try {
        if (row && Number(row.expires_at) > this.now()) {
          sess = JSON.parse(row.sess) as SessionDataWithUser;
          if (row.session_user_id !== null) {
            const userId = Number(row.session_user_id);
            sess[READ_WITH] = { userId, user: row.id === null ? null : toSessionUser(row as SessionUserRow) };
          }
        }
      } catch (parseError) {
        return callback(parseError);
      }
      callback(null, sess);
    });
  }

  // express-session hands the session it got from get() over here with its request: the user read with it
  // goes to that request (for deserializeUser), and to nothing else.
  override createSession(req: Parameters<session.Store['createSession']>[0], sess: SessionData) {
    const read = (sess as SessionDataWithUser)[READ_WITH];
    if (read) {
      (req as RequestWithUser)[READ_WITH] = read;
    }
    return super.createSession(req, sess);
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const row = { sess: JSON.stringify(sess), expires_at: this.expiry(sess), user_id: userIdOf(sess) };
    this.db<SessionRow>('sessions')
      .insert({ sid: sessionKey(sid), ...row })
      .onConflict('sid')
      .merge(row)
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  // No touch(): a session lasts SESSION_MAX_AGE from login (rolling is off, so the cookie keeps its first
  // expiry too), so there is nothing to extend; without the method express-session skips the touch step.

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db<SessionRow>('sessions')
      .where({ sid: sessionKey(sid) })
      .delete()
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  /** Ends every session of a user, but one (the caller's own) if given. */
  async destroyUserSessions(userId: number, exceptSid?: string): Promise<void> {
    const query = this.db<SessionRow>('sessions').where({ user_id: userId });
    if (exceptSid) query.whereNot({ sid: sessionKey(exceptSid) });
    await query.delete();
  }

  async pruneExpired(): Promise<number> {
    return this.db<SessionRow>('sessions').where('expires_at', '<=', this.now()).delete();
  }
}
