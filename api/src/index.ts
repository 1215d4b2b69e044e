import { ConfigError, loadConfig } from './config.js';
import { databaseInUseMessage } from './db/knex.js';
import { startServer } from './server.js';

let databaseUrl = '';
try {
  const config = loadConfig();
  databaseUrl = config.databaseUrl;
  const running = await startServer(config);
  console.log(
    `Deals or No Deals is running at ${running.url} (database: ${config.databaseUrl.split(':')[0]})`,
  );
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  const inUse = databaseInUseMessage(error, databaseUrl);
  if (inUse) console.error(`Could not start: ${inUse}`);
  else console.error('Could not start:', error);
  process.exit(1);
}
