import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

try {
  const config = loadConfig();
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
  console.error('Could not start:', error);
  process.exit(1);
}
