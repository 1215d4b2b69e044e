import {
  AUDIENCE_LEADERBOARD_SIZE,
  AUDIENCE_MODES,
  AUDIENCE_WINDOW_SECONDS,
  type AudienceMode,
  type AudienceSettings,
} from '@dond/shared';
import type { Db } from '../../db/knex.js';

/** A streamer's audience settings and blocklist, as stored (no row: the defaults). */
export interface StoredAudienceSettings extends AudienceSettings {
  blockedWords: string[];
}

export const DEFAULT_AUDIENCE_SETTINGS: StoredAudienceSettings = {
  mode: 'off',
  windowSeconds: AUDIENCE_WINDOW_SECONDS.default,
  blockedWords: [],
};

interface SettingsRow {
  user_id: number;
  mode: string;
  window_seconds: number;
  blocked_words: string;
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
      if (!row) return { ...DEFAULT_AUDIENCE_SETTINGS, blockedWords: [] };
      const mode = (AUDIENCE_MODES as readonly string[]).includes(row.mode)
        ? (row.mode as AudienceMode)
        : 'off';
      return { mode, windowSeconds: Number(row.window_seconds), blockedWords: wordsOf(row.blocked_words) };
    },

    saveSettings: (userId: number, settings: AudienceSettings, now: number) =>
      save(userId, { mode: settings.mode, window_seconds: settings.windowSeconds }, now),

    saveBlocklist: (userId: number, words: readonly string[], now: number) =>
      save(userId, { blocked_words: JSON.stringify(words) }, now),

    /** Adds each increment to its row (made on the first one), in one transaction. */
    async addScores(increments: readonly ScoreIncrement[], now: number): Promise<void> {
      if (increments.length === 0) return;
      await db.transaction(async (trx) => {
        for (const i of increments) {
          await trx('audience_scores')
            .insert({
              user_id: i.userId,
              game_id: i.gameId,
              viewer_id: i.viewerId,
              nickname: i.nickname,
              votes: i.votes,
              diamonds: i.diamonds,
              updated_at: now,
            })
            .onConflict(['user_id', 'game_id', 'viewer_id'])
            .merge({
              nickname: i.nickname,
              votes: trx.raw('audience_scores.votes + ?', [i.votes]),
              diamonds: trx.raw('audience_scores.diamonds + ?', [i.diamonds]),
              updated_at: now,
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
