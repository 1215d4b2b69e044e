import type { Server } from 'node:http';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDb, type Db } from './db/knex.js';
import { migrateLatest } from './db/migrate.js';
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
  });
  const server = await listenApp(app, config.port, config.host);
  const log = logFunction(logger);
  // The sources a streamer left on come back (docs/decisions/0037-audience-sources.md).
  void sources
    .resume()
    .then((count) => count > 0 && print(`Audience sources resumed for ${count} streamer(s)`))
    .catch((error: unknown) => log('resuming the audience sources failed', error));
  const pruner = setInterval(
    () =>
      void sessions.pruneExpired().catch((error: unknown) => log('pruning expired sessions failed', error)),
    60 * 60 * 1000,
  );
  pruner.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    db,
    url: `http://localhost:${port}`,
    async close() {
      clearInterval(pruner);
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
      await db.destroy();
    },
  };
}
