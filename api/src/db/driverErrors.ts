import { isDatabaseUnavailable } from '../http/errors.js';

// The one module that reads a database driver's error codes (mysql2, better-sqlite3, Knex). Repositories
// translate with it; services and routers see domain results, AppErrors or a DatabaseError, never a code.

interface DriverErrorFields {
  code?: unknown;
  errno?: unknown;
  name?: unknown;
}

const fields = (error: unknown): DriverErrorFields =>
  typeof error === 'object' && error !== null ? (error as DriverErrorFields) : {};

/** A duplicate key on either engine (MySQL 1062, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errno } = fields(error);
  return (
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** SQLite's file is held by another process (the server keeps it in exclusive locking mode). */
export function isDatabaseBusy(error: unknown): boolean {
  return fields(error).code === 'SQLITE_BUSY';
}

/**
 * SQLite could not open or write its file: a read-only file (the lock of exclusive mode fails with
 * SQLITE_IOERR_LOCK), a read-only folder (SQLITE_READONLY_DIRECTORY, no -wal file), or no file and no
 * right to create it (SQLITE_CANTOPEN). Which one it is, the file system says (knex.ts).
 */
export function isDatabaseFileUnwritable(error: unknown): boolean {
  const { code } = fields(error);
  return typeof code === 'string' && /^SQLITE_(READONLY|IOERR|CANTOPEN)/.test(code);
}

/** MySQL gave up a transaction to break a deadlock: it may be run again. */
export function isDeadlock(error: unknown): boolean {
  return fields(error).code === 'ER_LOCK_DEADLOCK';
}

/** A value longer than its column (MySQL 1406; SQLite has no length limit). */
export function isValueTooLong(error: unknown): boolean {
  const { code, errno } = fields(error);
  return code === 'ER_DATA_TOO_LONG' || errno === 1406;
}

/**
 * A failed query, as it leaves a repository: the driver's code and errno (which isDatabaseUnavailable and
 * the logs read), a message without values, and nothing else. The driver's own error stays behind (not
 * even as `cause`): mysql2 keeps the query with its bound values in `sql`, its `sqlMessage` quotes the
 * duplicate value, and Knex writes the query into the message; a registration's values hold a password hash.
 */
export class DatabaseError extends Error {
  readonly code?: string;
  readonly errno?: number;

  constructor(message: string, code?: string, errno?: number, name = 'DatabaseError') {
    super(message);
    this.name = name;
    if (code !== undefined) this.code = code;
    if (errno !== undefined) this.errno = errno;
  }
}

/** Whether an error came from the driver or Knex (and may carry SQL and values), rather than from our code. */
function isDriverError(error: unknown): error is Error {
  if (!(error instanceof Error) || error instanceof DatabaseError) return false;
  const e = error as Error & { sql?: unknown; bindings?: unknown; sqlMessage?: unknown };
  return (
    e.sql !== undefined ||
    e.bindings !== undefined ||
    e.sqlMessage !== undefined ||
    e.name === 'SqliteError' ||
    e.name === 'KnexTimeoutError' ||
    typeof (e as DriverErrorFields).errno === 'number' ||
    (typeof (e as DriverErrorFields).code === 'string' &&
      /^(ER_|SQLITE_|PROTOCOL_|E[A-Z]+$)/.test(String((e as DriverErrorFields).code)))
  );
}

/**
 * The error a repository rethrows for a failed query: a DatabaseError with the driver's code and errno, and
 * for a database that cannot be reached (which answers 503) its name too (KnexTimeoutError). Errors that
 * are not the driver's (an AppError, a bug in our code) pass through unchanged.
 */
export function safeDatabaseError(error: unknown): unknown {
  if (!isDriverError(error)) return error;
  const { code, errno } = fields(error);
  const safeCode = typeof code === 'string' ? code : undefined;
  const safeErrno = typeof errno === 'number' ? errno : undefined;
  if (isDatabaseUnavailable(error)) {
    const name = error.name === 'KnexTimeoutError' ? error.name : 'DatabaseError';
    // Said by the driver or Knex about the connection; with compileSqlOnError off, any query Knex puts in
    // front of it has placeholders, not values.
    return new DatabaseError(scrubbedMessage(error), safeCode, safeErrno, name);
  }
  return new DatabaseError(refusedMessage(error), safeCode, safeErrno);
}

/** Why a query was refused, in words that quote no value: the code, and MySQL's words where they hold none. */
function refusedMessage(error: Error): string {
  const { code, errno, sqlMessage } = error as DriverErrorFields & { sqlMessage?: unknown };
  const said = `The database refused a query (${String(code ?? errno ?? error.name)})`;
  // 'Data too long for column 'email' at row 1' names the column, not the value.
  if (isValueTooLong(error) && typeof sqlMessage === 'string') return `${said}: ${sqlMessage.slice(0, 200)}`;
  if (isValueTooLong(error))
    return `${said}: ${/Data too long for column '\w+'/.exec(error.message)?.[0] ?? ''}`;
  return said;
}

/** A connection problem's message, cut down to the driver's words (Knex prefixes the query's text). */
function scrubbedMessage(error: Error): string {
  const { sqlMessage } = error as { sqlMessage?: unknown };
  if (typeof sqlMessage === 'string') return `Database error: ${sqlMessage.slice(0, 200)}`;
  const parts = error.message.split(' - ');
  return parts[parts.length - 1]!.slice(0, 200);
}

/**
 * Knex's 'query-error' hook for every query of a Knex instance (createDb installs it): the error that is
 * about to be thrown loses the SQL with its values and any message quoting them, whoever catches it (the
 * session store, a router that queries directly). The repositories translate on top of this.
 */
export function scrubQueryError(error: unknown): void {
  if (!isDriverError(error)) return;
  const e = error as Error & Record<string, unknown>;
  const message = isDatabaseUnavailable(e) ? scrubbedMessage(e) : refusedMessage(e);
  for (const key of ['sql', 'bindings', 'sqlMessage', 'parameters', 'values']) {
    if (key in e) delete e[key];
  }
  e.message = message;
  // The stack's first line repeats the message it was made with.
  if (typeof e.stack === 'string')
    e.stack = `${e.name}: ${message}\n${e.stack.split('\n').slice(1).join('\n')}`;
}

/**
 * A repository whose every method rethrows a failed query as safeDatabaseError: wrap the object a repo
 * factory returns. Methods call each other through `this`, which stays the wrapped repository.
 */
export function translatingDriverErrors<T extends object>(repo: T): T {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(repo)) {
    wrapped[name] =
      typeof value === 'function'
        ? function (this: unknown, ...args: unknown[]) {
            try {
              const result: unknown = (value as (...a: unknown[]) => unknown).apply(this, args);
              return result instanceof Promise
                ? result.catch((error: unknown) => {
                    throw safeDatabaseError(error);
                  })
                : result;
            } catch (error) {
              throw safeDatabaseError(error);
            }
          }
        : value;
  }
  return wrapped as T;
}
