import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { isDatabaseBusy, scrubQueryError } from './driverErrors.js';

export type Db = Knex;

/**
 * How long a query may wait for a connection before the request gets a 503. A request must have its 503
 * within 2 s of the database going away; this leaves a second for the rest of it (registration hashes
 * the password before its insert, and a busy machine adds its own delay).
 */
export const CONNECTION_TIMEOUT_MS = 1000;

/**
 * A Knex instance for `sqlite:<file>` (better-sqlite3) or `mysql://…` / `mariadb://…` (mysql2). A failed
 * query's error never carries its bound values (a password hash, a session id): Knex puts the query into the
 * message with placeholders only, and scrubQueryError drops the driver's copies of the values.
 */
export function createDb(databaseUrl: string): Db {
  const db = connect(databaseUrl);
  db.on('query-error', scrubQueryError);
  // A query that meets its time limit has its SQL and values attached after the hook above, on its builder.
  db.on('start', (builder: EventEmitter) => {
    if (!builder.listeners('query-error').includes(scrubQueryError))
      builder.on('query-error', scrubQueryError);
  });
  return db;
}

function connect(databaseUrl: string): Db {
  if (databaseUrl.startsWith('sqlite:')) {
    const filename = databaseUrl.slice('sqlite:'.length);
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      compileSqlOnError: false,
      useNullAsDefault: true,
      acquireConnectionTimeout: CONNECTION_TIMEOUT_MS,
      pool: {
        min: 1,
        max: 1,
        afterCreate(
          conn: { pragma: (sql: string) => unknown },
          done: (err: Error | null, conn: unknown) => void,
        ) {
          // One process owns the file: the server's single connection holds it in exclusive locking mode,
          // set before WAL is entered, so SQLite keeps the WAL index in its own memory rather than a shared
          // -shm file it must lock and unlock (two system calls) around every statement, which cost a
          // request's session read more than the read itself. Another process (npm run migrate, the sqlite3
          // shell) waits busy_timeout for the file, then gets SQLITE_BUSY: stop the server first
          // (docs/decisions/0015).
          conn.pragma('locking_mode = EXCLUSIVE');
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 1000');
          // A checkpoint every 4,000 WAL pages (16 MB) rather than 1,000: a save writes about a dozen pages
          // (the row and its indexes), so checkpoints, which stall the saves waiting on them, come four times
          // rarer, and a page written many times between two checkpoints is copied once.
          conn.pragma('wal_autocheckpoint = 4000');
          done(null, conn);
        },
      },
    });
  }
  const url = new URL(databaseUrl.replace(/^mariadb:/, 'mysql:'));
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4',
      timezone: 'Z',
      connectTimeout: CONNECTION_TIMEOUT_MS,
      supportBigNumbers: true,
    },
    compileSqlOnError: false,
    acquireConnectionTimeout: CONNECTION_TIMEOUT_MS,
    pool: { min: 0, max: 10 },
  });
}

/**
 * What to tell someone whose start or migration failed because another process holds the SQLite file (the
 * server keeps it in exclusive locking mode); undefined for any other error.
 */
export function databaseInUseMessage(error: unknown, databaseUrl: string): string | undefined {
  if (!isDatabaseBusy(error)) return undefined;
  return (
    `The SQLite database ${databaseUrl.slice('sqlite:'.length)} is in use by another process, most likely ` +
    'a running server. Stop it and try again (npm start migrates the database itself).'
  );
}

export function isMysql(db: Db): boolean {
  return db.client.config.client === 'mysql2';
}
