import {
  DEFAULT_GIFT_IDS,
  isValidGiftSet,
  verifyGame,
  type SaveGameResponse,
  type SavedGamePayload,
} from '@dond/shared';
import type { Db } from '../../db/knex.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { giftSetsRepo } from '../gifts/gifts.repo.js';
import { gamesRepo, sameGame } from './games.repo.js';

export const DIFFERENT_PAYLOAD =
  'A different game was already saved under this clientGameId. Start a new game to get a new id.';

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
  // The game was dealt from the default set or from the player's own set (read only when it is not the default).
  const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join();
  const playedIds = sortedIds(payload.giftIdsUsed);
  let allowed: readonly number[] = DEFAULT_GIFT_IDS;
  if (playedIds !== sortedIds(DEFAULT_GIFT_IDS)) {
    const custom = await giftSetsRepo(db).findByUser(owner.id);
    if (custom && isValidGiftSet(custom.giftIds)) allowed = custom.giftIds;
  }
  const verdict = verifyGame(payload, allowed);
  if (!verdict.ok) throw unprocessable(`This game breaks the rules: ${verdict.rule}`, verdict.field);

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
