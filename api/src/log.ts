// Structured logs (docs/decisions/0028-logs-shape-redaction.md): pino, one JSON line per event on stdout (pretty
// in development), a request id on every line of a request, and nothing in any line that opens an account.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type pinoPretty from 'pino-pretty';

export type { Logger } from 'pino';

/** What routers and services log through (RouterContext.log): a message, and the error if it is about one. */
export type Log = (message: string, error?: unknown) => void;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const REDACTED = '[Redacted]';

/** Object paths pino blanks before a line is written (headers, bodies and fields, if they are ever logged). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.body',
  'body.password',
  'body.newPassword',
  'body.token',
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'sid',
  'cookie',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.sid',
  '*.cookie',
];

// Secrets that may turn up inside any text: an argon2 hash, a signed session cookie, the session cookie header.
const ARGON2 = /\$argon2[a-z]*\$[^\s'",;)]*/g;
const SIGNED_COOKIE = /\bs(?::|%3A)[A-Za-z0-9_%-]+\.[A-Za-z0-9+/_%=-]+/g;
const SESSION_COOKIE = /(dond\.sid=)[^;\s'",]*/g;
// A reset token in a path or a query.
const RESET_PATH = /(\/(?:verify-reset-token|reset-password)\/)[^/?#\s'"]+/g;
const TOKEN_QUERY = /([?&](?:token|sid|session|password)=)[^&#\s'"]*/gi;
// A stage key, a secret like a stream key (decision 0033): /stage/{key} and /api/stage/{key}/..., whatever the key
// looks like (a mistyped one is nearly the real one) and in any case (Express routes paths case-insensitively).
// `/api/stage/key` is the route that replaces a key, not a key.
const STAGE_KEY_PATH = /(\/stage\/+)(?!key(?:[/?#\s'"]|$))[^/?#\s'"]+/gi;
// In error text only: a run of 32 or more URL-safe characters in both cases (a random id or token in base64url)
// or of hex digits (a hash, a hex id). Messages of our own are left alone: a file name of the outbox has such runs.
const RANDOM_RUN = /\b[A-Za-z0-9_-]{32,}\b/g;
const HEX_RUN = /\b[0-9a-fA-F]{32,}\b/g;
// Where the text of a query starts (knex puts the query with its values in front of the driver's message).
const SQL_START = /\b(select|insert|update|delete|replace|with|pragma)\s/i;

/** Blanks the secrets in a path (and query) before it is logged: a reset token, a stage key, a token in the query. */
export function scrubUrl(url: string): string {
  return url
    .replace(RESET_PATH, `$1${REDACTED}`)
    .replace(STAGE_KEY_PATH, `$1${REDACTED}`)
    .replace(TOKEN_QUERY, `$1${REDACTED}`);
}

function scrubCommon(text: string): string {
  return text
    .replace(ARGON2, REDACTED)
    .replace(SIGNED_COOKIE, REDACTED)
    .replace(SESSION_COOKIE, `$1${REDACTED}`)
    .replace(RESET_PATH, `$1${REDACTED}`)
    .replace(STAGE_KEY_PATH, `$1${REDACTED}`);
}

/**
 * Blanks every quoted literal of a query inside a text, from the first SQL keyword up to knex's ' - ' (which
 * starts the driver's own message, kept as it is).
 */
export function redactSqlLiterals(text: string): string {
  const start = text.search(SQL_START);
  if (start < 0) return text;
  let out = text.slice(0, start);
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += `${c}${REDACTED}${c}`;
      i = j + 1;
      continue;
    }
    if (text.startsWith(' - ', i)) return out + text.slice(i);
    out += c;
    i += 1;
  }
  return out;
}

/** The text of an error, made safe: query values, hashes, tokens, session ids and cookies blanked. */
export function scrubErrorText(text: string): string {
  return scrubCommon(redactSqlLiterals(text))
    .replace(TOKEN_QUERY, `$1${REDACTED}`)
    .replace(RANDOM_RUN, (run) => (/[a-z]/.test(run) && /[A-Z]/.test(run) ? REDACTED : run))
    .replace(HEX_RUN, REDACTED);
}

// The query and its values, as the drivers and knex attach them to their errors.
const DROPPED_ERROR_FIELDS = new Set(['sql', 'bindings', 'parameters', 'values', 'query']);

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubErrorText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > 6) return '[...]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED_ERROR_FIELDS.has(key)) continue;
    out[key] = scrubValue(v, depth + 1, seen);
  }
  return out;
}

/** pino's error serializer (type, message, stack, cause, own fields), then made safe by scrubErrorText. */
export function serializeError(error: unknown): unknown {
  const base = error instanceof Error ? pino.stdSerializers.err(error) : error;
  return scrubValue(base, 0, new WeakSet());
}

export interface LoggerOptions {
  level?: LogLevel;
  env?: string;
  /** Where lines go; stdout (fd 1) by default. A number is a file descriptor. */
  destination?: DestinationStream | number;
}

const requireCjs = createRequire(import.meta.url);

/** pino-pretty, a devDependency: only in development, and only if it is installed. */
function prettyStream(fd: number): DestinationStream | undefined {
  try {
    const pretty = requireCjs('pino-pretty') as typeof pinoPretty;
    return pretty({
      destination: fd,
      sync: true,
      colorize: Boolean(fd === 2 ? process.stderr.isTTY : process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      // A request's line on one line: its id, method, path, status and time; the rest (an error) below it.
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: '{if reqId}[{reqId}] {end}{msg}{if responseTime} {responseTime} ms{end}',
    });
  } catch {
    return undefined;
  }
}

/**
 * The process's logger: JSON lines (pretty in development), redacted. Messages are scrubbed of hashes, cookies
 * and tokens in paths; a reset link in a message keeps its token only in development, where the console is how
 * a laptop user without SMTP gets the link (DECISIONS.md, Mail).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = 'info', env = 'production', destination = 1 } = options;
  const development = env === 'development';
  const stream =
    typeof destination === 'number'
      ? ((development ? prettyStream(destination) : undefined) ??
        pino.destination({ fd: destination, sync: true }))
      : destination;
  const scrubMessage = development
    ? scrubCommon
    : (text: string) => scrubCommon(text).replace(TOKEN_QUERY, `$1${REDACTED}`);
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubMessage(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
}

/**
 * For a process that stops before it has its configuration (or cannot start): a logger with the defaults,
 * writing to stderr so whoever started the process sees why it stopped.
 */
export function startupLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  return createLogger({ level: 'info', env: env.NODE_ENV || 'development', destination: 2 });
}

// The logger of the request being served, so a line logged through `Log` anywhere in it carries its id.
const requestLoggers = new AsyncLocalStorage<Logger>();

/** The `Log` function over a logger: an error at level error with its (scrubbed) error, else info. */
export function logFunction(logger: Logger): Log {
  return (message, error) => {
    const current = requestLoggers.getStore() ?? logger;
    if (error === undefined) current.info(message);
    else current.error({ err: error }, message);
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A well-formed incoming X-Request-Id (a proxy's), or a new random one: never arbitrary input. */
export function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

const isHealth = (url: string) => url === '/api/health' || url.startsWith('/api/health?');
const urlOf = (req: IncomingMessage) => (req as Partial<Request>).originalUrl ?? req.url ?? '';

/**
 * The first step of every request: its id (X-Request-Id, both ways), a child logger with it for every line
 * logged while serving it, and one line when the answer is done with the status and the time taken.
 */
export function requestLogger(logger: Logger): RequestHandler {
  // Nothing to write (tests, benchmarks, LOG_LEVEL=silent): only the id, without pino-http's cost per request.
  if (logger.level === 'silent') {
    return (req, res, next) => {
      res.setHeader('X-Request-Id', requestId(req.headers['x-request-id']));
      next();
    };
  }
  const http = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    quietReqLogger: true,
    genReqId: (req, res) => {
      const id = requestId(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Health checks (polled by load balancers, e2e and benchmarks) and static files (by the hundred per page)
    // at debug; a failed answer elsewhere at error.
    customLogLevel: (req, res, error) => {
      const url = urlOf(req);
      if (isHealth(url)) return 'debug';
      if (error || res.statusCode >= 500) return 'error';
      return url.startsWith('/api/') ? 'info' : 'debug';
    },
    customSuccessMessage: (req, res) => `${req.method} ${scrubUrl(urlOf(req))} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${scrubUrl(urlOf(req))} ${res.statusCode}`,
    // A 5xx is an error of its own only when the answer failed (a socket error): the error handler has already
    // logged what caused the status, and pino-http's stand-in ('failed with status code') adds nothing.
    customErrorObject: (_req, res, error, value: Record<string, unknown>) =>
      (res as { err?: unknown }).err || !/^failed with status code \d+$/.test(error.message)
        ? value
        : { ...value, err: undefined },
    // Only what an operator reads; no headers, no body. Unwrapped: pino-std-serializers' copy of each request
    // (every header included) cost more than the rest of the request logger.
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({
        method: req.method,
        url: scrubUrl(req.originalUrl ?? req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  });
  return (req, res, next) => {
    http(req, res);
    requestLoggers.run(req.log, next);
  };
}
