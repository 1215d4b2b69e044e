import type { Server } from 'node:http';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDb, type Db } from './db/knex.js';
import { migrateLatest } from './db/migrate.js';
import { answerMalformedRequests } from './http/errors.js';
import { seedFirstAdmin, sessionSecret } from './db/seed.js';
import { createMailer } from './mail/mailer.js';

export interface RunningServer {
  server: Server;
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** Everything `npm start` does after reading the configuration: migrate, seed, serve. */
export async function startServer(
  config: Config,
  print: (text: string) => void = console.log,
): Promise<RunningServer> {
  const db = createDb(config.databaseUrl);
  await migrateLatest(db);
  await seedFirstAdmin(db, config.admin, Date.now(), print);
  const secret = await sessionSecret(db, config.sessionSecret);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox: config.mailOutbox,
    log: print,
  });
  // Errors go to stderr; notices (such as a reset link written to the outbox) to stdout with the rest.
  const log = (message: string, error?: unknown) => (error ? console.error(message, error) : print(message));
  const { app, sessions } = createApp({ config, db, mailer, sessionSecret: secret, log });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (error) => (error ? reject(error) : resolve(s)));
  });
  answerMalformedRequests(server);
  const pruner = setInterval(() => void sessions.pruneExpired().catch(() => undefined), 60 * 60 * 1000);
  pruner.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    db,
    url: `http://localhost:${port}`,
    async close() {
      clearInterval(pruner);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
