import http, { IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';
import { answerMalformedRequests } from './errors.js';

/**
 * The HTTP server of an Express app, whose requests and answers are born with the app's own prototypes
 * (`app.request`, `app.response`). Express gives each request and answer those prototypes as it enters
 * (`Object.setPrototypeOf` in `app.handle`), and an object whose prototype changed after it was made costs V8
 * dearly: every request's objects then outlive the young generation's collections, are promoted, and wait for a
 * full collection (3.7 MB promoted per young collection at 3,000 requests a second, each pause 5 to 15 ms, and
 * a bare Express route at a third of its speed; expressjs/express#5998). Born with them, Express's change is a
 * no-op. docs/decisions/0039-http-server-prototypes.md.
 */
export function createAppServer(app: Express): Server {
  const server = http.createServer(bornWithAppPrototypes(app), app);
  answerMalformedRequests(server);
  return server;
}

const classesOf = new WeakMap<Express, ServerOptions>();

/**
 * Node's request and answer classes, extended, whose prototypes become the app's (`app.request` and
 * `app.response` are replaced by them, each chained to the one it replaces, so nothing the app had is lost).
 * Once per app: a second server of the same app shares them.
 */
function bornWithAppPrototypes(app: Express): ServerOptions {
  let classes = classesOf.get(app);
  if (!classes) {
    class AppRequest extends IncomingMessage {}
    Object.setPrototypeOf(AppRequest.prototype, app.request);
    app.request = AppRequest.prototype as Express['request'];
    class AppResponse extends ServerResponse {}
    withHeaderBlock(AppResponse.prototype);
    Object.setPrototypeOf(AppResponse.prototype, app.response);
    app.response = AppResponse.prototype as Express['response'];
    classes = { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof ServerResponse };
    classesOf.set(app, classes);
  }
  return classes;
}

/** createAppServer's server, listening on `port` and `host`; rejects if it cannot (a port in use). */
export function listenApp(app: Express, port: number, host: string): Promise<Server> {
  const server = createAppServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

const HEADER_BLOCK = Symbol('headerBlock');
const WRITES_HEADER_BLOCK = Symbol('writesHeaderBlock');
type WithBlock = { [HEADER_BLOCK]?: string; [WRITES_HEADER_BLOCK]?: true };
type StoreHeader = (this: ServerResponse, firstLine: string, headers: unknown) => void;

/**
 * Answers of this class can carry a fixed block of header lines (`Name: value\r\n` each, validated once at
 * start), written right after the status line when the head is written, instead of each header set with
 * setHeader on every answer, where Node lower-cases each name, keeps it in an array of its own, validates it
 * again and rebuilds its line (helmet's thirteen headers: the largest allocation site of a live action in a
 * sampling heap profile). docs/decisions/0041-header-block.md.
 */
function withHeaderBlock(prototype: ServerResponse): void {
  const store = (ServerResponse.prototype as unknown as { _storeHeader?: StoreHeader })._storeHeader;
  // Node's own step that writes an answer's head; without it (another runtime), headers are set one by one.
  if (typeof store !== 'function') return;
  Object.defineProperty(prototype, WRITES_HEADER_BLOCK, { value: true });
  Object.defineProperty(prototype, '_storeHeader', {
    value: function (this: ServerResponse & WithBlock, firstLine: string, headers: unknown) {
      const block = this[HEADER_BLOCK];
      return store.call(this, block === undefined ? firstLine : firstLine + block, headers);
    },
    writable: true,
    configurable: true,
  });
}

/**
 * Gives the answer a block of header lines, written with its head (a later block replaces it), if it is an
 * answer of createAppServer's app; answers false otherwise, and the caller sets its headers one by one.
 */
export function setHeaderBlock(res: object, block: string): boolean {
  if ((res as WithBlock)[WRITES_HEADER_BLOCK] !== true) return false;
  (res as WithBlock)[HEADER_BLOCK] = block;
  return true;
}
