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
  const games = gamesRepo(db);
  const existing = await games.findByClientId(owner.id, payload.clientGameId);
  if (existing) return answerExisting(existing, payload);

  // The game was dealt from the default set or from the player's own set.
  const custom = await giftSetsRepo(db).findByUser(owner.id);
  const candidates = [
    DEFAULT_GIFT_IDS,
    ...(custom && isValidGiftSet(custom.giftIds) ? [custom.giftIds] : []),
  ];
  const sameGifts = (ids: readonly number[]) =>
    [...ids].sort((a, b) => a - b).join() === [...payload.giftIdsUsed].sort((a, b) => a - b).join();
  const allowed =
    candidates.find(sameGifts) ??
    (payload.customGiftSetId !== null && custom ? custom.giftIds : DEFAULT_GIFT_IDS);
  const verdict = verifyGame(payload, allowed);
  if (!verdict.ok) throw unprocessable(`This game breaks the rules: ${verdict.rule}`, verdict.field);

  const created = await games.insert(owner, payload, now);
  if (created) return { game: created, created: true };
  // A concurrent save of the same game won the race.
  const raced = await games.findByClientId(owner.id, payload.clientGameId);
  if (!raced) throw new Error('game vanished after a duplicate key');
  return answerExisting(raced, payload);
}

function answerExisting(existing: SaveGameResponse['game'], payload: SavedGamePayload): SaveGameResponse {
  if (!sameGame(existing, payload)) throw conflict(DIFFERENT_PAYLOAD, 'clientGameId');
  return { game: existing, created: false };
}
