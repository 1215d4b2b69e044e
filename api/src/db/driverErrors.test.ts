import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors.js';
import { freshDatabase, type TestDatabase } from '../testing/testServer.js';
import {
  DatabaseError,
  isUniqueViolation,
  safeDatabaseError,
  translatingDriverErrors,
} from './driverErrors.js';
import { createDb, isMysql, type Db } from './knex.js';
import { migrateLatest } from './migrate.js';

// Runs on SQLite, and on MariaDB when TEST_MYSQL_URL is set (scripts/mariadb-test.sh).

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash';
const shown = (error: unknown) =>
  `${inspect(error, { depth: 10 })} ${JSON.stringify(error)} ${String((error as Error).stack)}`;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the query was expected to fail');
    },
    (error: unknown) => error,
  );

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = createDb(database.url);
  await migrateLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('a failed query', () => {
  it('keeps its code but neither its SQL values nor a message quoting them', async () => {
    await db('settings').insert({ name: 'dupe', value: SECRET });
    const error = await failure(db('settings').insert({ name: 'dupe', value: SECRET }));
    expect(isUniqueViolation(error)).toBe(true);
    expect(shown(error)).not.toContain(SECRET);
    expect(shown(error)).not.toContain('dupe');
  });

  it('that meets its time limit is still a database that cannot answer, without its values', async () => {
    if (!isMysql(db)) return; // better-sqlite3 runs a query to its end before any timer can fire
    const error = await failure(db.raw('select sleep(2), ? as secret', [SECRET]).timeout(100));
    expect((error as Error).name).toBe('KnexTimeoutError');
    expect(shown(error)).not.toContain(SECRET);
    const translated = safeDatabaseError(error);
    expect(translated).toBeInstanceOf(DatabaseError);
    expect(isDatabaseUnavailable(translated)).toBe(true);
    expect(shown(translated)).not.toContain(SECRET);
  });
});

describe('translatingDriverErrors', () => {
  const repo = translatingDriverErrors({
    async insertTwice(value: string) {
      await db('settings').insert({ name: 'twice', value });
      await db('settings').insert({ name: 'twice', value });
    },
    async mine(): Promise<never> {
      throw new RangeError('not a database error');
    },
    self() {
      return this;
    },
  });

  it('rethrows a driver error as a DatabaseError with only its code', async () => {
    const error = await failure(repo.insertTwice(SECRET));
    expect(error).toBeInstanceOf(DatabaseError);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as Error).cause).toBeUndefined();
    expect(shown(error)).not.toContain(SECRET);
  });

  it('lets errors of its own code through, and keeps `this`', async () => {
    expect(await failure(repo.mine())).toBeInstanceOf(RangeError);
    expect(repo.self()).toBe(repo);
  });

  it('keeps a lost database a 503 (isDatabaseUnavailable)', async () => {
    const gone = createDb(database.url);
    await gone.destroy();
    const lost = translatingDriverErrors({ read: () => gone('settings').first() });
    const error = await failure(lost.read());
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
