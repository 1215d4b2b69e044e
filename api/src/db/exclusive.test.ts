import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './knex.js';
import { migrateLatest } from './migrate.js';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run migrate`'s program, from source, on the SQLite file `file`. */
function migrateCli(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@dond/source', '--import', 'tsx', 'src/db/migrateCli.ts'],
      { cwd: API_DIR, env: { ...process.env, DATABASE_URL: `sqlite:${file}`, NODE_ENV: 'test' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// knex.ts: the server's connection holds the SQLite file in exclusive locking mode.
describe('the SQLite file while a server holds it', () => {
  let dir = '';
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is refused to another process with a clear message, and free again once the server stops', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-exclusive-'));
    const file = path.join(dir, 'dond.sqlite');
    db = createDb(`sqlite:${file}`);
    await migrateLatest(db);
    expect(await db.raw('pragma locking_mode')).toEqual([{ locking_mode: 'exclusive' }]);
    // No shared-memory WAL index: the index lives in the connection's own memory.
    expect(fs.existsSync(`${file}-shm`)).toBe(false);

    const refused = await migrateCli(file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The SQLite database ${file} is in use by another process, most likely a running server. Stop it and try again`,
    );
    // The owner is unharmed.
    expect(await db('users').count({ n: '*' })).toEqual([{ n: 0 }]);

    await db.destroy();
    db = undefined;
    const after = await migrateCli(file);
    expect(after).toMatchObject({ code: 0, stdout: 'Already up to date.\n' });
  }, 30_000);
});
