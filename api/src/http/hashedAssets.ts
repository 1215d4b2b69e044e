import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The file types a Vite build puts in `assets/`; any other is left to express.static. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json; charset=utf-8',
};

/** A name in `assets/` itself: no folder, nothing to decode. */
const ASSET_NAME = /^[\w][\w.-]*$/;
/** Files above this size are left to express.static (streamed), not held in memory. */
const MAX_HELD_BYTES = 8 * 1024 * 1024;

interface Held {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/**
 * A Vite build's `assets/` files, answered from memory: their names carry a hash of their content, so a name's
 * bytes never change and may be cached for good, by the browser and here. express.static answers each from the
 * disk (a stat, an open, a stream of reads, a close: 1.5 ms of the server's time a file on a two-core machine,
 * where the board's first load asks for 25 at once and the server shares the cores with the browser, whose
 * scripts wait for them; docs/decisions/0020). A file is read on its first request and kept; a name that is not
 * there, a Range request or a read that fails goes on to express.static, which answers as it always did. The
 * pages' security headers are set before, as for every file.
 */
export function hashedAssets(dir: string): RequestHandler {
  const folder = path.join(dir, 'assets');
  const held = new Map<string, Held>();
  const reading = new Map<string, Promise<Held | null>>();
  const read = async (name: string, type: string): Promise<Held | null> => {
    try {
      const body = await readFile(path.join(folder, name));
      if (body.length > MAX_HELD_BYTES) return null;
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      return {
        body,
        etag,
        headers: {
          'Content-Type': type,
          'Content-Length': String(body.length),
          'Cache-Control': 'public, max-age=31536000, immutable',
          ETag: etag,
        },
      };
    } catch {
      return null;
    }
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.path;
    if (!url.startsWith('/assets/') || req.headers.range !== undefined) return next();
    const name = url.slice('/assets/'.length);
    const type = TYPES[path.extname(name)];
    if (!type || !ASSET_NAME.test(name)) return next();
    const answer = (file: Held) => {
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304, { ETag: file.etag, 'Cache-Control': file.headers['Cache-Control']! });
        res.end();
        return;
      }
      res.writeHead(200, file.headers);
      res.end(req.method === 'HEAD' ? undefined : file.body);
    };
    const file = held.get(name);
    if (file) return answer(file);
    let pending = reading.get(name);
    if (!pending) {
      pending = read(name, type);
      reading.set(name, pending);
      void pending.then((found) => {
        reading.delete(name);
        if (found) held.set(name, found);
      });
    }
    pending.then((found) => (found ? answer(found) : next()), next);
  };
}
