import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { isDatabaseBusy, isDatabaseFileUnwritable, scrubQueryError } from './driverErrors.js';
import { watchDatabaseFile, type DatabaseFileWatch } from './fileWatch.js';
import { startWalWriteBack, type WalWriteBack } from './walWriteBack.js';

export type Db = Knex;

/**
 * How long a query may wait for a connection before the request gets a 503. A request must have its 503
 * within 2 s of the database going away; this leaves a second for the rest of it (registration hashes
 * the password before its insert, and a busy machine adds its own delay).
 */
export const CONNECTION_TIMEOUT_MS = 1000;

/** How long one query may run by default (DB_QUERY_TIMEOUT_MS) before its request gets a 503. */
export const DEFAULT_QUERY_TIMEOUT_MS = 5000;

/**
 * The longest SQLite waits for a lock held by another process. better-sqlite3 waits synchronously, so the
 * whole server stands still for this long: it stays short whatever the query limit (docs/decisions/0026-db-query-time-limits.md).
 */
const SQLITE_BUSY_TIMEOUT_MS = 1000;

export interface DbOptions {
  /** The time limit of one query, in ms; 0 for none (migrations from the command line). */
  queryTimeoutMs?: number;
  /** Where Knex's own warnings go (a lost connection, say) instead of the console. */
  log?: (message: string) => void;
  /** Told once if the SQLite file is removed or replaced under the open database (fileWatch.ts). */
  onFileLost?: (message: string) => void;
}

/** Knex's logger, sent to `log` when there is one. */
function knexLog(log: DbOptions['log']): Knex.Config['log'] {
  if (!log) return undefined;
  const write = (message: unknown) => log(`knex: ${String(message)}`);
  return { warn: write, error: write, deprecate: write, debug: write };
}

/** A query that met its time limit: its connection is destroyed and its request answers 503. */
export class QueryTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`Query timeout: no answer from the database within ${ms} ms`);
    this.name = 'QueryTimeoutError';
  }
}

/**
 * A Knex instance for `sqlite:<file>` (better-sqlite3) or `mysql://…` / `mariadb://…` (mysql2). A failed
 * query's error never carries its bound values (a password hash, a session id): Knex puts the query into the
 * message with placeholders only, and scrubQueryError drops the driver's copies of the values.
 */
export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const file = sqliteFile(databaseUrl);
  const watch =
    file !== undefined && file !== ':memory:'
      ? watchDatabaseFile(file, { onLost: options.onFileLost })
      : undefined;
  const db = connect(databaseUrl, options, watch);
  db.on('query-error', scrubQueryError);
  // A query that meets its time limit has its SQL and values attached after the hook above, on its builder.
  db.on('start', (builder: EventEmitter) => {
    if (!builder.listeners('query-error').includes(scrubQueryError))
      builder.on('query-error', scrubQueryError);
  });
  if (file !== undefined && watch) {
    const writeBack = startWalWriteBack(file, { log: options.log });
    writeBacks.set(db, writeBack);
    fileWatches.set(db, watch);
    // Stopped before the connection closes (knex.destroy() is the client's): SQLite removes the WAL file as
    // the last connection closes.
    const client = db.client as { destroy(callback?: (error?: unknown) => void): Promise<void> };
    const destroy = client.destroy.bind(client);
    client.destroy = async (callback) => {
      watch.stop();
      await writeBack.stop();
      return destroy(callback);
    };
  }
  return db;
}

const writeBacks = new WeakMap<Db, WalWriteBack>();
/** The background flush of a SQLite file's WAL (walWriteBack.ts); none for MySQL or an in-memory database. */
export function walWriteBackOf(db: Db): WalWriteBack | undefined {
  return writeBacks.get(db);
}

const fileWatches = new WeakMap<Db, DatabaseFileWatch>();
/** Whether a SQLite database's file is still the one it opened (fileWatch.ts); none for MySQL or in memory. */
export function databaseFileWatchOf(db: Db): DatabaseFileWatch | undefined {
  return fileWatches.get(db);
}

function sqliteFile(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : undefined;
}

