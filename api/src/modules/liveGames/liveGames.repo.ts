import type { GameRecord, LiveAction, SavedGamePayload } from '@dond/shared';
import { isDeadlock, translatingDriverErrors } from '../../db/driverErrors.js';
import type { Db } from '../../db/knex.js';
import { prepared, preparedTransaction, type SqlValue } from '../../db/prepared.js';
import {
  gameInsertParams,
  gameRow,
  insertGameIn,
  INSERT_GAME,
  toGameRecord,
  type GameRow,
} from '../games/games.repo.js';

export type LiveGameStatus = 'active' | 'abandoned' | 'finished';

export interface LiveGameRow {
  id: string;
  user_id: number | null;
  status: LiveGameStatus;
  server_seed: string;
  client_seed: string;
  commitment: string;
  custom_gift_set_id: number | null;
  gift_ids: string;
  actions: string;
  seq: number;
  game_id: number | null;
  client_game_id: string;
  saved_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

/** A live game as the service reads it: the row's lists parsed, its numbers numbers. */
export interface LiveGame {
  id: string;
  userId: number | null;
  status: LiveGameStatus;
  serverSeed: string;
  clientSeed: string;
  commitment: string;
  customGiftSetId: number | null;
  giftIds: number[];
  actions: LiveAction[];
  seq: number;
  gameId: number | null;
  clientGameId: string;
  savedAt: number | null;
}

/** The columns the service reads; a new row adds its times. */
const READ_COLUMNS = [
  'id',
  'user_id',
  'status',
  'server_seed',
  'client_seed',
  'commitment',
  'custom_gift_set_id',
  'gift_ids',
  'actions',
  'seq',
  'game_id',
  'client_game_id',
  'saved_at',
] as const satisfies ReadonlyArray<keyof LiveGameRow>;
const COLUMNS = READ_COLUMNS.join(', ');
/** The columns of a new live game's row, in the order of the prepared insert's values. */
const START_COLUMNS = [...READ_COLUMNS, 'created_at', 'updated_at'] as const;

/**
 * A live game from its row. Its two lists are parsed when first read: an action answered from the service's
 * cache of sessions reads neither (its gifts and log are the cached session's), and each is a JSON text of the
 * row, parsed into new arrays and objects on every request otherwise.
 */
class LiveGameOfRow implements LiveGame {
  readonly id: string;
  readonly userId: number | null;
  readonly status: LiveGameStatus;
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly commitment: string;
  readonly customGiftSetId: number | null;
  readonly seq: number;
  readonly gameId: number | null;
  readonly clientGameId: string;
  readonly savedAt: number | null;
  #giftIds: number[] | undefined;
  #actions: LiveAction[] | undefined;

  constructor(private readonly row: LiveGameRow) {
    this.id = row.id;
    this.userId = row.user_id === null ? null : Number(row.user_id);
    this.status = row.status;
    this.serverSeed = row.server_seed;
    this.clientSeed = row.client_seed;
    this.commitment = row.commitment;
    this.customGiftSetId = row.custom_gift_set_id === null ? null : Number(row.custom_gift_set_id);
    this.seq = Number(row.seq);
    this.gameId = row.game_id === null ? null : Number(row.game_id);
    this.clientGameId = row.client_game_id;
    this.savedAt = row.saved_at === null ? null : Number(row.saved_at);
  }

