// Fills a SQLite games table fast: a pool of real games played through the shared reducer, each stored many
// times under a fresh clientGameId, a random player and a random time in the last year. Every row is a game
// the server would accept, so the statistics and the export see realistic values.
import { randomUUID } from 'node:crypto';
import { createRng, type PlayPlan, type SavedGamePayload } from '@dond/shared';
import type { Db } from '../api/src/db/knex.js';
import { GAME_INSERT_COLUMNS } from '../api/src/modules/games/games.repo.js';
import { playGame } from '../api/src/testing/games.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ROWS_PER_INSERT = 100;
const ROWS_PER_TRANSACTION = 100_000;

/** The part of better-sqlite3's connection the loader uses (Knex hands out the raw connection). */
interface SqliteConnection {
  prepare(sql: string): { run(values: unknown[]): unknown; all(): unknown[] };
  exec(sql: string): void;
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
}

/** Real games with varied picks, deals and swaps. */
export function playGamePool(size: number, seed = 1): SavedGamePayload[] {
  const rng = createRng(seed);
  return Array.from({ length: size }, (_, i) => {
    const dealRound = Math.floor(rng() * 11); // 1 to 9 take a deal in that round; 0 and 10 play to the end
    return playGame({
      seed: seed * 100_000 + i,
      pick: 1 + Math.floor(rng() * 26),
      dealInRound: dealRound >= 1 && dealRound <= 9 ? dealRound : null,
      swap: rng() < 0.5,
    });
  });
}

/** Player accounts for the games to belong to; their password hash is no hash, so they cannot log in. */
export async function createPlayers(
  db: Db,
  count: number,
  now: number,
  prefix = 'bench',
): Promise<Array<{ id: number; username: string }>> {
  const rows = Array.from({ length: count }, (_, i) => {
    const username = `${prefix}${String(i + 1).padStart(6, '0')}`;
    return {
      username,
      username_key: username.toLowerCase(),
      email: null,
      password_hash: 'not-a-hash',
      status: 'approved',
      is_admin: false,
      is_monthly_subscriber: false,
      created_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db('users').insert(rows.slice(i, i + 500));
  const stored = await db('users')
    .where('username', 'like', `${prefix}%`)
    .select<Array<{ id: number; username: string }>>('id', 'username');
  return stored.map((u) => ({ id: Number(u.id), username: u.username }));
}

/**
 * Inserts `count` games on SQLite: the games indexes are dropped, the rows go in through one prepared
 * 100-row INSERT in transactions of 100,000, and the indexes are built again (a sort is far faster than
 * keeping eight B-trees in order row by row).
 */
export async function seedGames(
  db: Db,
  count: number,
  players: ReadonlyArray<{ id: number; username: string }>,
  pool: readonly SavedGamePayload[],
  now: number,
): Promise<void> {
  const rng = createRng(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const pooled = pool.map((game) => ({
    game,
    casesEliminated: JSON.stringify(game.casesEliminated),
    giftIdsUsed: JSON.stringify(game.giftIdsUsed),
  }));
  const conn = (await db.client.acquireConnection()) as SqliteConnection;
  try {
    const indexes = conn
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL",
      )
      .all() as Array<{ name: string; sql: string }>;
    for (const index of indexes) conn.exec(`DROP INDEX ${index.name}`);

    const oneRow = `(${GAME_INSERT_COLUMNS.map(() => '?').join(',')})`;
    const insert = conn.prepare(
      `INSERT INTO games (${GAME_INSERT_COLUMNS.join(',')}) VALUES ${Array(ROWS_PER_INSERT).fill(oneRow).join(',')}`,
    );
    const insertRows = conn.transaction((statements: number) => {
      for (let s = 0; s < statements; s++) {
        const values: unknown[] = [];
        for (let r = 0; r < ROWS_PER_INSERT; r++) {
          const { game, casesEliminated, giftIdsUsed } = pick(pooled);
          const player = pick(players);
          values.push(
            randomUUID(),
            player.id,
            player.username,
            null,
            game.firstCaseSelected,
            game.playerCaseGiftId,
            game.finalAmount,
            game.gameOutcome,
            game.bankerOfferAccepted ? 1 : 0,
            game.roundsCompleted,
            casesEliminated,
            giftIdsUsed,
            now - Math.floor(rng() * YEAR_MS),
          );
        }
        insert.run(values);
      }
    });
    if (count % ROWS_PER_INSERT !== 0)
      throw new Error(`the game count must be a multiple of ${ROWS_PER_INSERT}`);
    for (let done = 0; done < count; done += ROWS_PER_TRANSACTION) {
      insertRows(Math.min(ROWS_PER_TRANSACTION, count - done) / ROWS_PER_INSERT);
    }
    for (const index of indexes) conn.exec(index.sql);
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** The plan of the bench's n-th live game: every third takes an offer, so games end in deals and in final choices. */
export function benchPlayPlan(n: number): PlayPlan {
  return { pick: 1 + (n % 26), dealInRound: n % 3 === 0 ? 1 + (n % 8) : null, swap: n % 2 === 0 };
}
