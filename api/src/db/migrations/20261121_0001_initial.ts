import type { Knex } from 'knex';

// Portable across SQLite and MySQL/MariaDB: no engine-specific SQL. Times are epoch milliseconds (UTC by
// construction, exact, and read back the same on both engines); lists are JSON text.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('username', 20).notNullable();
    // Lower-cased copy: unique regardless of case on every engine and collation.
    t.string('username_key', 20).notNullable().unique();
    t.string('email', 254).nullable();
    t.string('password_hash', 255).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('is_monthly_subscriber').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expiry_date').nullable();
    t.bigInteger('last_login_at').nullable();
    t.index(['status', 'created_at'], 'users_status_created_idx');
    t.index(['created_at'], 'users_created_idx');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 128).primary();
    t.text('sess').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.integer('user_id').unsigned().nullable();
    t.index(['expires_at'], 'sessions_expires_idx');
    t.index(['user_id'], 'sessions_user_idx');
  });

  await knex.schema.createTable('gift_sets', (t) => {
    t.increments('id').primary();
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE');
    t.string('name', 50).notNullable();
    t.text('gift_ids').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('games', (t) => {
    t.increments('id').primary();
    t.string('client_game_id', 36).notNullable();
    // Kept when the account is deleted, so statistics keep their history.
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('username', 20).notNullable();
    t.integer('custom_gift_set_id').unsigned().nullable();
    t.tinyint('first_case_selected').notNullable();
    t.integer('player_case_gift_id').notNullable();
    t.integer('final_amount').notNullable();
    t.string('game_outcome', 16).notNullable();
    t.boolean('banker_offer_accepted').notNullable();
    t.tinyint('rounds_completed').notNullable();
    t.text('cases_eliminated').notNullable();
    t.text('gift_ids_used').notNullable();
    t.bigInteger('played_at').notNullable();
    t.unique(['user_id', 'client_game_id'], { indexName: 'games_user_client_game_uq' });
    // The admin list pages through a million games: each sort walks its own index in order (SQLite and InnoDB
    // end every index with the row id, the tie-breaker), the default order also after the outcome filter, and
    // each count reads an index. The statistics (games_stats_idx, games_amount_idx) and the daily chart
    // (games_played_amount_idx) read indexes only, never the rows. Every index costs each save a little.
    t.index(['played_at'], 'games_played_idx');
    t.index(['final_amount'], 'games_amount_idx');
    t.index(['username'], 'games_username_idx');
    t.index(['first_case_selected'], 'games_first_case_idx');
    t.index(['rounds_completed'], 'games_rounds_idx');
    t.index(['game_outcome', 'played_at'], 'games_outcome_played_idx');
    t.index(['played_at', 'final_amount'], 'games_played_amount_idx');
    t.index(['game_outcome', 'first_case_selected', 'final_amount'], 'games_stats_idx');
  });

  await knex.schema.createTable('reset_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['user_id'], 'reset_tokens_user_idx');
  });

  await knex.schema.createTable('settings', (t) => {
    t.string('name', 64).primary();
    t.text('value').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['settings', 'reset_tokens', 'games', 'gift_sets', 'sessions', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
