import type { RequestHandler } from 'express';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another origin (CSRF). Requests that carry no
 * Origin and no Sec-Fetch-Site (curl, server-to-server) are not a browser's and pass.
 */
export function sameOriginOnly(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== appOrigin && origin !== own) return next(forbidden('Requests from another site are not allowed'));
      return next();
    }
    if (req.get('sec-fetch-site') === 'cross-site') return next(forbidden('Requests from another site are not allowed'));
    next();
  };
}
