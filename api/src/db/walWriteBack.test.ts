// The background flush of the SQLite WAL (walWriteBack.ts), on real files and real timers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { usersRepo } from '../modules/users/users.repo.js';
import { createDb, walWriteBackOf, type Db } from './knex.js';
import { migrateLatest } from './migrate.js';
import { startWalWriteBack, WAL_WRITE_BACK_MS, type WalWriteBack } from './walWriteBack.js';

/** Waits (a few of the write-back's periods at most) until `check` holds. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 40 * WAL_WRITE_BACK_MS;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${40 * WAL_WRITE_BACK_MS} ms: ${what}`);
    await sleep(10);
  }
}

let dir = '';
let db: Db | undefined;
let writeBack: WalWriteBack | undefined;
afterEach(async () => {
  await writeBack?.stop();
  writeBack = undefined;
  await db?.destroy();
  db = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite WAL's write-back", () => {
  it('flushes the WAL after writes, not while nothing is written, and stops with the database', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-wal-'));
    const file = path.join(dir, 'dond.sqlite');
    db = createDb(`sqlite:${file}`);
    const flusher = walWriteBackOf(db)!;
    expect(flusher).toBeDefined();
    await migrateLatest(db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await eventually(() => flusher.flushes >= 1, 'a first flush after the migrations');

    // Nothing written: the WAL is not flushed again.
    const idle = flusher.flushes;
    await sleep(5 * WAL_WRITE_BACK_MS);
    expect(flusher.flushes).toBe(idle);

    // A write (a later second, so the WAL's change time moves on any file system): flushed again.
    await sleep(1000);
    await usersRepo(db).create({
      username: 'wal',
      email: null,
      passwordHash: 'x',
      status: 'approved',
      isAdmin: false,
      now: Date.now(),
    });
    await eventually(() => flusher.flushes > idle, 'a flush after a write');
    expect(flusher.lastError).toBeUndefined();

    // Stopped with the database: SQLite removes the WAL as it closes, and nothing flushes after.
    await db.destroy();
    db = undefined;
    const stopped = flusher.flushes;
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    await sleep(3 * WAL_WRITE_BACK_MS);
    expect(flusher.flushes).toBe(stopped);
  }, 20_000);

  it('waits for a WAL that does not exist yet, and flushes it once it does', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-wal-'));
    const file = path.join(dir, 'later.sqlite');
    writeBack = startWalWriteBack(file, { everyMs: 20 });
    await sleep(100);
    expect(writeBack.flushes).toBe(0);
    expect(writeBack.lastError).toBeUndefined();
    fs.writeFileSync(`${file}-wal`, 'frames');
    await eventually(() => writeBack!.flushes === 1, 'a flush of the new WAL');
  });

  it('reports a WAL it cannot open once, and goes on', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-wal-'));
    const file = path.join(dir, 'odd.sqlite');
    // A folder where the WAL should be: it can be stat'ed but not opened for writing.
    fs.mkdirSync(`${file}-wal`);
    const logged: string[] = [];
    writeBack = startWalWriteBack(file, { everyMs: 20, log: (message) => logged.push(message) });
    await eventually(() => writeBack!.lastError !== undefined, 'the failure');
    await sleep(100);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`flushing the SQLite WAL ${file}-wal failed`);
    expect(writeBack.flushes).toBe(0);
  });

  it('has nothing to flush for an in-memory database', async () => {
    db = createDb('sqlite::memory:');
    expect(walWriteBackOf(db)).toBeUndefined();
  });
});
