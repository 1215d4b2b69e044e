import type { Knex } from 'knex';

// The stream's event sources (modules/audience/audience.sources.ts, issue 20): one row per streamer, made on the
// first save (no row reads as both off, TikFinity at ws://localhost:21213). An enabled source is started again
// when the API starts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audience_sources', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('tikfinity_enabled').notNullable().defaultTo(false);
    t.string('tikfinity_url', 200).notNullable();
    t.boolean('tiktok_enabled').notNullable().defaultTo(false);
    t.string('tiktok_username', 24).notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audience_sources');
}
