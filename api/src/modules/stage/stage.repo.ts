import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/knex.js';

interface StageKeyRow {
  user_id: number;
  stage_key: string;
  created_at: number | string;
}

/** 32 random bytes, base64url: STAGE_KEY_PATTERN. */
export const newStageKey = () => randomBytes(32).toString('base64url');

/** The players' stage keys (one each). */
export function stageRepo(db: Db) {
  return {
    async keyOf(userId: number): Promise<string | null> {
      const row = await db<StageKeyRow>('stage_keys').where({ user_id: userId }).first();
      return row?.stage_key ?? null;
    },

    /** The player a key belongs to, or null for an unknown (or replaced) key. */
    async ownerOf(key: string): Promise<number | null> {
      const row = await db<StageKeyRow>('stage_keys').where({ stage_key: key }).first();
      return row ? Number(row.user_id) : null;
    },

    /** The player's key, made on first use. */
    async ensureKey(userId: number, now: number): Promise<string> {
      const existing = await this.keyOf(userId);
      if (existing) return existing;
      // Two first requests at once: the one that inserts second keeps the first one's key.
      await db('stage_keys')
        .insert({ user_id: userId, stage_key: newStageKey(), created_at: now })
        .onConflict('user_id')
        .ignore();
      return (await this.keyOf(userId))!;
    },

    /** A new key for the player; the old one stops matching anything at once. */
    async replaceKey(userId: number, now: number): Promise<string> {
      const key = newStageKey();
      await db('stage_keys')
        .insert({ user_id: userId, stage_key: key, created_at: now })
        .onConflict('user_id')
        .merge({ stage_key: key, created_at: now });
      return key;
    },

    /** The player's key goes (their account may no longer play): it matches nothing; a later GET /api/stage makes a new one. */
    async removeKey(userId: number): Promise<void> {
      await db('stage_keys').where({ user_id: userId }).delete();
    },
  };
}
