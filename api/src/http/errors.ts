import { STATUS_CODES, type Server } from 'node:http';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { reportedIssue } from '@dond/shared';
import { z } from 'zod';

/** The one error type the API throws: a status, a message for the client, and the field it is about. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer's JSON besides `error` and `field` (a live game's `phase` and `expectedSeq`). */
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please log in first') => new AppError(401, message);
export const forbidden = (message = "You don't have admin privileges") => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const unprocessable = (message: string, field?: string) => new AppError(422, message, field);

export const DATABASE_UNAVAILABLE =
  'The game database is unavailable right now. Please try again in a moment.';

/** The SQLite file was removed or replaced under the server (db/fileWatch.ts): no retry helps until a restart. */
export const DATABASE_FILE_LOST =
  'The game database cannot save anything right now: the server must be restarted by its operator.';
export const databaseFileLost = () => new AppError(503, DATABASE_FILE_LOST);

/** A 400 from the first issue of a zod validation, naming the field and the rule. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = reportedIssue(error.issues);
  return badRequest(issue?.message ?? 'Invalid request', issue?.field || undefined);
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

/** Whether an error means the database cannot be reached (as opposed to a bug or a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (DB_DOWN_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
  return (
    error.name === 'KnexTimeoutError' ||
    /Unable to acquire a connection|Knex: Timeout acquiring a connection|connect ECONNREFUSED|Connection lost|The database connection is not open/i.test(
      error.message,
    )
  );
}

// A full disk or a full table: the server cannot write until an operator makes room, like a dead database
// (SQLite's SQLITE_FULL; MySQL/MariaDB's table full 1114, disk full 1021, out of memory 1041, and errno 28 of
// the storage engine or the OS).
const DB_FULL_CODES = new Set([
  'SQLITE_FULL',
  'ER_RECORD_FILE_FULL',
  'ER_DISK_FULL',
  'ER_OUT_OF_RESOURCES',
  'ENOSPC',
]);
const DB_FULL_ERRNOS = new Set([1114, 1021, 1041]);

/** Whether an error means the database (or its disk) is full, so no write can succeed for now. */
export function isDatabaseFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    (typeof code === 'string' && DB_FULL_CODES.has(code)) ||
    (typeof errno === 'number' && DB_FULL_ERRNOS.has(errno)) ||
    /No space left on device|database or disk is full/i.test(error.message)
  );
}

/**
 * The 4xx status that Express, its router or a middleware put on an error (`status` or `statusCode`, as
 * http-errors and the router's URIError for a malformed percent-encoding do), or undefined.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value < 500
    ? value
    : undefined;
}

/**
 * The client error an error from Express or a middleware stands for, as an AppError: its status, and its
 * message when it is meant for the client (`expose`), else the status's own words: never a stack, never a
 * 500 for a bad request.
 */
export function clientError(error: unknown): AppError | undefined {
  const status = clientErrorStatus(error);
  if (status === undefined) return undefined;
  const { expose, message } = error as { expose?: unknown; message?: unknown };
  if (error instanceof URIError)
    return new AppError(status, 'The address is not valid: it has a malformed percent-encoding');
  if (expose === true && typeof message === 'string' && message) return new AppError(status, message);
  return new AppError(status, STATUS_CODES[status] ?? 'Bad request');
}

/** What an error answers, logging the ones that are not the client's doing. */
function toAppError(error: unknown, log: (message: string, error: unknown) => void): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  if (isDatabaseUnavailable(error) || isDatabaseFull(error)) {
    log(isDatabaseFull(error) ? 'database full' : 'database unavailable', error);
    return new AppError(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': '2' });
  }
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new AppError(413, 'The request body is too large');
  if (type === 'entity.parse.failed') return badRequest('The request body is not valid JSON');
  const fromClient = clientError(error);
  if (fromClient) return fromClient;
  log('unexpected error', error);
  return new AppError(500, 'Something went wrong on our side. Please try again.');
}

/** An error after the answer went out (a session that could not be saved after a 500, say): log it and
 * finish the answer, rather than let Express cut the connection. */
function answered(res: Response, error: unknown, log: (message: string, error: unknown) => void): boolean {
  if (!res.headersSent) return false;
  log('error after the answer was sent', error);
  if (!res.writableEnded) res.end();
  return true;
}

/** The one error handler: every error answers JSON with `error` (and `field` for validation); never a stack. */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (answered(res, error, log)) return;
    const appError = toAppError(error, log);
    res.status(appError.status).set(appError.headers);
    res.json({
      error: appError.message,
      ...(appError.field ? { field: appError.field } : {}),
      ...appError.extra,
    });
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The product's own small error page: the status and a sentence, no stack, no path of the server. */
function sendErrorPage(res: Response, error: AppError): void {
  const title = `${error.status} ${STATUS_CODES[error.status] ?? 'Error'}`;
  res
    .status(error.status)
    .set(error.headers)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)} · Deals or No Deals</title></head>` +
        `<body>` +
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(error.message)}</p><p><a href="/">Back to the game</a></p></body></html>\n`,
    );
}

/**
 * The last handlers of the pages (the game, /admin, static files): an unknown path is our 404 page, and an
 * error our error page with its status kept, in every NODE_ENV (Express's own final handler would show a
 * stack and the server's paths in development).
 */
export function pageNotFound(): RequestHandler {
  return (_req, res) => sendErrorPage(res, notFound('There is no page at this address.'));
}

export function pageErrorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    // A page the client stopped reading (res.sendFile's ECONNABORTED): no one is left to answer.
    if (error?.code === 'ECONNABORTED') {
      if (!res.writableEnded) res.end();
      return;
    }
    if (answered(res, error, log)) return;
    sendErrorPage(res, toAppError(error, log));
  };
}

/**
 * Requests that Node's HTTP parser refuses before Express sees them (a malformed header or Content-Length,
 * headers over 16 KB): the JSON error shape with the status Node would give, rather than its bare answer with no body.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // As Node does: never write into an answer already under way on this connection (it would corrupt it).
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      error: status === 431 ? 'The request headers are too large' : 'The request is malformed',
    });
    // An answer to HEAD has no body, even this one (the client would read the body as the next answer).
    const head = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString() === 'HEAD ';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n` +
        (head ? '' : body),
    );
  });
}
