import { DEFAULT_GIFT_IDS, DEFAULT_GIFT_SET_NAME } from '@dond/shared';
import { describe, expect, it } from 'vitest';
import {
  addGift,
  defaultState,
  idsToSave,
  initialState,
  isDirty,
  removeGift,
  swapGift,
  unusedGifts,
  usedGiftsDescending,
  valueBoards,
} from './giftSetEditor';

describe('the gift set editor', () => {
  it('starts from the default 26 and the default name when nothing is saved', () => {
    expect(initialState(null)).toEqual({ name: DEFAULT_GIFT_SET_NAME, giftIds: [...DEFAULT_GIFT_IDS] });
  });

  it('starts from the saved set, leaving out unknown and repeated ids', () => {
    const state = initialState({ id: 7, name: 'Mine', giftIds: [...DEFAULT_GIFT_IDS.slice(1), 44, 44, 99] });
    expect(state.name).toBe('Mine');
    expect(state.giftIds).toEqual([...DEFAULT_GIFT_IDS.slice(1), 44]);
  });

  it('splits the boards 13 and 13 by coins', () => {
    const swapped = swapGift(defaultState(), 1, 44);
    const { lower, higher } = valueBoards(swapped);
    expect(lower.map((g) => g.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(higher.at(-1)?.id).toBe(44);
    expect(higher).toHaveLength(13);
  });

  it('offers only unused gifts, highest value first', () => {
    const options = unusedGifts(defaultState());
    expect(options).toHaveLength(18);
    expect(options.map((g) => g.id)).not.toContain(1);
    expect(options[0]?.id).toBe(44);
    const coins = options.map((g) => g.coins);
    expect(coins).toEqual([...coins].sort((a, b) => b - a));
    // Equal values keep catalogue order: TikTok, GG and Ice Cream Cone are all 1 coin.
    expect(options.slice(-3).map((g) => g.id)).toEqual([27, 28, 29]);
  });

  it('swaps only an unused gift in for a used one', () => {
    const state = defaultState();
    expect(swapGift(state, 1, 2)).toBe(state);
    expect(swapGift(state, 40, 41)).toBe(state);
    expect(swapGift(state, 1, 999)).toBe(state);
    expect(swapGift(state, 1, 44).giftIds).toHaveLength(26);
  });

  it('removes and adds, never past 26', () => {
    const removed = removeGift(defaultState(), 5);
    expect(removed.giftIds).toHaveLength(25);
    expect(addGift(removed, 5).giftIds).toHaveLength(26);
    expect(addGift(addGift(removed, 40), 41).giftIds).toHaveLength(26);
    expect(addGift(removed, 6)).toBe(removed);
  });

  it('is dirty only while the set or the name differs from the baseline', () => {
    const baseline = defaultState();
    expect(isDirty(baseline, baseline)).toBe(false);
    const swapped = swapGift(baseline, 1, 44);
    expect(isDirty(swapped, baseline)).toBe(true);
    expect(isDirty(swapGift(swapped, 44, 1), baseline)).toBe(false);
    expect(isDirty({ ...baseline, name: 'Other' }, baseline)).toBe(true);
    expect(isDirty(removeGift(baseline, 3), baseline)).toBe(true);
  });

  it('lists the set highest first for a catalogue gift to replace, and saves ids by coins', () => {
    const state = swapGift(defaultState(), 1, 44);
    expect(usedGiftsDescending(state)[0]?.id).toBe(44);
    expect(idsToSave(state)).toEqual([...DEFAULT_GIFT_IDS.slice(1), 44]);
  });
});
