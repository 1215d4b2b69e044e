// The watch of a SQLite file (fileWatch.ts) on real files: what the path names against what the server opened.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE_CHECK_MS } from './fileWatch.js';
import { createDb, databaseFileWatchOf, type Db } from './knex.js';

let dir: string;
let file: string;
let db: Db;
let told: string[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-watch-'));
  file = path.join(dir, 'dond.sqlite');
  told = [];
  db = createDb(`sqlite:${file}`, { onFileLost: (message) => told.push(message) });
  await db.raw('create table t (x integer)');
});
afterEach(async () => {
  vi.useRealTimers();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const watch = () => databaseFileWatchOf(db)!;

describe('the SQLite file watch', () => {
  it('says nothing while the file is the one opened, WAL checkpoints and all', async () => {
    await db.raw('insert into t values (1)');
    await db.raw('pragma wal_checkpoint(truncate)');
    expect(watch().check()).toBeUndefined();
    expect(told).toEqual([]);
  });

  it('a removed file is lost for good, told once, though SQLite still writes into it', async () => {
    fs.rmSync(file);
    const lost = watch().check();
    expect(lost).toContain(`The SQLite database file ${file} was removed while the server was running`);
    // What makes it dangerous: nothing fails.
    await db.raw('insert into t values (2)');
    expect(watch().check()).toBe(lost);
    expect(told).toEqual([lost]);
  });

  it('another file moved into its place (a backup put back with mv) is lost too', async () => {
    fs.copyFileSync(file, `${file}.backup`);
    fs.renameSync(`${file}.backup`, file);
    expect(watch().check()).toContain('was replaced by another file');
  });

  it('the timer finds it with no request at all, within DATABASE_FILE_CHECK_MS', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // The watch's timer started with the first connection, before the fake clock: a new one starts on it.
    watch().stop();
    watch().opened();
    fs.rmSync(file);
    vi.advanceTimersByTime(DATABASE_FILE_CHECK_MS - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toHaveLength(1);
    expect(watch().lost).toContain('was removed');
  });

  it('a connection made again after the file was removed opens a new empty file: lost', async () => {
    await db.destroy();
    fs.rmSync(file);
    db.initialize();
    await db.raw('select 1');
    expect(fs.existsSync(file)).toBe(true);
    expect(watch().lost).toContain('was replaced by another file');
  });

  it('a connection made again on the same file is fine (the pool closed and reopened)', async () => {
    await db.destroy();
    db.initialize();
    await db.raw('select count(*) from t');
    expect(watch().check()).toBeUndefined();
  });
});
