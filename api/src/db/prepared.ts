import type { Knex } from 'knex';
import { isMysql, type Db } from './knex.js';

/** What better-sqlite3 binds: booleans and Dates must be turned into numbers first. */
export type SqlValue = string | number | bigint | null;

interface SqliteStatement {
  get(...params: SqlValue[]): unknown;
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number | bigint };
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): { immediate(...args: A): R };
}

type Outcome = { ok: true; insertId: number } | { ok: false; error: unknown };
interface QueuedWrite {
  params: SqlValue[];
  resolve(value: { insertId: number }): void;
  reject(error: unknown): void;
}

/**
 * One SQL text (the same on both engines) for the hot paths. On SQLite it is prepared once per connection
 * of Knex's pool (Knex prepares every query anew, which costs more than the query), and still run on a
 * connection acquired from the pool, so it waits for a transaction in progress like any Knex query. On
 * MySQL it goes through knex.raw.
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

  async function onSqlite<T>(use: (connection: SqliteConnection) => T): Promise<T> {
    const connection = (await db.client.acquireConnection()) as SqliteConnection;
    try {
      return use(connection);
    } finally {
      await db.client.releaseConnection(connection);
    }
  }

  // Writes that arrive in the same turn of the event loop share one transaction, so one WAL commit instead
  // of one each (a commit writes every page the row touched: the table and each index). Each row still
  // succeeds or fails on its own (a failed statement does not end SQLite's transaction), and every caller
  // hears back only once the whole transaction has committed.
  let queue: QueuedWrite[] = [];
  const runOne = (statement: SqliteStatement, params: SqlValue[]): Outcome => {
    try {
      return { ok: true, insertId: Number(statement.run(...params).lastInsertRowid) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  async function flush() {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = await onSqlite((connection) => {
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
      if (outcome.ok) batch[i]!.resolve({ insertId: outcome.insertId });
      else batch[i]!.reject(outcome.error);
    });
  }

  if (isMysql(db)) {
    return {
      /** The first row, or undefined. */
      async get<Row>(params: SqlValue[]): Promise<Row | undefined> {
        const [rows] = (await db.raw(sql, params as readonly Knex.RawBinding[])) as unknown as [Row[]];
        return rows[0];
      },
      /** Runs a write; answers the new row's id for an insert into a table with an auto-increment key. */
      async run(params: SqlValue[]): Promise<{ insertId: number }> {
        const [result] = (await db.raw(sql, params as readonly Knex.RawBinding[])) as unknown as [
          { insertId: number },
        ];
        return { insertId: Number(result.insertId) };
      },
    };
  }
  return {
    get: <Row>(params: SqlValue[]) => onSqlite((c) => statementOn(c).get(...params) as Row | undefined),
    run: (params: SqlValue[]) =>
      new Promise<{ insertId: number }>((resolve, reject) => {
        queue.push({ params, resolve, reject });
        if (queue.length === 1) setImmediate(() => void flush());
      }),
  };
}
