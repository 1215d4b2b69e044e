import { verifyGame, type GameRecord, type SaveGameResponse, type SavedGamePayload } from '@dond/shared';
import type { Db } from '../../db/knex.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { giftSetsRepo } from '../gifts/gifts.repo.js';
import { liveGamesRepo } from '../liveGames/liveGames.repo.js';
import { gamesRepo } from './games.repo.js';

export const notOwnGiftSet = (id: number) =>
  `customGiftSetId ${id} is not the player's own gift set: send the id of the player's set, or null`;

export const LIVE_GAME_REQUIRED =
  'liveGameId is required: a game is saved from the live game the server dealt and recorded';
export const notPlayersLiveGame = (id: string, player: string) =>
  `liveGameId ${id} is not a game of ${player}`;
export const liveGameNotOver = (id: string) => `liveGameId ${id} is a game that is not over yet`;
export const RECORD_CLEARED =
  'The record of this game was deleted when the statistics were cleared: it cannot be saved again';
export const contradicts = (field: string) => `${field} does not match the server's record of this game`;

/** The payload's fields that the record holds, in the payload's order: the first that differs is named. */
const RECORDED_FIELDS = [
  'clientGameId',
  'customGiftSetId',
  'firstCaseSelected',
  'playerCaseGiftId',
  'finalAmount',
  'gameOutcome',
  'bankerOfferAccepted',
  'roundsCompleted',
  'casesEliminated',
  'giftIdsUsed',
] as const satisfies ReadonlyArray<keyof SavedGamePayload & keyof GameRecord>;

/** The first field of the payload that the record contradicts, or null when they agree. */
export function firstContradiction(record: GameRecord, payload: SavedGamePayload): string | null {
  for (const field of RECORDED_FIELDS) {
    if (JSON.stringify(record[field]) !== JSON.stringify(payload[field])) return field;
  }
  return null;
}

/**
 * A save of a finished game (POST /api/games, and an admin's recovery on the player's behalf): the server
 * recorded the game when its last action landed, so a save answers that record (created true the first time
 * this is asked for that game, false after) once the payload is checked against the rules and agrees with the
 * record field by field. No liveGameId, another player's game, an unfinished one or a contradiction: 422.
 */
export async function saveGame(
  db: Db,
  owner: { id: number; username: string },
  payload: SavedGamePayload,
  now: number,
): Promise<SaveGameResponse> {
  // The game is checked on the 26 gifts it was dealt (26 distinct gifts of the catalogue), not on the
  // player's set as it is now (docs/decisions/0025-input-games-keep-their-gifts.md).
  const verdict = verifyGame(payload, payload.giftIdsUsed);
  if (!verdict.ok) throw unprocessable(`This game breaks the rules: ${verdict.rule}`, verdict.field);
  // A game names a custom set only if it is the player's own (one set per player, whose id never changes).
  if (payload.customGiftSetId !== null) {
    const own = await giftSetsRepo(db).findByUser(owner.id);
    if (own?.id !== payload.customGiftSetId) {
      throw unprocessable(notOwnGiftSet(payload.customGiftSetId), 'customGiftSetId');
    }
  }

  const id = payload.liveGameId;
  if (id === undefined) throw unprocessable(LIVE_GAME_REQUIRED, 'liveGameId');
  const liveGames = liveGamesRepo(db);
  const live = await liveGames.find(id);
  if (!live || live.userId !== owner.id) {
    throw unprocessable(notPlayersLiveGame(id, owner.username), 'liveGameId');
  }
  if (live.status !== 'finished') throw unprocessable(liveGameNotOver(id), 'liveGameId');
  const record = live.gameId === null ? null : await gamesRepo(db).findById(live.gameId);
  if (!record) throw conflict(RECORD_CLEARED, 'liveGameId');
  const field = firstContradiction(record, payload);
  if (field) throw unprocessable(contradicts(field), field);
  return { game: record, created: await liveGames.markSaved(id, now) };
}
