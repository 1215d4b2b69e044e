import type { RequestHandler, Response } from 'express';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import helmet from 'helmet';
import { setHeaderBlock } from './appServer.js';

type Middleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/** Sets a fixed list of headers on an answer. */
export type HeaderSetter = (res: Response) => void;

/**
 * helmet's headers, worked out once at start and set with one loop per answer. helmet's middleware is run
 * once against a stand-in response that records what it sets and removes; with no function among the
 * directives (no nonce), its headers do not depend on the request, so every answer gets the same ones, as
 * it would from helmet itself, without its chain of thirteen middlewares on each request.
 */
export function fixedHeaders(middleware: Middleware): HeaderSetter {
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
  // Validated as Node would (a bad name or value throws here, at start), then written as one block.
  const headerBlock = set
    .map(([name, value]) => {
      validateHeaderName(name);
      validateHeaderValue(name, value);
      return `${name}: ${value}\r\n`;
    })
    .join('');
  return (res) => {
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
    if (setHeaderBlock(res, headerBlock)) return;
    for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
  };
}

/** A fixed header list as a middleware step. */
export function headersStep(apply: HeaderSetter): RequestHandler {
  return (_req, res, next) => {
    apply(res);
    next();
  };
}

/**
 * For the pages (the game, the admin console, their files): helmet with the game's CSP. `appUrl` on https
 * also upgrades insecure requests.
 */
export function pageSecurityHeaders(appUrl: string): RequestHandler {
  return headersStep(pageHeaders(appUrl, []));
}

/**
 * The pages' headers for a page with inline scripts of its own, each let in by its hash (`'sha256-…'`, as
 * http/pageScripts.ts reads them): the game's page runs its head script inline (game-client/boardPreload.ts).
 * One setter per list of hashes, made once: a list changes only with a new build.
 */
export function pageHeadersWithScripts(appUrl: string): (scriptHashes: readonly string[]) => HeaderSetter {
  const made = new Map<string, HeaderSetter>();
  return (scriptHashes) => {
    const key = scriptHashes.join(' ');
    let setter = made.get(key);
    if (!setter) {
      setter = pageHeaders(appUrl, scriptHashes);
      made.set(key, setter);
    }
    return setter;
  };
}

function pageHeaders(appUrl: string, scriptHashes: readonly string[]): HeaderSetter {
  return fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Tone loads its audio worklet from a blob: URL; Pixi makes textures from blob: and data: images.
          'script-src': ["'self'", 'blob:', ...scriptHashes],
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

/**
 * For the API's JSON: helmet's headers with the policy OWASP gives REST answers, which load nothing and are
 * framed by nothing (`default-src 'none'; frame-ancestors 'none'`, X-Frame-Options DENY). The pages' policy,
 * which lets scripts, workers and images in, has no use on JSON, and it was a third of a `/me` answer's bytes.
 */
export function apiSecurityHeaders(): HeaderSetter {
  return fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    }),
  );
}
