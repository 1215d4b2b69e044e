import type { Knex } from 'knex';

// What each gift does in a window of the chat (issue 20; modules/audience): a JSON array of
// `{ giftName, effect }`, null (the rows made before) reading as no rule. TEXT takes no default in MySQL.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audience_settings', (t) => {
    t.text('gift_rules').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audience_settings', (t) => {
    t.dropColumn('gift_rules');
  });
}
