// The test servers' settings. The runner makes them once when it loads playwright.config.ts; its workers
// load the config again but inherit the environment, so every process agrees on the ports and the folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Ports nobody listens on now, asked of the system (synchronously, so no top-level await is needed). */
function freePorts(count: number): number[] {
  // Each probe stays open until all are taken, so no two get the same port; then all close and the probe exits.
  const probe = `const net = require('node:net'); const open = [];
    const next = () => { const s = net.createServer().listen(0, '127.0.0.1', () => { open.push(s);
      if (open.length < ${count}) return next();
      process.stdout.write(open.map((o) => o.address().port).join(',')); open.forEach((o) => o.close()); }); };
    next();`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8', timeout: 10_000 })
    .split(',')
    .map(Number);
}

/**
 * How many workers play at once, each against a server and a database of its own (E2E_WORKERS, 1 by default):
 * a test that publishes a tuning, clears the statistics or recovers a backup changes only its own server.
 */
export const WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 1) || 1));

process.env.E2E_PORTS ??= freePorts(WORKERS).join(',');
process.env.E2E_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'dond-e2e-'));

const ports = process.env.E2E_PORTS.split(',').map(Number);
const dir = process.env.E2E_DIR;

export interface E2EServer {
  port: number;
  baseURL: string;
  /** The server's fresh SQLite database. */
  database: string;
  /** The folder it writes mail to. */
  outbox: string;
}

export const E2E = {
  /** Holds each server's database and mail outbox; removed after the run. */
  dir,
  servers: ports.map((port, i): E2EServer => ({
    port,
    baseURL: `http://127.0.0.1:${port}`,
    database: path.join(dir, `dond-${i}.sqlite`),
    outbox: path.join(dir, `outbox-${i}`),
  })),
  admin: { username: 'e2e_admin', password: 'e2e-admin-password' },
  sessionSecret: 'e2e-session-secret-that-is-long-enough-0123456789',
} as const;

/** The server of the worker running this test (Playwright's parallelIndex: 0 to workers - 1). */
export const serverOf = (parallelIndex: number): E2EServer =>
  E2E.servers[parallelIndex % E2E.servers.length]!;

export { CHROMIUM } from './chromium';
