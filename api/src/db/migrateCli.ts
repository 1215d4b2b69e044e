// `npm run migrate`: bring the configured database to the latest schema.
import { ConfigError, loadConfig } from '../config.js';
import { startupLogger } from '../log.js';
import { createDb, databaseFileMessage } from './knex.js';
import { migrateLatest } from './migrate.js';

let databaseUrl = '';
try {
  databaseUrl = loadConfig().databaseUrl;
  // No time limit on a migration an operator runs: a big table's change may take minutes.
  const db = createDb(databaseUrl, { queryTimeoutMs: 0 });
  try {
    const applied = await migrateLatest(db);
    // The command's answer, for whoever ran it (and scripts that read it): plain text, not a log line.
    process.stdout.write(`${applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.'}\n`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  const logger = startupLogger();
  if (error instanceof ConfigError) logger.fatal(error.message);
  else {
    const aboutFile = databaseFileMessage(error, databaseUrl);
    if (aboutFile) logger.fatal(aboutFile);
    else logger.fatal({ err: error }, 'Migration failed');
  }
  process.exit(1);
}
