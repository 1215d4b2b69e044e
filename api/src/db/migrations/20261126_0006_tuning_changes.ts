import type { Knex } from 'knex';

// The board's published animation tuning (modules/tuning, issue 19): every change the designers publish, kept
// (append-only). The newest row is what players get; a rollback is a new row with the document of an earlier
// one and `rolled_back_from` naming it. The document is the whole TuningDocument as JSON text.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tuning_changes', (t) => {
    t.increments('id').primary();
    t.text('document').notNullable();
    // Kept when the account is deleted: the history then says the publisher is gone.
    t.integer('published_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.bigInteger('published_at').notNullable();
    t.integer('rolled_back_from').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tuning_changes');
}
