import { ConfigError, loadConfig } from './config.js';
import { databaseFileMessage } from './db/knex.js';
import { createLogger, startupLogger } from './log.js';
import { startServer } from './server.js';

let databaseUrl = '';
try {
  const config = loadConfig();
  databaseUrl = config.databaseUrl;
  const logger = createLogger({ level: config.logLevel, env: config.env });
  const running = await startServer(config, logger);
  logger.info(
    `Deals or No Deals is running at ${running.url} (database: ${config.databaseUrl.split(':')[0]})`,
  );
  // Non-zero after the database file was lost (its fatal line says why), so a supervisor sees the failure.
  const stop = () => {
    void running.close().then(
      () => process.exit(running.databaseLost ? 1 : 0),
      (error: unknown) => {
        logger.fatal({ err: error }, 'Could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  // Not started, perhaps without a configuration to log by: on stderr, with the defaults, whatever LOG_LEVEL says.
  const logger = startupLogger();
  if (error instanceof ConfigError) {
    logger.fatal(error.message);
    process.exit(1);
  }
  const aboutFile = databaseFileMessage(error, databaseUrl);
  if (aboutFile) logger.fatal(`Could not start: ${aboutFile}`);
  else logger.fatal({ err: error }, 'Could not start');
  process.exit(1);
}
