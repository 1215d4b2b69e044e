import type { Knex } from 'knex';

// What the pruning timer (db/prune.ts, issue 38) reads, so that it never scans a whole table: abandoned live
// games by the time they were abandoned, and the audience's scores by their last write (game_id in the index
// too, so SQLite tells a game's row from the stream's without reading the row).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_games', (t) => {
    t.index(['status', 'updated_at'], 'live_games_status_updated_idx');
  });
  await knex.schema.alterTable('audience_scores', (t) => {
    t.index(['updated_at', 'game_id'], 'audience_scores_updated_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audience_scores', (t) => {
    t.dropIndex(['updated_at', 'game_id'], 'audience_scores_updated_idx');
  });
  await knex.schema.alterTable('live_games', (t) => {
    t.dropIndex(['status', 'updated_at'], 'live_games_status_updated_idx');
  });
}
