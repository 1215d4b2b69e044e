import { rateLimit } from 'express-rate-limit';
import { AppError } from './errors.js';

export interface RateLimitSettings {
  windowMs: number;
  /** Requests one address may make in the window. */
  limit: number;
}

/** Login, registration and forgot-password: a 429 with Retry-After once an address asks too often. */
export function limitRequests(settings: RateLimitSettings, what: string) {
  return rateLimit({
    windowMs: settings.windowMs,
    limit: settings.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, _res, next, options) => {
      const retryAfter = String(Math.ceil(options.windowMs / 1000));
      next(
        new AppError(429, `Too many ${what} attempts. Please wait a moment and try again.`, undefined, {
          'Retry-After': retryAfter,
        }),
      );
    },
  });
}
