import type { Db } from '../../db/knex.js';

interface ResetTokenRow {
  id: number;
  user_id: number;
  token_hash: string;
  created_at: number | string;
  expires_at: number | string;
  used_at: number | string | null;
}

export interface LiveResetToken {
  id: number;
  userId: number;
}

/** reset_tokens: only the SHA-256 of each token is stored, so a leaked table opens no account. */
export function resetTokensRepo(db: Db) {
  const tokens = () => db<ResetTokenRow>('reset_tokens');
  return {
    async insert(input: {
      userId: number;
      tokenHash: string;
      createdAt: number;
      expiresAt: number;
    }): Promise<void> {
      await tokens().insert({
        user_id: input.userId,
        token_hash: input.tokenHash,
        created_at: input.createdAt,
        expires_at: input.expiresAt,
        used_at: null,
      });
    },
    /** The token with this hash if it is unused and not yet expired at `now`. */
    async findLive(tokenHash: string, now: number): Promise<LiveResetToken | null> {
      const row = await tokens()
        .where({ token_hash: tokenHash })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .first('id', 'user_id');
      return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
    },
    /**
     * Marks a token used if it still is live, in one statement: of two concurrent resets with one token only
     * one changes the row. Answers whether this call spent it.
     */
    async spend(id: number, now: number): Promise<boolean> {
      const changed = await tokens()
        .where({ id })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now });
      return changed === 1;
    },
    /** Spends every other unused token of the user, so an older link in the mailbox dies with the reset. */
    async spendAllOf(userId: number, now: number): Promise<void> {
      await tokens().where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
    },
  };
}