  get giftIds(): number[] {
    return (this.#giftIds ??= JSON.parse(this.row.gift_ids) as number[]);
  }

  get actions(): LiveAction[] {
    return (this.#actions ??= JSON.parse(this.row.actions) as LiveAction[]);
  }
}

const toLiveGame = (row: LiveGameRow): LiveGame => new LiveGameOfRow(row);

export interface NewLiveGame {
  id: string;
  userId: number;
  serverSeed: string;
  clientSeed: string;
  commitment: string;
  customGiftSetId: number | null;
  giftIds: readonly number[];
  clientGameId: string;
}

// Prepared once per Knex instance: an action is one read and one conditional write, and Knex's builder costs
// about as much as the query itself on SQLite.
const statementsOf = new WeakMap<Db, ReturnType<typeof statements>>();
function statements(db: Db) {
  return {
    find: prepared(db, `select ${COLUMNS} from live_games where id = ?`),
    // The write of every action but the last: only if no other request applied one since the read.
    advance: prepared(
      db,
      "update live_games set actions = ?, seq = ?, updated_at = ? where id = ? and seq = ? and status = 'active'",
    ),
    markSaved: prepared(db, 'update live_games set saved_at = ? where id = ? and saved_at is null'),
    // A start and a last action write several rows in one transaction: on SQLite one prepared transaction.
    start: preparedTransaction(
      db,
      {
        abandon:
          "update live_games set status = 'abandoned', updated_at = ? where user_id = ? and status = 'active'",
        insert: `insert into live_games (${START_COLUMNS.join(', ')}) values (${START_COLUMNS.map(() => '?').join(', ')})`,
      },
      (sql, game: NewLiveGame, now: number) => {
        sql.abandon.run(now, game.userId);
        const row = startRow(game, now);
        sql.insert.run(...START_COLUMNS.map((column) => row[column]));
      },
    ),
    finish: preparedTransaction(
      db,
      {
        finish:
          "update live_games set actions = ?, seq = ?, status = 'finished', updated_at = ? " +
          "where id = ? and seq = ? and status = 'active'",
        insertGame: INSERT_GAME,
        link: 'update live_games set game_id = ? where id = ?',
      },
      (
        sql,
        id: string,
        seq: number,
        actions: string,
        row: Omit<GameRow, 'id'>,
        now: number,
      ): number | null => {
        if (sql.finish.run(actions, seq + 1, now, id, seq).changes !== 1) return null;
        const gameId = Number(sql.insertGame.run(...gameInsertParams(row)).lastInsertRowid);
        sql.link.run(gameId, id);
        return gameId;
      },
    ),
  };
}

function startRow(game: NewLiveGame, now: number): Record<(typeof START_COLUMNS)[number], SqlValue> {
  return {
    id: game.id,
    user_id: game.userId,
    status: 'active',
    server_seed: game.serverSeed,
    client_seed: game.clientSeed,
    commitment: game.commitment,
    custom_gift_set_id: game.customGiftSetId,
    gift_ids: JSON.stringify(game.giftIds),
    actions: '[]',
    seq: 0,
    game_id: null,
    client_game_id: game.clientGameId,
    saved_at: null,
    created_at: now,
    updated_at: now,
  };
}

export function liveGamesRepo(db: Db) {
  let prepared = statementsOf.get(db);
  if (!prepared) {
    prepared = statements(db);
    statementsOf.set(db, prepared);
  }
  const sql = prepared;
  return translatingDriverErrors({
    async find(id: string): Promise<LiveGame | null> {
      // read(): on SQLite's idle connection at once, without a trip through the pool.
      const row = await new Promise<LiveGameRow | undefined>((resolve, reject) =>
        sql.find.read<LiveGameRow>([id], (error, found) => (error ? reject(error) : resolve(found))),
      );
      return row ? toLiveGame(row) : null;
    },

    /** The player's unfinished game, the newest if a race left two. */
    async current(userId: number): Promise<LiveGame | null> {
      const row = await db<LiveGameRow>('live_games')
        .where({ user_id: userId, status: 'active' })
        .orderBy('created_at', 'desc')
        .first();
      return row ? toLiveGame(row) : null;
    },

    /** The player's newest game that was not abandoned: in progress, or finished. */
    async latestShown(userId: number): Promise<LiveGame | null> {
      const row = await db<LiveGameRow>('live_games')
        .where({ user_id: userId })
        .whereIn('status', ['active', 'finished'])
        .orderBy('created_at', 'desc')
        // A game started in the same millisecond as the last one ended: the one in progress.
        .orderBy('status', 'asc')
        .first();
      return row ? toLiveGame(row) : null;
    },

    /** Abandons the player's unfinished games and stores the new one, in one transaction. */
    async start(game: NewLiveGame, now: number): Promise<void> {
      if (sql.start) return sql.start(game, now);
      const run = () =>
        db.transaction(async (trx) => {
          await trx('live_games')
            .where({ user_id: game.userId, status: 'active' })
            .update({ status: 'abandoned', updated_at: now });
          await trx('live_games').insert(startRow(game, now));
        });
      try {
        await run();
      } catch (error) {
        // Two starts of one player at once on MySQL may deadlock on the index range: the loser goes again.
        if (!isDeadlock(error)) throw error;
        await run();
      }
    },

    /** Logs one more action; false when another request applied one first (seq moved on). */
    async advance(id: string, seq: number, actions: readonly LiveAction[], now: number): Promise<boolean> {
      const { changes } = await sql.advance.run([JSON.stringify(actions), seq + 1, now, id, seq]);
      return changes === 1;
    },

    /**
     * Logs the last action and records the finished game in the same transaction; null when another request
     * applied an action first (nothing is written then).
     */
    async finish(
      id: string,
      seq: number,
      actions: readonly LiveAction[],
      owner: { id: number; username: string },
      payload: SavedGamePayload,
      now: number,
    ): Promise<GameRecord | null> {
      if (sql.finish) {
        const row = gameRow(owner, payload, now);
        const gameId = await sql.finish(id, seq, JSON.stringify(actions), row, now);
        return gameId === null ? null : toGameRecord({ ...row, id: gameId });
      }
      return db.transaction(async (trx) => {
        // First, so a racing request waits on this row and then finds seq moved on.
        const changed = await trx('live_games')
          .where({ id, seq, status: 'active' })
          .update({ actions: JSON.stringify(actions), seq: seq + 1, status: 'finished', updated_at: now });
        if (changed !== 1) return null;
        const record = await insertGameIn(trx, owner, payload, now);
        await trx('live_games').where({ id }).update({ game_id: record.id });
        return record;
      });
    },

    /** Marks that a save was answered for this game: true the first time only. */
    async markSaved(id: string, now: number): Promise<boolean> {
      const { changes } = await sql.markSaved.run([now, id]);
      return changes === 1;
    },
  });
}
export type LiveGamesRepo = ReturnType<typeof liveGamesRepo>;
