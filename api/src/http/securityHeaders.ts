import type { RequestHandler } from 'express';
import helmet from 'helmet';

type Middleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/**
 * helmet's headers, worked out once at start and set with one loop per request. helmet's middleware is run
 * once against a stand-in response that records what it sets and removes; with no function among the
 * directives (no nonce), its headers do not depend on the request, so every answer gets the same ones, as
 * it would from helmet itself, without its chain of thirteen middlewares on each request.
 */
export function fixedHeaders(middleware: Middleware): RequestHandler {
  const set: Array<[name: string, value: string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`header ${name}: not a fixed string`);
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  middleware({} as never, recorder as never, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish at once');
  return (_req, res, next) => {
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
    for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
    next();
  };
}

/** helmet with the game's CSP, as fixed headers. `appUrl` on https also upgrades insecure requests. */
export function securityHeaders(appUrl: string): RequestHandler {
  return fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Tone loads its audio worklet from a blob: URL; Pixi makes textures from blob: and data: images.
          'script-src': ["'self'", 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': appUrl.startsWith('https:') ? [] : null,
        },
      },
      // The API and both front ends share one origin; nothing is embedded cross-origin.
      crossOriginEmbedderPolicy: false,
    }),
  );
}
