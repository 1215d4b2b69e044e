import fs from 'node:fs';

/**
 * How often a server checks that its SQLite file is still the one it opened, besides every health check and
 * every write request (docs/decisions/0048-database-file-lost.md). One stat: a second costs nothing.
 */
export const DATABASE_FILE_CHECK_MS = 1000;

export interface DatabaseFileWatch {
  /** Why the file is lost, once it is (removed, or another file in its place); undefined until then. */
  readonly lost: string | undefined;
  /** Checks the path now (one stat) and answers `lost`. */
  check(): string | undefined;
  /** A connection has just opened the file: the first one's file is the database, a later one must be it too. */
  opened(): void;
  /** Stops the timer (the database is closed); `opened()` starts it again. */
  stop(): void;
}

/**
 * Which file a path names. A freed inode number is often given to the next new file (a file removed while the
 * pool was closed, then made again): its birth time tells them apart, where the system gives one (without
 * statx, libuv reports 0 or the change time, which every write moves: not an identity then).
 */
interface Identity {
  dev: bigint;
  ino: bigint;
  birthtimeNs: bigint | undefined;
}

function identityOf(file: string): Identity | undefined {
  const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stat) return undefined;
  const born = stat.birthtimeNs !== 0n && stat.birthtimeNs !== stat.ctimeNs;
  return { dev: stat.dev, ino: stat.ino, birthtimeNs: born ? stat.birthtimeNs : undefined };
}

const sameFile = (a: Identity, b: Identity) =>
  a.dev === b.dev &&
  a.ino === b.ino &&
  (a.birthtimeNs === undefined || b.birthtimeNs === undefined || a.birthtimeNs === b.birthtimeNs);

/**
 * Watches the SQLite file at `file`: SQLite keeps writing into the file it holds open, so one removed (or
 * moved, or replaced by another file) under a running server takes every later write with it at the next
 * start, while every query still succeeds. What the path names is compared with the file the connection
 * opened (device, inode and birth time); once they differ the file is lost for good, `onLost` is told once, and the
 * server refuses writes until it is restarted. An error other than a missing file (a permission on the
 * folder, say) tells nothing and is left to the queries.
 */
export function watchDatabaseFile(
  file: string,
  options: { everyMs?: number; onLost?: (message: string) => void } = {},
): DatabaseFileWatch {
  let identity: Identity | undefined;
  let lost: string | undefined;
  let timer: NodeJS.Timeout | undefined;

  function markLost(what: string): string {
    lost =
      `The SQLite database file ${file} ${what} while the server was running: everything written from now on ` +
      'would be lost at the next start, so every write and /api/health answer 503. Put the file back (or ' +
      'restore a backup) and restart the server.';
    stop();
    options.onLost?.(lost);
    return lost;
  }

  function compare(now: Identity | undefined): string | undefined {
    if (!identity || lost !== undefined) return lost;
    if (!now) return markLost('was removed');
    if (!sameFile(now, identity)) return markLost('was replaced by another file');
    return undefined;
  }

  function check(): string | undefined {
    if (!identity || lost !== undefined) return lost;
    try {
      return compare(identityOf(file));
    } catch {
      return undefined;
    }
  }

  function start() {
    if (timer || lost !== undefined) return;
    timer = setInterval(check, options.everyMs ?? DATABASE_FILE_CHECK_MS);
    timer.unref();
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  return {
    get lost() {
      return lost;
    },
    check,
    opened() {
      let now: Identity | undefined;
      try {
        now = identityOf(file);
      } catch {
        return;
      }
      // A new connection on a file made since (SQLite creates a missing one): the data is not the one served.
      if (identity) compare(now);
      else identity = now;
      start();
    },
    stop,
  };
}
