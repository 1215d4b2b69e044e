// What one primary-key read costs through Knex against better-sqlite3 directly, in one process:
//   node --import tsx bench/knexOverhead.ts
// Figures for the /api/auth/me budget (each request reads a session and a user).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../api/src/db/knex.js';
import { migrateLatest } from '../api/src/db/migrate.js';

const N = Number(process.env.BENCH_QUERIES ?? 20_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-knex-'));
const db = createDb(`sqlite:${path.join(dir, 'bench.sqlite')}`);
await migrateLatest(db);
await db('users').insert({
  username: 'bench',
  username_key: 'bench',
  password_hash: 'x',
  status: 'approved',
  is_admin: false,
  is_monthly_subscriber: false,
  created_at: Date.now(),
});

async function timed(label: string, run: () => unknown): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < N; i++) await run();
  console.log(`${label.padEnd(34)} ${(((performance.now() - started) * 1000) / N).toFixed(1)} µs/query`);
}

await timed('knex query builder, .first()', () => db('users').where({ id: 1 }).first());
await timed('knex.raw', () => db.raw('select * from users where id = ? limit 1', [1]));
const raw = (await db.client.acquireConnection()) as {
  prepare(sql: string): { get(...args: unknown[]): unknown };
};
const statement = raw.prepare('select * from users where id = ? limit 1');
await timed('better-sqlite3, prepared once', () => statement.get(1));
await timed('better-sqlite3, prepared each time', () =>
  raw.prepare('select * from users where id = ? limit 1').get(1),
);
await db.client.releaseConnection(raw);
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
