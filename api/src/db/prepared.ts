import type { Knex } from 'knex';
import { isMysql, type Db } from './knex.js';

/** What better-sqlite3 binds: booleans and Dates must be turned into numbers first. */
export type SqlValue = string | number | bigint | null;

/** A statement prepared on SQLite's connection (better-sqlite3). */
export interface SqliteStatement {
  get(...params: SqlValue[]): unknown;
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number | bigint };
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): { immediate(...args: A): R };
}

/** The events of Knex's tarn pool that say which connection is held. */
interface TarnPool {
  on(event: 'acquireSuccess', listener: (eventId: number, resource: object) => void): void;
  on(event: 'release', listener: (resource: object) => void): void;
  on(event: 'destroySuccess' | 'destroyFail', listener: (eventId: number, resource: object) => void): void;
  numPendingAcquires(): number;
}

/**
 * The connections of a pool that nobody holds right now, from the pool's own events: acquired (after its
 * validation) means held until released; a destroyed one is forgotten. Knex holds a connection from its
 * acquire to its release, a transaction for the whole transaction, so a connection known here and not held
 * is in no one's transaction.
 */
class IdleConnections {
  private readonly known = new Set<object>();
  private readonly held = new Set<object>();

  constructor(readonly pool: TarnPool) {
    pool.on('acquireSuccess', (_id, connection) => {
      this.known.add(connection);
      this.held.add(connection);
    });
    pool.on('release', (connection) => this.held.delete(connection));
    const forget = (_id: number, connection: object) => {
      this.known.delete(connection);
      this.held.delete(connection);
    };
    pool.on('destroySuccess', forget);
    pool.on('destroyFail', forget);
  }

  /** A connection nobody holds and nobody waits for, or undefined. */
  idle(): object | undefined {
    if (this.pool.numPendingAcquires() > 0) return undefined;
    for (const connection of this.known) if (!this.held.has(connection)) return connection;
    return undefined;
  }
}
const idleConnectionsOf = new WeakMap<object, IdleConnections>();
function idleConnections(db: Db): IdleConnections | undefined {
  const pool = (db.client as { pool?: TarnPool }).pool;
  if (!pool) return undefined;
  let tracker = idleConnectionsOf.get(pool);
  if (!tracker) {
    tracker = new IdleConnections(pool);
    idleConnectionsOf.set(pool, tracker);
  }
  return tracker;
}

type Outcome = { ok: true; insertId: number; changes: number } | { ok: false; error: unknown };
/** What a write did: the new row's id (an insert into an auto-increment table) and the rows it changed. */
export interface WriteResult {
  insertId: number;
  changes: number;
}
interface QueuedWrite {
  params: SqlValue[];
  resolve(value: WriteResult): void;
  reject(error: unknown): void;
}

/**
 * Runs `use` on a SQLite connection of Knex's pool: at once on the pool's idle connection (nobody holds it,
 * nobody waits for it: no transaction is open on it, and better-sqlite3 runs `use` to its end before anything
 * else can ask), else on one acquired from the pool, which waits for a transaction in progress and follows
 * the pool's timeouts (the 503 of an outage). Acquiring costs a pending operation, its timers and a chain of
 * promises on every call.
 */
