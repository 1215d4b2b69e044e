import type { Knex } from 'knex';
import type { Db } from './knex.js';
import * as initial from './migrations/20261121_0001_initial.js';
import * as rateLimits from './migrations/20261125_0002_rate_limits.js';
import * as sessionHashes from './migrations/20261125_0003_session_hashes.js';
import * as liveGames from './migrations/20261125_0004_live_games.js';
import * as stageKeys from './migrations/20261125_0005_stage_keys.js';
import * as tuningChanges from './migrations/20261126_0006_tuning_changes.js';
import * as audience from './migrations/20261126_0007_audience.js';
import * as audienceSources from './migrations/20261126_0008_audience_sources.js';
import * as audienceGiftRules from './migrations/20261126_0009_audience_gift_rules.js';
import * as pruneIndexes from './migrations/20261201_0010_prune_indexes.js';

// Migrations are imported, not globbed from disk, so the same list runs from src (tests) and dist (start).
const MIGRATIONS: Record<string, Knex.Migration> = {
  '20261121_0001_initial': initial,
  '20261125_0002_rate_limits': rateLimits,
  '20261125_0003_session_hashes': sessionHashes,
  '20261125_0004_live_games': liveGames,
  '20261125_0005_stage_keys': stageKeys,
  '20261126_0006_tuning_changes': tuningChanges,
  '20261126_0007_audience': audience,
  '20261126_0008_audience_sources': audienceSources,
  '20261126_0009_audience_gift_rules': audienceGiftRules,
  '20261201_0010_prune_indexes': pruneIndexes,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name] as Knex.Migration,
};

/** Brings the database to the latest schema; answers the names it applied. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}
