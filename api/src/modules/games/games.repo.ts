import type { GameRecord, SavedGamePayload } from '@dond/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex.js';
import { prepared, type SqlValue } from '../../db/prepared.js';
import { isUniqueViolation, translatingDriverErrors } from '../../db/driverErrors.js';

export interface GameRow {
  id: number;
  client_game_id: string;
  user_id: number | null;
  username: string;
  custom_gift_set_id: number | null;
  first_case_selected: number;
  player_case_gift_id: number;
  final_amount: number;
  game_outcome: GameRecord['gameOutcome'];
  banker_offer_accepted: number | boolean;
  rounds_completed: number;
  cases_eliminated: string;
  gift_ids_used: string;
  played_at: number | string;
}

export function toGameRecord(row: GameRow): GameRecord {
  return {
    id: Number(row.id),
    clientGameId: row.client_game_id,
    // null once the player's account is deleted: the game stays for the statistics.
    userId: row.user_id === null ? null : Number(row.user_id),
    username: row.username,
    customGiftSetId: row.custom_gift_set_id === null ? null : Number(row.custom_gift_set_id),
    firstCaseSelected: Number(row.first_case_selected),
    playerCaseGiftId: Number(row.player_case_gift_id),
    roundsCompleted: Number(row.rounds_completed),
    gameOutcome: row.game_outcome,
    bankerOfferAccepted: Boolean(row.banker_offer_accepted),
    finalAmount: Number(row.final_amount),
    casesEliminated: JSON.parse(row.cases_eliminated) as number[],
    giftIdsUsed: JSON.parse(row.gift_ids_used) as number[],
    playedAt: new Date(Number(row.played_at)).toISOString(),
  };
}

// The columns of a save, in the order of INSERT_GAME's values (the bench's loader fills the same).
export const GAME_INSERT_COLUMNS = [
  'client_game_id',
  'user_id',
  'username',
  'custom_gift_set_id',
  'first_case_selected',
  'player_case_gift_id',
  'final_amount',
  'game_outcome',
  'banker_offer_accepted',
  'rounds_completed',
  'cases_eliminated',
  'gift_ids_used',
  'played_at',
] as const satisfies ReadonlyArray<keyof GameRow>;
export const INSERT_GAME = `insert into games (${GAME_INSERT_COLUMNS.join(', ')}) values (${GAME_INSERT_COLUMNS.map(() => '?').join(', ')})`;

// One prepared insert per Knex instance: saves are the hot write path, and Knex's builder and per-query
// prepare cost about as much as the insert itself on SQLite.
const insertStatements = new WeakMap<Db, ReturnType<typeof prepared>>();

/** The values of INSERT_GAME for a row, in GAME_INSERT_COLUMNS order (booleans as numbers). */
export function gameInsertParams(row: Omit<GameRow, 'id'>): SqlValue[] {
  return GAME_INSERT_COLUMNS.map((column) => {
    const value = row[column];
    return typeof value === 'boolean' ? Number(value) : value;
  });
}

export function gameRow(
  owner: { id: number; username: string },
  payload: SavedGamePayload,
  playedAt: number,
): Omit<GameRow, 'id'> {
  return {
    client_game_id: payload.clientGameId,
    user_id: owner.id,
    username: owner.username,
    custom_gift_set_id: payload.customGiftSetId,
    first_case_selected: payload.firstCaseSelected,
    player_case_gift_id: payload.playerCaseGiftId,
    final_amount: payload.finalAmount,
    game_outcome: payload.gameOutcome,
    banker_offer_accepted: payload.bankerOfferAccepted,
    rounds_completed: payload.roundsCompleted,
    cases_eliminated: JSON.stringify(payload.casesEliminated),
    gift_ids_used: JSON.stringify(payload.giftIdsUsed),
    played_at: playedAt,
  };
}

/**
 * Inserts a game inside a transaction of the caller's (a live game's last action records its game with it):
 * the Knex builder on the transaction, since the prepared insert would wait for the connection it holds.
 */
export async function insertGameIn(
  trx: Knex.Transaction,
  owner: { id: number; username: string },
  payload: SavedGamePayload,
  playedAt: number,
): Promise<GameRecord> {
  const row = gameRow(owner, payload, playedAt);
  const [id] = (await trx('games').insert(row)) as number[];
  return toGameRecord({ ...row, id: Number(id) });
}

export function gamesRepo(db: Db) {
  const games = () => db<GameRow>('games');
  let insertGame = insertStatements.get(db);
  if (!insertGame) {
    insertGame = prepared(db, INSERT_GAME);
    insertStatements.set(db, insertGame);
  }
  const insertStatement = insertGame;
  return translatingDriverErrors({
    async findByClientId(userId: number, clientGameId: string): Promise<GameRecord | null> {
      const row = await games().where({ user_id: userId, client_game_id: clientGameId }).first();
      return row ? toGameRecord(row) : null;
    },
    /** Inserts the game; answers null when this user already has a game with that client id. */
    async findById(id: number): Promise<GameRecord | null> {
      const row = await games().where({ id }).first();
      return row ? toGameRecord(row) : null;
    },
    /** Inserts the game; answers null when this user already has a game with that client id. */
    async insert(
      owner: { id: number; username: string },
      payload: SavedGamePayload,
      playedAt: number,
    ): Promise<GameRecord | null> {
      const row = gameRow(owner, payload, playedAt);
      try {
        // The record is the row we wrote, so no second read.
        const { insertId } = await insertStatement.run(gameInsertParams(row));
        return toGameRecord({ ...row, id: insertId });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async listByUser(userId: number, limit = 100): Promise<GameRecord[]> {
      const rows = await games()
        .where({ user_id: userId })
        .orderBy('played_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      return rows.map(toGameRecord);
    },
  });
}
export type GamesRepo = ReturnType<typeof gamesRepo>;
