import { verifyGame, type SaveGameResponse, type SavedGamePayload } from '@dond/shared';
import type { Db } from '../../db/knex.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { giftSetsRepo } from '../gifts/gifts.repo.js';
import { gamesRepo, sameGame } from './games.repo.js';

export const DIFFERENT_PAYLOAD =
  'A different game was already saved under this clientGameId. Start a new game to get a new id.';

export const notOwnGiftSet = (id: number) =>
  `customGiftSetId ${id} is not the player's own gift set: send the id of the player's set, or null`;

/**
 * Saves a finished game for its owner after checking it against the rules, once: the same clientGameId again
 * answers the stored record (created false); the same id with another payload is a 409.
 */
export async function saveGame(
  db: Db,
  owner: { id: number; username: string },
  payload: SavedGamePayload,
  now: number,
): Promise<SaveGameResponse> {
  // The game is checked on the 26 gifts it was dealt (26 distinct gifts of the catalogue), not on the
  // player's set as it is now: a set edited after the game, or before a backup is recovered, would make the
  // game unsavable forever. Any 26 catalogue gifts are a set the player could have saved and played.
  // (docs/decisions/0025-input-games-keep-their-gifts.md)
  const verdict = verifyGame(payload, payload.giftIdsUsed);
  if (!verdict.ok) throw unprocessable(`This game breaks the rules: ${verdict.rule}`, verdict.field);
  // A game names a custom set only if it is the player's own (one set per player, whose id never changes).
  if (payload.customGiftSetId !== null) {
    const own = await giftSetsRepo(db).findByUser(owner.id);
    if (own?.id !== payload.customGiftSetId) {
      throw unprocessable(notOwnGiftSet(payload.customGiftSetId), 'customGiftSetId');
    }
  }

  // Insert first: a save that is new (the common case) costs one write; a repeat finds the stored record.
  const games = gamesRepo(db);
  const created = await games.insert(owner, payload, now);
  if (created) return { game: created, created: true };
  const existing = await games.findByClientId(owner.id, payload.clientGameId);
  if (!existing) throw new Error('game vanished after a duplicate key');
  return answerExisting(existing, payload);
}

function answerExisting(existing: SaveGameResponse['game'], payload: SavedGamePayload): SaveGameResponse {
  if (!sameGame(existing, payload)) throw conflict(DIFFERENT_PAYLOAD, 'clientGameId');
  return { game: existing, created: false };
}
