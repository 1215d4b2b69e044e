import path from 'node:path';
import { passwordSchema, usernameSchema } from '@dond/shared';
import { z } from 'zod';
import { DEFAULT_QUERY_TIMEOUT_MS } from './db/knex.js';
import { LOG_LEVELS, type LogLevel } from './log.js';

// An empty variable counts as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int({ error: 'PORT must be a whole number' })
      .min(0, { error: 'PORT must be from 0 to 65535' })
      .max(65535, { error: 'PORT must be from 0 to 65535' })
      .default(3000),
    HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .default('sqlite:data/dond.sqlite')
      .refine((url) => /^sqlite:.+/.test(url) || /^mysql:\/\/.+/.test(url) || /^mariadb:\/\/.+/.test(url), {
        error: 'DATABASE_URL must be sqlite:<file> or mysql://user:pass@host:port/db',
      }),
    SESSION_SECRET: optional(z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' })),
    SESSION_SECRET_FILE: optional(z.string()),
    DB_QUERY_TIMEOUT_MS: optional(
      z.coerce
        .number({ error: 'DB_QUERY_TIMEOUT_MS must be a number of milliseconds' })
        .int({ error: 'DB_QUERY_TIMEOUT_MS must be a whole number of milliseconds' })
        .min(100, { error: 'DB_QUERY_TIMEOUT_MS must be from 100 to 600000 (ms)' })
        .max(600_000, { error: 'DB_QUERY_TIMEOUT_MS must be from 100 to 600000 (ms)' }),
    ),
    APP_URL: optional(
      z.url({
        protocol: /^https?$/,
        error: 'APP_URL must be an http(s) URL such as https://game.example.com',
      }),
    ),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })),
    MAIL_FROM: z.string().default('Deals or No Deals <no-reply@localhost>'),
    MAIL_OUTBOX: z.string().default('data/outbox'),
    ADMIN_USERNAME: optional(usernameSchema),
    ADMIN_PASSWORD: optional(passwordSchema),
    // Express's 'trust proxy': true/false, a hop count, or addresses and subnets ('loopback', '10.0.0.0/8').
    TRUST_PROXY: optional(
      z
        .string()
        .regex(/^(true|false|\d+|[\w.:/,\s-]+)$/, {
          error: 'TRUST_PROXY must be true, false, a hop count or addresses',
        })
        .transform((v): boolean | number | string =>
          v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
        ),
    ),
    LOG_LEVEL: optional(
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }),
      ),
    ),
  })
  // A secret made on the server's own disk would differ on every instance and vanish with its container.
  .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET !== undefined, {
    error:
      'SESSION_SECRET is required when NODE_ENV=production: set it to a random string of at least 32 characters, for example the output of `openssl rand -base64 48`',
    path: ['SESSION_SECRET'],
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    error: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  sessionSecret: string | undefined;
  /** Where the secret is kept when SESSION_SECRET is unset (never in the database). */
  sessionSecretFile: string;
  dbQueryTimeoutMs: number;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutbox: string;
  admin: { username: string; password: string } | undefined;
  trustProxy: boolean | number | string | undefined;
  logLevel: LogLevel;
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value is a ConfigError naming the variable and the rule. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL.startsWith('sqlite:')
    ? `sqlite:${path.resolve(cwd, e.DATABASE_URL.slice('sqlite:'.length))}`
    : e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    sessionSecret: e.SESSION_SECRET,
    // Beside the SQLite file (a copy of the database file alone opens no session), else under the working folder.
    sessionSecretFile: e.SESSION_SECRET_FILE
      ? path.resolve(cwd, e.SESSION_SECRET_FILE)
      : databaseUrl.startsWith('sqlite:')
        ? path.join(path.dirname(databaseUrl.slice('sqlite:'.length)), 'session-secret')
        : path.resolve(cwd, 'data/session-secret'),
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS ?? DEFAULT_QUERY_TIMEOUT_MS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutbox: path.resolve(cwd, e.MAIL_OUTBOX),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
}
