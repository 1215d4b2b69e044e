import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';

const MIN_LENGTH = 32;

/**
 * The secret that signs session cookies: SESSION_SECRET when set (required in production, config.ts),
 * otherwise the one kept in `file`, made on the first start readable by its owner alone. Never the database:
 * whoever reads a dump of it must not be able to sign a cookie (docs/decisions/0027-db-session-secrets.md).
 */
export function sessionSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': never over a file another process made at the same moment; theirs is read instead.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecret(file) ?? secret;
  }
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_SECRET_FILE: ${file} must hold a secret of at least ${MIN_LENGTH} characters (delete it to have a new one made, which signs everyone out)`,
    );
  }
  return secret;
}
