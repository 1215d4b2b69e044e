import type { Server } from 'node:http';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDb, databaseFileWatchOf, type Db } from './db/knex.js';
import { migrateLatest } from './db/migrate.js';
import { PRUNE_EVERY_MS, pruneStaleRows } from './db/prune.js';
import { sessionSecret } from './auth/sessionSecret.js';
import { seedFirstAdmin } from './db/seed.js';
import { listenApp } from './http/appServer.js';
import { logFunction, type Logger } from './log.js';
import { createMailer } from './mail/mailer.js';
import { LiveGameEvents, RedisLiveGameEvents } from './modules/stage/liveGameEvents.js';

export interface RunningServer {
  server: Server;
  db: Db;
  url: string;
  /** Whether the SQLite file was removed or replaced while serving (db/fileWatch.ts): the process then exits 1. */
  readonly databaseLost: boolean;
  close(): Promise<void>;
}

/** Everything `npm start` does after reading the configuration: migrate, seed, serve. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const print = (text: string) => logger.info(text);
  // Read before the database is touched: a bad secret file stops the start with its message.
  const secret = sessionSecret(config.sessionSecret, config.sessionSecretFile);
  const db = createDb(config.databaseUrl, {
    queryTimeoutMs: config.dbQueryTimeoutMs,
    log: (message) => logger.warn(message),
    onFileLost: (message) => logger.fatal(message),
  });
  await migrateLatest(db);
  await seedFirstAdmin(db, config.admin, Date.now(), print);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox: config.mailOutbox,
    log: print,
  });
  const liveEvents = config.redisUrl
    ? await RedisLiveGameEvents.connect(config.redisUrl, logFunction(logger))
    : new LiveGameEvents();
  if (config.redisUrl) print('Live game pushes go through Redis (REDIS_URL)');
  const { app, sessions, audience, sources } = createApp({
    config,
    db,
    mailer,
    sessionSecret: secret,
    logger,
    liveEvents,
    stageStreams: config.stageStreams,
    audienceSources: { hosts: config.audienceSourceHosts },
  });
  const server = await listenApp(app, config.port, config.host);
  const log = logFunction(logger);
  // The sources a streamer left on come back (docs/decisions/0037-audience-sources.md).
  void sources
    .resume()
    .then((count) => count > 0 && print(`Audience sources resumed for ${count} streamer(s)`))
    .catch((error: unknown) => log('resuming the audience sources failed', error));
  // Abandoned live games and old games' audience rows (db/prune.ts): at start, so a server restarted often still
  // prunes, and every hour with the expired sessions. Awaited by close: the database outlives a prune in flight.
  let pruning: Promise<unknown> = Promise.resolve();
  const stopPruning = new AbortController();
  const pruneStale = () => {
    pruning = pruneStaleRows(db, Date.now(), stopPruning.signal)
      .then(
        ({ abandonedGames, gameScores }) =>
          abandonedGames + gameScores > 0 &&
          print(
            `Pruned ${abandonedGames} abandoned live game(s) and ${gameScores} old audience score row(s)`,
          ),
      )
      .catch((error: unknown) => log('pruning stale rows failed', error));
  };
  pruneStale();
  const pruner = setInterval(() => {
    void sessions.pruneExpired().catch((error: unknown) => log('pruning expired sessions failed', error));
    pruneStale();
  }, PRUNE_EVERY_MS);
  pruner.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    db,
    url: `http://localhost:${port}`,
    get databaseLost() {
      return databaseFileWatchOf(db)?.lost !== undefined;
    },
    async close() {
      // One last look, so a file removed since the last check still makes the exit non-zero.
      databaseFileWatchOf(db)?.check();
      clearInterval(pruner);
      stopPruning.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The audience's windows stop (nothing applied) and its pending scores are written while the database is up.
      await sources.close();
      await audience.close();
      // Open stages' streams would hold the server open: they end, and their screens reconnect elsewhere; their
      // connections, idle once the streams have ended, close with the others.
      await liveEvents.close();
      await new Promise((resolve) => setImmediate(resolve));
      server.closeIdleConnections();
      await closed;
      await pruning;
      await db.destroy();
    },
  };
}
