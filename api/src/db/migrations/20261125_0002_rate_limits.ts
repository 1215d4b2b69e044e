import type { Knex } from 'knex';

// Rate-limit counters, shared by every API instance on the database (http/rateLimit.ts): one row per key
// (a SHA-256 of the limit's name and the address or account, so no address or username is kept in clear),
// the hits in its current window, and when that window ends.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key_hash', 64).primary();
    t.integer('hits').unsigned().notNullable();
    t.bigInteger('reset_at').notNullable();
    t.index(['reset_at'], 'rate_limits_reset_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
