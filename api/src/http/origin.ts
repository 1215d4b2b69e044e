import type { Request } from 'express';
import { forbidden, type AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another origin (CSRF): the 403 to answer, or
 * undefined when the request may go on. Requests that carry no Origin and no Sec-Fetch-Site (curl,
 * server-to-server) are not a browser's and pass. app.ts runs it first thing on every API request.
 */
export function crossSiteRefusal(appUrl: string): (req: Request) => AppError | undefined {
  const appOrigin = new URL(appUrl).origin;
  return (req) => {
    if (SAFE_METHODS.has(req.method)) return undefined;
    const origin = req.get('origin');
    if (origin) {
      const own = `${req.protocol}://${req.get('host')}`;
      return origin !== appOrigin && origin !== own ? forbidden(CROSS_SITE) : undefined;
    }
    return req.get('sec-fetch-site') === 'cross-site' ? forbidden(CROSS_SITE) : undefined;
  };
}

const CROSS_SITE = 'Requests from another site are not allowed';
