import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';

/** The one error type the API throws: a status, a message for the client, and the field it is about. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
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

/** A 400 from the first issue of a zod validation, naming the field and the rule. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return badRequest(issue?.message ?? 'Invalid request', field);
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

/** The one error handler: every error answers JSON with `error` (and `field` for validation); never a stack. */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    // An error after the answer went out (a session that could not be saved after a 500, say): log it
    // and finish the answer, rather than let Express cut the connection.
    if (res.headersSent) {
      log('error after the answer was sent', error);
      if (!res.writableEnded) res.end();
      return;
    }
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof z.ZodError) appError = fromZodError(error);
    else if (isDatabaseUnavailable(error)) {
      log('database unavailable', error);
      appError = new AppError(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': '2' });
    } else if (error?.type === 'entity.too.large')
      appError = new AppError(413, 'The request body is too large');
    else if (error?.type === 'entity.parse.failed')
      appError = badRequest('The request body is not valid JSON');
    else if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500 && error.expose) {
      appError = new AppError(error.status, String(error.message));
    } else {
      log('unexpected error', error);
      appError = new AppError(500, 'Something went wrong on our side. Please try again.');
    }
    res.status(appError.status).set(appError.headers);
    res.json(
      appError.field ? { error: appError.message, field: appError.field } : { error: appError.message },
    );
  };
}
