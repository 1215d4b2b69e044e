// `npm run migrate`: bring the configured database to the latest schema.
import { ConfigError, loadConfig } from '../config.js';
import { createDb, databaseInUseMessage } from './knex.js';
import { migrateLatest } from './migrate.js';

let databaseUrl = '';
try {
  databaseUrl = loadConfig().databaseUrl;
  // No time limit on a migration an operator runs: a big table's change may take minutes.
  const db = createDb(databaseUrl, { queryTimeoutMs: 0 });
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : (databaseInUseMessage(error, databaseUrl) ?? error),
  );
  process.exit(1);
}
