import { isIP } from 'node:net';
import path from 'node:path';
import { passwordSchema, usernameSchema } from '@dond/shared';
import { z } from 'zod';
import { DEFAULT_QUERY_TIMEOUT_MS } from './db/knex.js';
import { HostAllowlist, HostListError, LOOPBACK_HOSTS } from './http/hostAllowlist.js';
import { LOG_LEVELS, type LogLevel } from './log.js';
import { DEFAULT_STAGE_STREAM_LIMITS, type StageStreamLimits } from './routerContext.js';

// loadConfig drops blank variables first, so an empty one counts as unset.
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry of Express's trust proxy list: a name of proxy-addr, an IP address, or a subnet in CIDR. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry) || isIP(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_RULE =
  'TRUST_PROXY must be false, the number of proxies in front of the server (e.g. 1), or a comma-separated ' +
  'list of their addresses: loopback, linklocal, uniquelocal, IP addresses or CIDR subnets (e.g. 10.0.0.0/8)';

/** A cap on open stage streams: a whole number from 1 to 1,000,000 in decimal digits ('1e3' is refused, as PORT's). */
const streamCap = (name: string) =>
  optional(
    z.preprocess(
      (v) => (typeof v === 'string' && !/^\s*\d+\s*$/.test(v) ? Number.NaN : v),
      z.coerce
        .number({ error: `${name} must be a whole number of streams, from 1 to 1000000` })
        .int({ error: `${name} must be a whole number of streams, from 1 to 1000000` })
        .min(1, { error: `${name} must be from 1 to 1000000` })
        .max(1_000_000, { error: `${name} must be from 1 to 1000000` }),
    ),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Decimal digits only: Number() would also read '0x50', '1e3' and ' ' (as 0, a random port).
    PORT: z
      .preprocess(
        (v) => (typeof v === 'string' && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v) ? Number.NaN : v),
        z.coerce
          .number({ error: 'PORT must be a number' })
          .int({ error: 'PORT must be a whole number' })
          .min(0, { error: 'PORT must be from 0 to 65535' })
          .max(65535, { error: 'PORT must be from 0 to 65535' }),
      )
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
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
    // Live game pushes between API instances (the streamer studio); unset, one process pushes to its own screens.
    REDIS_URL: optional(
      z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }),
    ),
    MAIL_FROM: z.string().default('Deals or No Deals <no-reply@localhost>'),
    MAIL_OUTBOX: z.string().default('data/outbox'),
    ADMIN_USERNAME: optional(usernameSchema),
    ADMIN_PASSWORD: optional(passwordSchema),
    // Express's 'trust proxy', without `true`: trusting every hop lets any client write its own address in
    // X-Forwarded-For and pass every per-address limit (docs/decisions/0029-errors-trust-proxy-and-error-pages.md).
    TRUST_PROXY: optional(
      z.string().transform((v, ctx): false | number | string => {
        if (v === 'false') return false;
        if (/^\d+$/.test(v)) return Number(v);
        const entries = v.split(',').map((entry) => entry.trim());
        const bad = v === 'true' ? 'true' : entries.find((entry) => !isProxyAddress(entry));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message:
              bad === 'true'
                ? `TRUST_PROXY=true trusts every hop, so any client could pick its own address and pass every rate limit: ${TRUST_PROXY_RULE}`
                : `'${bad}' is not a proxy address: ${TRUST_PROXY_RULE}`,
          });
          return z.NEVER;
        }
        return entries.join(', ');
      }),
    ),
    // Open stage streams in this process (docs/decisions/0044-stage-streams-bounded.md).
    STAGE_STREAMS_PER_KEY: streamCap('STAGE_STREAMS_PER_KEY'),
    STAGE_STREAMS_PER_ADDRESS: streamCap('STAGE_STREAMS_PER_ADDRESS'),
    // Where an audience source may connect (docs/decisions/0046-audience-source-hosts.md).
    AUDIENCE_SOURCE_HOSTS: optional(
      z.string().transform((v, ctx) => {
        try {
          return HostAllowlist.parse(v);
        } catch (error) {
          if (!(error instanceof HostListError)) throw error;
          ctx.addIssue({
            code: 'custom',
            message: `${error.message}: AUDIENCE_SOURCE_HOSTS is a comma-separated list of host names, IP addresses and CIDR ranges (e.g. localhost, 127.0.0.0/8, ::1, 192.168.1.0/24), or none`,
          });
          return z.NEVER;
        }
      }),
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
  })
  // The server speaks plain http behind a TLS-terminating proxy: unless it trusts that proxy's
  // X-Forwarded-Proto, it takes every request for http and never sends the Secure session cookie back.
  .refine(
    (env) =>
      !env.APP_URL?.startsWith('https:') ||
      (env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== false && env.TRUST_PROXY !== 0),
    {
      error:
        'APP_URL is https:// but TRUST_PROXY trusts no proxy: the server speaks http behind the TLS proxy, so it ' +
        'would take every request for plain http and never send the Secure session cookie (nobody could sign ' +
        'in). Set TRUST_PROXY to that proxy (e.g. 1 or loopback), or use an http:// APP_URL',
      path: ['TRUST_PROXY'],
    },
  );

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
  redisUrl: string | undefined;
  mailFrom: string;
  mailOutbox: string;
  admin: { username: string; password: string } | undefined;
  trustProxy: boolean | number | string | undefined;
  logLevel: LogLevel;
  /** The hosts an audience source may connect to (AUDIENCE_SOURCE_HOSTS). */
  audienceSourceHosts: HostAllowlist;
  /** The most stage streams open at once per stage key and per client address (STAGE_STREAMS_PER_*). */
  stageStreams: StageStreamLimits;
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value is a ConfigError naming the variable and the rule. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // A blank variable counts as unset (PORT='' is the default port, not a random one).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = envSchema.safeParse(set);
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
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    mailOutbox: path.resolve(cwd, e.MAIL_OUTBOX),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? 'info',
    // A public server reaches no streamer's computer, so it connects nowhere unless told.
    audienceSourceHosts:
      e.AUDIENCE_SOURCE_HOSTS ?? (e.NODE_ENV === 'production' ? HostAllowlist.parse('') : LOOPBACK_HOSTS),
    stageStreams: {
      perKey: e.STAGE_STREAMS_PER_KEY ?? DEFAULT_STAGE_STREAM_LIMITS.perKey,
      perAddress: e.STAGE_STREAMS_PER_ADDRESS ?? DEFAULT_STAGE_STREAM_LIMITS.perAddress,
    },
  };
}
