import {
  AUDIENCE_LEADERBOARD_SIZE,
  AUDIENCE_MODES,
  audienceGiftRulesSchema,
  type AudienceGiftRule,
  DEFAULT_AUDIENCE_SETTINGS,
  type AudienceMode,
  type AudienceSettings,
} from '@dond/shared';
import { isMysql, type Db } from '../../db/knex.js';

/** A streamer's audience settings and blocklist, as stored (no row: the defaults). */
export interface StoredAudienceSettings extends AudienceSettings {
  blockedWords: string[];
  giftRules: AudienceGiftRule[];
}

interface SettingsRow {
  user_id: number;
  mode: string;
  window_seconds: number;
  blocked_words: string;
  gift_rules: string | null;
  updated_at: number | string;
}

/** What a viewer did since the last write: added to their row of the game and of the stream. */
export interface ScoreIncrement {
  userId: number;
  /** The live game's id; '' for the stream (across games). */
  gameId: string;
  viewerId: string;
  nickname: string;
  votes: number;
  diamonds: number;
}

export interface ScoreRow {
  nickname: string;
  votes: number;
  diamonds: number;
}

/** Rows per upsert statement (7 values each: well under SQLite's and MySQL's limits on a statement's values). */
const SCORES_PER_STATEMENT = 500;

/** The stream's scores are the rows of this game id. */
export const STREAM_SCOPE = '';

function wordsOf(text: string): string[] {
  try {
    const words: unknown = JSON.parse(text);
    return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored gift rules; anything that stopped parsing reads as no rule. */
function giftRulesOf(text: string | null): AudienceGiftRule[] {
  if (!text) return [];
  try {
    const parsed = audienceGiftRulesSchema.safeParse({ rules: JSON.parse(text) as unknown });
    return parsed.success ? parsed.data.rules : [];
  } catch {
    return [];
  }
}

export function audienceRepo(db: Db) {
  async function save(userId: number, change: Partial<SettingsRow>, now: number) {
    const current = await db<SettingsRow>('audience_settings').where({ user_id: userId }).first();
    if (current) {
      await db('audience_settings')
        .where({ user_id: userId })
        .update({ ...change, updated_at: now });
      return;
    }
    await db('audience_settings')
      .insert({
        user_id: userId,
        mode: DEFAULT_AUDIENCE_SETTINGS.mode,
        window_seconds: DEFAULT_AUDIENCE_SETTINGS.windowSeconds,
        blocked_words: '[]',
        ...change,
        updated_at: now,
      })
      // Two first changes at once: the second one updates the row the first made.
      .onConflict('user_id')
      .merge({ ...change, updated_at: now });
  }

  return {
    async settings(userId: number): Promise<StoredAudienceSettings> {
      const row = await db<SettingsRow>('audience_settings').where({ user_id: userId }).first();
      if (!row) return { ...DEFAULT_AUDIENCE_SETTINGS, blockedWords: [], giftRules: [] };
      const mode = (AUDIENCE_MODES as readonly string[]).includes(row.mode)
        ? (row.mode as AudienceMode)
        : 'off';
      return {
        mode,
        windowSeconds: Number(row.window_seconds),
        blockedWords: wordsOf(row.blocked_words),
        giftRules: giftRulesOf(row.gift_rules),
      };
    },

    saveSettings: (userId: number, settings: AudienceSettings, now: number) =>
      save(userId, { mode: settings.mode, window_seconds: settings.windowSeconds }, now),

    saveBlocklist: (userId: number, words: readonly string[], now: number) =>
      save(userId, { blocked_words: JSON.stringify(words) }, now),

    saveGiftRules: (userId: number, rules: readonly AudienceGiftRule[], now: number) =>
      save(userId, { gift_rules: JSON.stringify(rules) }, now),

    /**
     * Adds each increment to its row (made on the first one), in one transaction of multi-row upserts (a second
     * of a busy chat is a few statements, not one per viewer: the event loop is not held for long).
     */
    async addScores(increments: readonly ScoreIncrement[], now: number): Promise<void> {
      if (increments.length === 0) return;
      // MySQL and MariaDB name the row that was to be inserted VALUES(column); SQLite names it excluded.
      // A viewer may have two increments of one row in a batch: each row of the statement merges in turn.
      const incoming = (column: string) => (isMysql(db) ? `VALUES(${column})` : `excluded.${column}`);
      await db.transaction(async (trx) => {
        for (let from = 0; from < increments.length; from += SCORES_PER_STATEMENT) {
          const rows = increments.slice(from, from + SCORES_PER_STATEMENT).map((i) => ({
            user_id: i.userId,
            game_id: i.gameId,
            viewer_id: i.viewerId,
            nickname: i.nickname,
            votes: i.votes,
            diamonds: i.diamonds,
            updated_at: now,
          }));
          await trx('audience_scores')
            .insert(rows)
            .onConflict(['user_id', 'game_id', 'viewer_id'])
            .merge({
              nickname: trx.raw(incoming('nickname')),
              votes: trx.raw(`audience_scores.votes + ${incoming('votes')}`),
              diamonds: trx.raw(`audience_scores.diamonds + ${incoming('diamonds')}`),
              updated_at: trx.raw(incoming('updated_at')),
            });
        }
      });
    },

    /** The top voters and gifters of one scope (a game's id, or STREAM_SCOPE). */
    async top(userId: number, gameId: string): Promise<{ voters: ScoreRow[]; gifters: ScoreRow[] }> {
      const board = (column: 'votes' | 'diamonds') =>
        db('audience_scores')
          .select('nickname', 'votes', 'diamonds')
          .where({ user_id: userId, game_id: gameId })
          .andWhere(column, '>', 0)
          .orderBy([
            { column, order: 'desc' },
            { column: 'updated_at', order: 'asc' },
            { column: 'viewer_id', order: 'asc' },
          ])
          .limit(AUDIENCE_LEADERBOARD_SIZE);
      const rows = (list: Array<Record<string, unknown>>): ScoreRow[] =>
        list.map((r) => ({
          nickname: String(r.nickname),
          votes: Number(r.votes),
          diamonds: Number(r.diamonds),
        }));
      const [voters, gifters] = await Promise.all([board('votes'), board('diamonds')]);
      return { voters: rows(voters), gifters: rows(gifters) };
    },
  };
}
export type AudienceRepo = ReturnType<typeof audienceRepo>;
