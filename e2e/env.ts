// The test server's settings. The runner makes them once when it loads playwright.config.ts; its workers
// load the config again but inherit the environment, so every process agrees on one port and one folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on now, asked of the system (synchronously, so no top-level await is needed). */
function freePort(): number {
  const probe = `const s = require('node:net').createServer().listen(0, '127.0.0.1', () => {
    process.stdout.write(String(s.address().port)); s.close(); });`;
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dond-e2e-'));

const port = Number(process.env.E2E_PORT);
const dir = process.env.E2E_DIR;

export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** Holds the fresh SQLite database and the mail outbox; removed after the run. */
  dir,
  database: path.join(dir, 'dond.sqlite'),
  outbox: path.join(dir, 'outbox'),
  admin: { username: 'e2e_admin', password: 'e2e-admin-password' },
  sessionSecret: 'e2e-session-secret-that-is-long-enough-0123456789',
} as const;

export { CHROMIUM } from './chromium';
