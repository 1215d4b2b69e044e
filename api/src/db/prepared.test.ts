// The prepared statements of the hot paths on a real database (SQLite, or MariaDB with TEST_MYSQL_URL). On
// SQLite the writes of one event-loop turn share a transaction: these calls all land in the same one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playGame } from '../testing/games.js';
import { freshDatabase, type TestDatabase } from '../testing/testServer.js';
import { gamesRepo } from '../modules/games/games.repo.js';
import { usersRepo } from '../modules/users/users.repo.js';
import { createDb, isMysql, type Db } from './knex.js';
import { migrateLatest } from './migrate.js';
import { prepared, preparedTransaction } from './prepared.js';

let database: TestDatabase;
let db: Db;
let owner: { id: number; username: string };

beforeAll(async () => {
  database = await freshDatabase();
  db = createDb(database.url);
  await migrateLatest(db);
  const user = await usersRepo(db).create({
    username: 'writer',
    email: null,
    passwordHash: 'x',
    status: 'approved',
    isAdmin: false,
    now: Date.now(),
  });
  owner = { id: user!.id, username: user!.username };
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('saves started together', () => {
  it('each get their own answer: new rows their ids, a duplicate among them null, nothing lost', async () => {
    const games = gamesRepo(db);
    const payloads = Array.from({ length: 8 }, (_, i) => playGame({ seed: 300 + i, dealInRound: 2 }));
    // All started in one turn, the duplicate of the third in the middle of them.
    const results = await Promise.all([
      ...payloads.slice(0, 4).map((p) => games.insert(owner, p, 1)),
      games.insert(owner, payloads[2]!, 1),
      ...payloads.slice(4).map((p) => games.insert(owner, p, 1)),
    ]);
    // One of the third game's two saves finds the other's row: on SQLite the later one (one transaction, in
    // order); on MySQL, whose pool runs them side by side, whichever commits second.
    expect([results[2], results[4]].filter((r) => r === null)).toHaveLength(1);
    const created = results.filter((r) => r !== null);
    expect(created).toHaveLength(8);
    const rows = await db('games').whereIn(
      'client_game_id',
      payloads.map((p) => p.clientGameId),
    );
    expect(rows).toHaveLength(8);
    for (const record of created) {
      const row = rows.find((r) => r.client_game_id === record.clientGameId);
      expect(Number(row.id)).toBe(record.id);
    }
  });

  it('reject only their own caller on another error', async () => {
    const insertUser = prepared(
      db,
      'insert into users (username, username_key, password_hash, status, is_admin, is_monthly_subscriber, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const row = (name: string, hash: string | null) => [name, name, hash, 'pending', 0, 0, 1];
    const outcomes = await Promise.allSettled([
      insertUser.run(row('first_one', 'x')),
      insertUser.run(row('no_hash', null)), // NOT NULL
      insertUser.run(row('third_one', 'x')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const names = (await db('users').whereIn('username', ['first_one', 'no_hash', 'third_one'])).map(
      (u) => u.username,
    );
    expect(names.sort()).toEqual(['first_one', 'third_one']);
  });

  it('wait for a Knex transaction in progress, then write (SQLite: the pool holds its one connection)', async () => {
    const insertUser = prepared(
      db,
      'insert into users (username, username_key, password_hash, status, is_admin, is_monthly_subscriber, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    let committed = false;
    let written: Promise<boolean> | undefined;
    await db.transaction(async (trx) => {
      await trx('users').where({ username: 'writer' }).update({ is_monthly_subscriber: true });
      written = insertUser.run(['run_in_tx', 'run_in_tx', 'x', 'pending', 0, 0, 1]).then(() => committed);
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    committed = true;
    if (!isMysql(db)) expect(await written!).toBe(true);
    expect(await db('users').where({ username: 'run_in_tx' })).toHaveLength(1);
  });

  it("on SQLite run on the pool's idle connection without asking the pool for it", async () => {
    if (isMysql(db)) return;
    const pool = (
      db.client as {
        pool: { on(e: string, l: () => void): void; removeListener(e: string, l: () => void): void };
      }
    ).pool;
    let asked = 0;
    const onAsk = () => asked++;
    pool.on('acquireRequest', onAsk);
    try {
      const insertUser = prepared(
        db,
        'insert into users (username, username_key, password_hash, status, is_admin, is_monthly_subscriber, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      );
      const before = asked;
      await Promise.all(['idle_a', 'idle_b'].map((n) => insertUser.run([n, n, 'x', 'pending', 0, 0, 1])));
      expect(asked).toBe(before);
      // While Knex holds the connection, the write waits for it through the pool.
      let held: Promise<unknown> | undefined;
      await db.transaction(async (trx) => {
        await trx('users').where({ username: 'writer' }).update({ is_monthly_subscriber: false });
        held = insertUser.run(['idle_c', 'idle_c', 'x', 'pending', 0, 0, 1]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      await held;
      expect(asked).toBeGreaterThan(before);
    } finally {
      pool.removeListener('acquireRequest', onAsk);
    }
    expect(await db('users').whereIn('username', ['idle_a', 'idle_b', 'idle_c'])).toHaveLength(3);
  });

  it('are read back by a prepared get', async () => {
    const byName = prepared(db, 'select id, username from users where username_key = ?');
    expect(await byName.get<{ username: string }>(['first_one'])).toMatchObject({ username: 'first_one' });
    expect(await byName.get(['nobody'])).toBeUndefined();
  });
});

describe('a read to a callback', () => {
  const count = () => prepared(db, 'select count(*) as n from users');
  const readCount = (statement: ReturnType<typeof count>) =>
    new Promise<number>((resolve, reject) =>
      statement.read<{ n: number | string }>([], (error, row) =>
        error ? reject(error) : resolve(Number(row!.n)),
      ),
    );

  it('answers in the same turn on an idle SQLite connection (on MySQL, later), with the row', async () => {
    const statement = count();
    await statement.get([]); // the pool has made and handed out its connection once
    let turn = 'same';
    let answeredIn: string | undefined;
    statement.read([], () => {
      answeredIn = turn;
    });
    turn = 'later';
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answeredIn).toBe(isMysql(db) ? 'later' : 'same');
    expect(await readCount(statement)).toBe(Number((await db('users').count({ n: '*' }))[0]!.n));
  });

  it('never reads from inside a transaction in progress: on SQLite it waits for the commit', async () => {
    const statement = count();
    const before = await readCount(statement);
    let committed = false;
    let seen: Promise<{ n: number; afterCommit: boolean }> | undefined;
    await db.transaction(async (trx) => {
      await usersRepo(trx).create({
        username: 'in_transaction',
        email: null,
        passwordHash: 'x',
        status: 'pending',
        isAdmin: false,
        now: Date.now(),
      });
      seen = readCount(statement).then((n) => ({ n, afterCommit: committed }));
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    committed = true;
    const { n, afterCommit } = await seen!;
    expect(n).toBe(afterCommit ? before + 1 : before);
    if (!isMysql(db)) expect(afterCommit).toBe(true);
  });
});

describe('statements in one prepared transaction', () => {
  const users = (prefix: string) =>
    db('users').where('username', 'like', `${prefix}%`).count({ n: '*' }).first();
  const writer = () =>
    preparedTransaction(
      db,
      {
        insert:
          "insert into users (username, username_key, password_hash, status, is_admin, is_monthly_subscriber, created_at) values (?, ?, 'x', 'approved', 0, 0, ?)",
      },
      (sql, names: string[]) => {
        for (const name of names) sql.insert.run(name, name, Date.now());
        return names.length;
      },
    );

  it('on SQLite writes every row, or none when one fails; on MySQL leaves the transaction to Knex', async () => {
    const write = writer();
    if (isMysql(db)) {
      expect(write).toBeUndefined();
      return;
    }
    expect(await write!(['tx_a1', 'tx_a2'])).toBe(2);
    expect(Number((await users('tx_a'))!.n)).toBe(2);
    // The second name repeats the first: its insert fails, and the first is rolled back with it.
    await expect(write!(['tx_b1', 'tx_b1'])).rejects.toThrow(/UNIQUE/);
    expect(Number((await users('tx_b'))!.n)).toBe(0);
  });

  it('waits for a Knex transaction in progress, then writes', async () => {
    const write = writer();
    if (!write) return;
    let committed = false;
    let written: Promise<boolean> | undefined;
    await db.transaction(async (trx) => {
      await trx('users').where({ username: 'writer' }).update({ is_monthly_subscriber: true });
      written = write(['tx_c1']).then(() => committed);
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    committed = true;
    expect(await written!).toBe(true);
    expect(Number((await users('tx_c'))!.n)).toBe(1);
  });
});
