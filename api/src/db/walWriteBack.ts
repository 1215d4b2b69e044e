import { promises as fs } from 'node:fs';

/** How often the WAL file is flushed to disk while it changes (docs/decisions/0040-wal-write-back.md). */
export const WAL_WRITE_BACK_MS = 100;

export interface WalWriteBack {
  /** How many flushes have completed, and the last one's failure if it failed (for tests and logs). */
  readonly flushes: number;
  readonly lastError: unknown;
  /** Stops the timer and waits for a flush in progress, so the file may be closed or removed after. */
  stop(): Promise<void>;
}

/**
 * Flushes the SQLite file's WAL to disk in the background (libuv's thread pool) whenever it changed since
 * the last flush. With synchronous = NORMAL, SQLite writes the WAL without syncing it and syncs it at each
 * checkpoint, which runs inside the commit that crosses wal_autocheckpoint, on the event loop: 16 MB of
 * unsynced WAL stalled every request for 20 to 30 ms every second or so under load. Flushed as it grows,
 * the checkpoint's own sync finds almost nothing left to write. An extra flush never changes what SQLite
 * guarantees; a failed one is logged once and otherwise ignored (SQLite's own syncs still run and report
 * their errors).
 */
export function startWalWriteBack(
  databaseFile: string,
  options: { everyMs?: number; log?: (message: string) => void } = {},
): WalWriteBack {
  const wal = `${databaseFile}-wal`;
  let flushes = 0;
  let lastError: unknown;
  let running: Promise<void> | null = null;
  // The WAL's change time when it was last flushed: an idle server's WAL is not flushed again and again.
  let flushedAt: bigint | undefined;

  async function flush(): Promise<void> {
    let stat;
    try {
      stat = await fs.stat(wal, { bigint: true });
    } catch {
      return; // No WAL yet, or none any more (the database was closed).
    }
    if (stat.mtimeNs === flushedAt) return;
    let file: fs.FileHandle | undefined;
    try {
      file = await fs.open(wal, 'r+');
      await file.datasync();
      flushedAt = stat.mtimeNs;
      flushes += 1;
      lastError = undefined;
    } catch (error) {
      // Removed since the stat: the database was closed (its connection replaced), nothing to flush.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      if (lastError === undefined) options.log?.(`flushing the SQLite WAL ${wal} failed: ${String(error)}`);
      lastError = error;
    } finally {
      await file?.close().catch(() => undefined);
    }
  }

  const timer = setInterval(() => {
    if (running) return; // A slow disk: never two flushes of one file at once.
    running = flush().finally(() => {
      running = null;
    });
  }, options.everyMs ?? WAL_WRITE_BACK_MS);
  // The server's own handles keep the process alive, never this.
  timer.unref();

  return {
    get flushes() {
      return flushes;
    },
    get lastError() {
      return lastError;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
