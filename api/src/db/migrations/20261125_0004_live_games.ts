import type { Knex } from 'knex';

// Games dealt and held by the server (modules/liveGames): the seeds, the game's gifts in value-board order and
// the action log (JSON text), replayed through the shared session. `seq` is the number of actions applied,
// the version every write is conditional on. The saved record (games) is written in the transaction of the
// last action and linked by game_id.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_games', (t) => {
    t.string('id', 36).primary();
    // As games: kept when the account is deleted, so a published game can still be verified.
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('status', 16).notNullable();
    t.string('server_seed', 64).notNullable();
    t.string('client_seed', 64).notNullable();
    t.string('commitment', 64).notNullable();
    t.integer('custom_gift_set_id').unsigned().nullable();
    t.text('gift_ids').notNullable();
    t.text('actions').notNullable();
    t.integer('seq').unsigned().notNullable();
    // Clearing the statistics deletes the record, never the live game.
    t.integer('game_id').unsigned().nullable().references('id').inTable('games').onDelete('SET NULL');
    t.string('client_game_id', 36).notNullable();
    // When POST /api/games (or a recovery) first answered for this game: 201 then, 200 after.
    t.bigInteger('saved_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    // The player's current game: their active one, newest first.
    t.index(['user_id', 'status', 'created_at'], 'live_games_user_status_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('live_games');
}
