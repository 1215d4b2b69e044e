import type { Knex } from 'knex';

// The streamer studio's stage keys (modules/stage): one per player, the read-only capability an OBS browser
// source holds. Replacing it revokes the old one at once (the row is updated, so the old key matches nothing).
// The key itself is kept, not a hash: the deck shows the stage's URL again (GET /api/stage), as a stream key is.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stage_keys', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('stage_key', 43).notNullable().unique('stage_keys_key_unique');
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stage_keys');
}
