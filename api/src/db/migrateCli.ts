// `npm run migrate`: bring the configured database to the latest schema.
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from './knex.js';
import { migrateLatest } from './migrate.js';

try {
  const db = createDb(loadConfig().databaseUrl);
  const applied = await migrateLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
