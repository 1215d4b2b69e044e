import { GIFT_SET_SIZE, LOWER_VALUES_COUNT } from '../constants.js';
import { DEFAULT_GIFT_IDS, giftById, type Gift } from './catalogue.js';

/** Orders gifts by coins ascending; equal coins keep id order so every board lists them alike. */
export function sortByCoins(gifts: readonly Gift[]): Gift[] {
  return [...gifts].sort((a, b) => a.coins - b.coins || a.id - b.id);
}

/** True when the ids name exactly GIFT_SET_SIZE distinct known gifts. */
export function isValidGiftSet(giftIds: readonly number[]): boolean {
  return (
    giftIds.length === GIFT_SET_SIZE &&
    new Set(giftIds).size === GIFT_SET_SIZE &&
    giftIds.every((id) => giftById(id) !== undefined)
  );
}

/**
 * The gifts a game is played with: the custom set when it resolves to exactly 26 distinct known gifts,
 * otherwise the default set; sorted by coins ascending.
 */
export function resolveGiftSet(customGiftIds?: readonly number[] | null): Gift[] {
  const ids = customGiftIds && isValidGiftSet(customGiftIds) ? customGiftIds : DEFAULT_GIFT_IDS;
  return sortByCoins(ids.map((id) => giftById(id)).filter((gift): gift is Gift => gift !== undefined));
}

/** The value boards: LOWER VALUES holds the first 13 by coins, HIGHER VALUES the other 13. */
export function splitValueBoards(gifts: readonly Gift[]): { lower: Gift[]; higher: Gift[] } {
  const sorted = sortByCoins(gifts);
  return { lower: sorted.slice(0, LOWER_VALUES_COUNT), higher: sorted.slice(LOWER_VALUES_COUNT) };
}
