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
}

/**
 * One SQL text (the same on both engines) for the hot paths. On SQLite it is prepared once per connection
 * of Knex's pool (Knex prepares every query anew, which costs more than the query), and still run on a
 * connection acquired from the pool, so it waits for a transaction in progress like any Knex query. On
 * MySQL it goes through knex.raw.
 */
export function prepared(db: Db, sql: string) {
  const statements = new WeakMap<SqliteConnection, SqliteStatement>();

  async function onSqlite<T>(use: (statement: SqliteStatement) => T): Promise<T> {
    const connection = (await db.client.acquireConnection()) as SqliteConnection;
    try {
      let statement = statements.get(connection);
      if (!statement) {
        statement = connection.prepare(sql);
        statements.set(connection, statement);
      }
      return use(statement);
    } finally {
      await db.client.releaseConnection(connection);
    }
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
    get: <Row>(params: SqlValue[]) => onSqlite((s) => s.get(...params) as Row | undefined),
    run: (params: SqlValue[]) => onSqlite((s) => ({ insertId: Number(s.run(...params).lastInsertRowid) })),
  };
}
