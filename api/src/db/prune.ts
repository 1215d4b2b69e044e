import { STREAM_SCOPE } from '../modules/audience/audience.repo.js';
import type { Db } from './knex.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An abandoned live game (a new start replaced it) is kept this long after it was abandoned. */
export const ABANDONED_GAMES_KEPT_MS = DAY_MS;
/** The audience's rows of one game (its leaderboard) are kept this long after their last write. */
export const GAME_SCORES_KEPT_MS = 30 * DAY_MS;
/** How often a server prunes (server.ts); once at start too, so a server restarted often still prunes. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Rows per delete: on SQLite each statement holds the event loop, so none deletes a whole backlog at once. */
const BATCH = 500;

export interface Pruned {
  abandonedGames: number;
  gameScores: number;
}

/**
 * Runs `batch` (which answers the rows it selected and those it deleted) until it selects fewer than BATCH rows
 * or `stop` is aborted, yielding to the event loop between statements; answers the rows deleted.
 */
async function inBatches(
  batch: () => Promise<[selected: number, deleted: number]>,
  stop: AbortSignal | undefined,
): Promise<number> {
  let total = 0;
  while (!stop?.aborted) {
    const [selected, deleted] = await batch();
    total += deleted;
    if (selected < BATCH) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

/**
 * Deletes what only grows and serves nobody (issue 38, docs/decisions/0047-floods-and-growth.md): live games
 * abandoned more than a day ago (never shown, never verified, never counted), and the per-game rows of the
 * audience's scores last written more than 30 days ago. The stream's rows (the totals across games) and finished
 * games (their records and proofs) are kept. Safe on several instances at once: each delete re-checks its rule.
 * `stop` ends it between two statements (a server that stops does not wait for a whole backlog).
 */
export async function pruneStaleRows(db: Db, now: number, stop?: AbortSignal): Promise<Pruned> {
  const abandonedBefore = now - ABANDONED_GAMES_KEPT_MS;
  const abandonedGames = await inBatches(async () => {
    // Selected first, then deleted by key: MySQL takes no LIMIT in a subquery of IN, SQLite no LIMIT on a delete.
    const ids = (await db('live_games')
      .where({ status: 'abandoned' })
      .andWhere('updated_at', '<', abandonedBefore)
      .limit(BATCH)
      .pluck('id')) as string[];
    if (ids.length === 0) return [0, 0];
    return [ids.length, await db('live_games').whereIn('id', ids).andWhere({ status: 'abandoned' }).delete()];
  }, stop);

  const scoresBefore = now - GAME_SCORES_KEPT_MS;
  const gameScores = await inBatches(async () => {
    const rows = (await db('audience_scores')
      .where('updated_at', '<', scoresBefore)
      .andWhere('game_id', '<>', STREAM_SCOPE)
      .limit(BATCH)
      .select('user_id', 'game_id', 'viewer_id')) as Array<{
      user_id: number;
      game_id: string;
      viewer_id: string;
    }>;
    if (rows.length === 0) return [0, 0];
    // A row written again since it was selected has a new updated_at, and stays.
    const deleted = await db('audience_scores')
      .whereIn(
        ['user_id', 'game_id', 'viewer_id'],
        rows.map((r) => [r.user_id, r.game_id, r.viewer_id]),
      )
      .andWhere('updated_at', '<', scoresBefore)
      .delete();
    return [rows.length, deleted];
  }, stop);
  return { abandonedGames, gameScores };
}