async function onSqlite<T>(db: Db, use: (connection: SqliteConnection) => T): Promise<T> {
  const ready = idleConnections(db)?.idle() as SqliteConnection | undefined;
  if (ready) return use(ready);
  const connection = (await db.client.acquireConnection()) as SqliteConnection;
  try {
    return use(connection);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * One SQL text (the same on both engines) for the hot paths. On SQLite it is prepared once per connection
 * of Knex's pool (Knex prepares every query anew, which costs more than the query), and still run on a
 * connection of the pool (onSqlite), so it waits for a transaction in progress like any Knex query. On MySQL
 * it goes through knex.raw.
 */
export function prepared(db: Db, sql: string) {
  const statements = new WeakMap<SqliteConnection, SqliteStatement>();
  const statementOn = (connection: SqliteConnection) => {
    let statement = statements.get(connection);
    if (!statement) {
      statement = connection.prepare(sql);
      statements.set(connection, statement);
    }
    return statement;
  };

  // Writes that arrive in the same turn of the event loop share one transaction, so one WAL commit instead
  // of one each (a commit writes every page the row touched: the table and each index). Each row still
  // succeeds or fails on its own (a failed statement does not end SQLite's transaction), and every caller
  // hears back only once the whole transaction has committed.
  let queue: QueuedWrite[] = [];
  const runOne = (statement: SqliteStatement, params: SqlValue[]): Outcome => {
    try {
      const { lastInsertRowid, changes } = statement.run(...params);
      return { ok: true, insertId: Number(lastInsertRowid), changes };
    } catch (error) {
      return { ok: false, error };
    }
  };
  async function flush() {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = await onSqlite(db, (connection) => {
        const statement = statementOn(connection);
        if (batch.length === 1) return [runOne(statement, batch[0]!.params)];
        return connection
          .transaction((writes: QueuedWrite[]) => writes.map((w) => runOne(statement, w.params)))
          .immediate(batch);
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) batch[i]!.resolve({ insertId: outcome.insertId, changes: outcome.changes });
      else batch[i]!.reject(outcome.error);
    });
  }

  if (isMysql(db)) {
    const get = async <Row>(params: SqlValue[]): Promise<Row | undefined> => {
      const [rows] = (await db.raw(sql, params as readonly Knex.RawBinding[])) as unknown as [Row[]];
      return rows[0];
    };
    return {
      /** The first row, or undefined. */
      get,
      /** The first row to a callback: the same read as get(). */
      read<Row>(params: SqlValue[], callback: (error: unknown, row?: Row) => void): void {
        get<Row>(params).then(
          (row) => callback(null, row),
          (error: unknown) => callback(error),
        );
      },
      /** Runs a write; answers the new row's id for an insert into a table with an auto-increment key. */
      async run(params: SqlValue[]): Promise<WriteResult> {
        const [result] = (await db.raw(sql, params as readonly Knex.RawBinding[])) as unknown as [
          { insertId: number; affectedRows: number },
        ];
        return { insertId: Number(result.insertId), changes: Number(result.affectedRows) };
      },
    };
  }
  const get = <Row>(params: SqlValue[]) =>
    onSqlite(db, (c) => statementOn(c).get(...params) as Row | undefined);
  // Known from the start, so that the pool's first connection is seen being handed out.
  idleConnections(db);
  return {
    get,
    /**
     * The first row to a callback. On the pool's idle connection (no transaction on it, nobody waiting) the
     * read runs at once, and the callback with it: acquiring through the pool (two timers and a chain of
     * promises) costs several times the read. Otherwise it waits its turn on the pool as get() does.
     */
    read<Row>(params: SqlValue[], callback: (error: unknown, row?: Row) => void): void {
      const connection = idleConnections(db)?.idle() as SqliteConnection | undefined;
      if (!connection) {
        get<Row>(params).then(
          (row) => callback(null, row),
          (error: unknown) => callback(error),
        );
        return;
      }
      let row: Row | undefined;
      try {
        row = statementOn(connection).get(...params) as Row | undefined;
      } catch (error) {
        callback(error);
        return;
      }
      callback(null, row);
    },
    run: (params: SqlValue[]) =>
      new Promise<WriteResult>((resolve, reject) => {
        queue.push({ params, resolve, reject });
        if (queue.length === 1) setImmediate(() => void flush());
      }),
  };
}

/**
 * Several statements in one transaction, for the hot paths that write more than one row. On SQLite they are
 * prepared once per connection and the body runs them synchronously in one immediate transaction on a connection
 * of Knex's pool (onSqlite; Knex's own transaction, its builder and its BEGIN and COMMIT as queries of their
 * own, costs ten times the writes). Answers undefined on MySQL, where the caller runs its Knex transaction.
 */
export function preparedTransaction<Name extends string, Args extends unknown[], Result>(
  db: Db,
  sqls: Record<Name, string>,
  body: (statements: Record<Name, SqliteStatement>, ...args: Args) => Result,
): ((...args: Args) => Promise<Result>) | undefined {
  if (isMysql(db)) return undefined;
  idleConnections(db);
  const runs = new WeakMap<SqliteConnection, (...args: Args) => Result>();
  return (...args: Args) =>
    onSqlite(db, (connection) => {
      let run = runs.get(connection);
      if (!run) {
        const names = Object.keys(sqls) as Name[];
        const statements = Object.fromEntries(
          names.map((name) => [name, connection.prepare(sqls[name])]),
        ) as Record<Name, SqliteStatement>;
        const transaction = connection.transaction((...a: Args) => body(statements, ...a));
        run = (...a: Args) => transaction.immediate(...a);
        runs.set(connection, run);
      }
      return run(...args);
    });
}
