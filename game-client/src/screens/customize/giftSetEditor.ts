// The gift set being edited on the Customize gifts screen, as plain functions over plain data.
import {
  DEFAULT_GIFT_IDS,
  DEFAULT_GIFT_SET_NAME,
  GIFT_SET_SIZE,
  GIFTS,
  giftById,
  sortByCoins,
  splitValueBoards,
  type CustomGiftSet,
  type Gift,
} from '@dond/shared';

export interface EditorState {
  name: string;
  /** The chosen gifts' ids, each once; shown sorted by coins. */
  giftIds: number[];
}

/** What the screen starts from: the saved set (its known gifts, each once) or the default 26. */
export function initialState(saved: CustomGiftSet | null): EditorState {
  if (!saved) return defaultState();
  const known = saved.giftIds.filter(
    (id, i) => giftById(id) !== undefined && saved.giftIds.indexOf(id) === i,
  );
  return { name: saved.name, giftIds: known };
}

/** Reset: the default 26 gifts and the name 'My Custom Gifts'. */
export function defaultState(): EditorState {
  return { name: DEFAULT_GIFT_SET_NAME, giftIds: [...DEFAULT_GIFT_IDS] };
}

/** Puts `incoming` (a gift not in the set) in the place of `outgoing`. */
export function swapGift(state: EditorState, outgoing: number, incoming: number): EditorState {
  if (!state.giftIds.includes(outgoing) || state.giftIds.includes(incoming) || !giftById(incoming))
    return state;
  return { ...state, giftIds: state.giftIds.map((id) => (id === outgoing ? incoming : id)) };
}

export function removeGift(state: EditorState, id: number): EditorState {
  if (!state.giftIds.includes(id)) return state;
  return { ...state, giftIds: state.giftIds.filter((other) => other !== id) };
}

/** Adds a gift while the set has room for it. */
export function addGift(state: EditorState, id: number): EditorState {
  if (state.giftIds.length >= GIFT_SET_SIZE || state.giftIds.includes(id) || !giftById(id)) return state;
  return { ...state, giftIds: [...state.giftIds, id] };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** Dirty: the set or its name differs from what is saved (or from the default before any save). */
export function isDirty(state: EditorState, baseline: EditorState): boolean {
  return state.name.trim() !== baseline.name.trim() || !sameIds(state.giftIds, baseline.giftIds);
}

export function selectedGifts(state: EditorState): Gift[] {
  return sortByCoins(
    state.giftIds.map((id) => giftById(id)).filter((gift): gift is Gift => gift !== undefined),
  );
}

/** The two value boards: LOWER VALUES the first 13 by coins, HIGHER VALUES the rest. */
export function valueBoards(state: EditorState): { lower: Gift[]; higher: Gift[] } {
  return splitValueBoards(selectedGifts(state));
}

/** Highest value first; equal values by catalogue order. */
const byCoinsDescending = (a: Gift, b: Gift) => b.coins - a.coins || a.id - b.id;

/** The swap list: gifts not in the set, sorted by coin value descending. */
export function unusedGifts(state: EditorState): Gift[] {
  const used = new Set(state.giftIds);
  return GIFTS.filter((gift) => !used.has(gift.id)).sort(byCoinsDescending);
}

/** The set's gifts, highest value first: what a gift from the catalogue can replace. */
export function usedGiftsDescending(state: EditorState): Gift[] {
  return selectedGifts(state).sort(byCoinsDescending);
}

/** The ids in the order they are saved: by coins ascending, like the boards. */
export function idsToSave(state: EditorState): number[] {
  return selectedGifts(state).map((gift) => gift.id);
}
