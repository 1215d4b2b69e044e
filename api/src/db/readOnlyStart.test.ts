// The real server started on a SQLite file it may not write: it stops with a line that names the file (or the
// folder) and the permission, not SQLite's 'disk I/O error'. Run as root, the tests start the server as the
// user nobody: root writes whatever the permissions say, so a chmod alone would test nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../testing/serverProcess.js';
import { createDb } from './knex.js';
import { migrateLatest } from './migrate.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const user = asRoot ? { uid: NOBODY, gid: NOBODY } : {};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-readonly-'));
  // nobody must reach its own folders below (mkdtemp makes them 0700).
  if (asRoot) fs.chmodSync(dir, 0o755);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated database in a folder of its own, owned by the user the server runs as, with these modes. */
async function databaseIn(name: string, modes: { file: number; folder: number }): Promise<string> {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder);
  const file = path.join(folder, 'dond.sqlite');
  const db = createDb(`sqlite:${file}`);
  await migrateLatest(db);
  await db.destroy();
  if (asRoot) {
    fs.chownSync(folder, NOBODY, NOBODY);
    fs.chownSync(file, NOBODY, NOBODY);
  }
  fs.chmodSync(file, modes.file);
  fs.chmodSync(folder, modes.folder);
  return file;
}

/** Starts the server on `file` and answers its exit code and its fatal line. */
async function startOn(file: string): Promise<{ code: number | null; fatal: string }> {
  const server = await startServerProcess(
    { DATABASE_URL: `sqlite:${file}`, MAIL_OUTBOX: path.join(dir, 'outbox') },
    user,
  );
  expect(server.url, server.output).toBeUndefined();
  const code = await server.exited;
  return { code, fatal: server.logLines().find((line) => line.level === 60)?.msg ?? server.output };
}

describe('a SQLite database the server may not write, at start', () => {
  it('a read-only file, a read-only folder: each names what and the permission it needs', async () => {
    const [file, folderFile] = await Promise.all([
      databaseIn('file', { file: 0o444, folder: 0o755 }),
      databaseIn('folder', { file: 0o644, folder: 0o555 }),
    ]);
    // Both at once: each start from source takes a few seconds.
    const [readOnlyFile, readOnlyFolder] = await Promise.all([startOn(file), startOn(folderFile)]);
    expect(readOnlyFile.code).toBe(1);
    expect(readOnlyFile.fatal).toBe(
      `Could not start: The SQLite database file ${file} is read-only: the server's user needs write ` +
        `permission on the file and on its folder ${path.dirname(file)} (for the -wal file).`,
    );
    expect(readOnlyFolder.code).toBe(1);
    expect(readOnlyFolder.fatal).toBe(
      `Could not start: The folder ${path.dirname(folderFile)} of the SQLite database file ${folderFile} is ` +
        `read-only: the server's user needs write permission on the file and on its folder ` +
        `${path.dirname(folderFile)} (for the -wal file).`,
    );
  }, 30_000);
});
