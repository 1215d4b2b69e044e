import type { Knex } from 'knex';

// Sessions are now stored under the SHA-256 of their id, and the cookie secret lives outside the database
// (auth/sessionStore.ts, auth/sessionSecret.ts). The rows kept until now hold raw ids, and the secret that
// signed their cookies was in the database too: both may sit in a backup already, so they are dropped
// rather than hashed or moved. Everyone signs in again once (docs/decisions/0027-db-session-secrets.md).
export async function up(knex: Knex): Promise<void> {
  await knex('sessions').delete();
  await knex('settings').where({ name: 'session_secret' }).delete();
}

// Nothing to restore: the old ids and secret are gone on purpose, and the old code reads an empty table.
export async function down(): Promise<void> {}
