import type { Knex } from 'knex';

// The stream's audience (modules/audience, issue 20). `audience_settings`: one row per streamer, made on the
// first change (no row reads as the defaults): the mode, the window's length and the blocklist of names (a JSON
// array of words). `audience_scores`: each viewer's votes and gift diamonds per streamer, for the leaderboards;
// `game_id` is the live game's id for the game's board and '' for the stream's (across games).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audience_settings', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('mode', 8).notNullable().defaultTo('off');
    t.integer('window_seconds').notNullable().defaultTo(30);
    t.text('blocked_words').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('audience_scores', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('game_id', 36).notNullable();
    t.string('viewer_id', 64).notNullable();
    t.string('nickname', 64).notNullable();
    t.integer('votes').unsigned().notNullable().defaultTo(0);
    t.bigInteger('diamonds').unsigned().notNullable().defaultTo(0);
    t.bigInteger('updated_at').notNullable();
    t.primary(['user_id', 'game_id', 'viewer_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audience_scores');
  await knex.schema.dropTableIfExists('audience_settings');
}