function connect(databaseUrl: string, options: DbOptions, watch?: DatabaseFileWatch): Db {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  // Waiting for a connection (or for a new one to connect) never takes longer than a query may.
  const connectionTimeoutMs =
    queryTimeoutMs > 0 ? Math.min(CONNECTION_TIMEOUT_MS, queryTimeoutMs) : CONNECTION_TIMEOUT_MS;
  const filename = sqliteFile(databaseUrl);
  if (filename !== undefined) {
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
    const busyTimeoutMs =
      queryTimeoutMs > 0 ? Math.min(SQLITE_BUSY_TIMEOUT_MS, queryTimeoutMs) : SQLITE_BUSY_TIMEOUT_MS;
    return knexFactory({
      log: knexLog(options.log),
      client: 'better-sqlite3',
      connection: { filename },
      compileSqlOnError: false,
      useNullAsDefault: true,
      acquireConnectionTimeout: connectionTimeoutMs,
      pool: {
        min: 1,
        max: 1,
        afterCreate(
          conn: { pragma: (sql: string) => unknown; close: () => void },
          done: (err: Error | null, conn: unknown) => void,
        ) {
          // One process owns the file: the server's single connection holds it in exclusive locking mode,
          // set before WAL is entered, so SQLite keeps the WAL index in its own memory rather than a shared
          // -shm file it must lock and unlock (two system calls) around every statement, which cost a
          // request's session read more than the read itself. Another process (npm run migrate, the sqlite3
          // shell) waits busy_timeout for the file, then gets SQLITE_BUSY: stop the server first
          // (docs/decisions/0015).
          try {
            // The file's lock is taken here, once: if another process holds it, fail at once (better-sqlite3
            // would wait 5 s, with the whole server standing still) and let the pool try again; the request
            // gets its 503 at the acquire timeout.
            conn.pragma('busy_timeout = 0');
            conn.pragma('locking_mode = EXCLUSIVE');
            conn.pragma('journal_mode = WAL');
            conn.pragma('synchronous = NORMAL');
            conn.pragma('foreign_keys = ON');
            // better-sqlite3 runs in this process and synchronously: a query cannot be stopped midway, so
            // the time limit here is how long it waits for a lock (SQLITE_BUSY, a 503, after that).
            conn.pragma(`busy_timeout = ${busyTimeoutMs}`);
            // A checkpoint every 4,000 WAL pages (16 MB) rather than 1,000: a save writes about a dozen pages
            // (the row and its indexes), so checkpoints, which stall the saves waiting on them, come four
            // times rarer, and a page written many times between two checkpoints is copied once. The WAL is
            // flushed to disk in the background as it grows (walWriteBack.ts), so a checkpoint's sync is short.
            conn.pragma('wal_autocheckpoint = 4000');
          } catch (error) {
            // Knex does not close a connection whose set-up failed: every retry would leak a file handle.
            conn.close();
            return done(error as Error, conn);
          }
          watch?.opened();
          done(null, conn);
        },
      },
    });
  }
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  const db = knexFactory({
    log: knexLog(options.log),
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4',
      timezone: 'Z',
      connectTimeout: connectionTimeoutMs,
      supportBigNumbers: true,
    },
    compileSqlOnError: false,
    acquireConnectionTimeout: connectionTimeoutMs,
    pool: { min: 0, max: 10 },
  });
  if (queryTimeoutMs > 0) limitQueries(db, queryTimeoutMs);
  return db;
}

/** The part of a mysql2 connection that a timed-out query needs. */
interface MysqlConnection {
  __knex__disposed?: unknown;
  destroy(): void;
  stream?: { destroy(): void };
}
interface KnexClient {
  query(connection: MysqlConnection, query: unknown): Promise<unknown>;
}

/**
 * Every query on `db` (transactions included) fails with a QueryTimeoutError after `ms`. A stalled server
 * (stopped, or a network that drops packets) otherwise holds the query, its connection and its request for
 * as long as TCP takes to give up, minutes. The connection is destroyed at once rather than returned to the
 * pool: its query may still be in flight, so nothing else may run on it.
 */
function limitQueries(db: Db, ms: number): void {
  const client = db.client as { constructor: new (...args: never[]) => KnexClient };
  const Base = client.constructor;
  // Knex makes a transaction's client from its client's class (not the instance), so the limit goes on a
  // class of this instance's own.
  class LimitedClient extends Base {
    override query(connection: MysqlConnection, query: unknown): Promise<unknown> {
      const running = super.query(connection, query);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const error = new QueryTimeoutError(ms);
          connection.__knex__disposed = error;
          connection.destroy();
          connection.stream?.destroy();
          reject(error);
        }, ms);
        running.then(
          (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
    }
  }
  Object.setPrototypeOf(client, LimitedClient.prototype);
}

/**
 * Whether the database answers a trivial query within `withinMs` (the health check). On SQLite it reads the
 * schema, so a file that cannot be opened or is locked by another process counts as down.
 */
export async function databaseAnswers(db: Db, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const ping = db.raw(isMysql(db) ? 'select 1' : 'select 1 from sqlite_master limit 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What to tell someone whose start or migration failed on the SQLite file itself: another process holds it
 * (the server keeps it in exclusive locking mode), or the file or its folder is read-only; undefined for any
 * other error.
 */
export function databaseFileMessage(error: unknown, databaseUrl: string): string | undefined {
  const file = sqliteFile(databaseUrl);
  if (file === undefined || file === ':memory:') return undefined;
  if (isDatabaseBusy(error)) {
    return (
      `The SQLite database ${file} is in use by another process, most likely a running server. Stop it and ` +
      'try again (npm start migrates the database itself).'
    );
  }
  if (!isDatabaseFileUnwritable(error)) return undefined;
  // SQLite's own words ('disk I/O error') name neither the file nor the permission: the file system does.
  const folder = path.dirname(path.resolve(file));
  const needs = `the server's user needs write permission on the file and on its folder ${folder} (for the -wal file)`;
  if (fs.existsSync(file) && !writable(file))
    return `The SQLite database file ${file} is read-only: ${needs}.`;
  if (!writable(folder)) {
    return fs.existsSync(file)
      ? `The folder ${folder} of the SQLite database file ${file} is read-only: ${needs}.`
      : `The SQLite database file ${file} does not exist and its folder ${folder} is read-only: ${needs}.`;
  }
  return undefined;
}

/** Whether this process may write `target` (its effective user; a read-only mount counts). */
function writable(target: string): boolean {
  try {
    fs.accessSync(target, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function isMysql(db: Db): boolean {
  return db.client.config.client === 'mysql2';
}
