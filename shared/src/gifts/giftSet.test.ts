import { describe, expect, it } from 'vitest';
import { DEFAULT_GIFT_IDS } from './catalogue.js';
import { isValidGiftSet, resolveGiftSet, splitValueBoards } from './giftSet.js';

// A custom set: the default set with its two cheapest gifts swapped for two of the extra pool.
const CUSTOM = [...DEFAULT_GIFT_IDS.slice(2), 44, 43];

describe('resolveGiftSet', () => {
  it('uses a custom set that resolves to exactly 26 known gifts, sorted by coins ascending', () => {
    const gifts = resolveGiftSet(CUSTOM);
    expect(gifts.map((g) => g.id).sort((a, b) => a - b)).toEqual([...CUSTOM].sort((a, b) => a - b));
    const coins = gifts.map((g) => g.coins);
    expect(coins).toEqual([...coins].sort((a, b) => a - b));
    expect(gifts.at(-1)!.name).toBe('TikTok Universe');
  });

  it('falls back to the default set otherwise', () => {
    const defaults = resolveGiftSet(null).map((g) => g.id);
    expect(defaults).toEqual(DEFAULT_GIFT_IDS);
    expect(resolveGiftSet(undefined).map((g) => g.id)).toEqual(defaults);
    expect(resolveGiftSet(CUSTOM.slice(1)).map((g) => g.id)).toEqual(defaults); // 25 gifts
    expect(resolveGiftSet([...CUSTOM.slice(1), 99]).map((g) => g.id)).toEqual(defaults); // unknown id
    expect(resolveGiftSet([...CUSTOM.slice(1), CUSTOM[1]!]).map((g) => g.id)).toEqual(defaults); // repeat
    expect(resolveGiftSet([...CUSTOM, 30]).map((g) => g.id)).toEqual(defaults); // 27 gifts
  });

  it('orders gifts of equal coins by id', () => {
    const set = [27, 28, 29, 1, ...DEFAULT_GIFT_IDS.slice(4)];
    expect(
      resolveGiftSet(set)
        .slice(0, 4)
        .map((g) => g.id),
    ).toEqual([1, 27, 28, 29]);
  });
});

describe('isValidGiftSet', () => {
  it('wants 26 distinct known ids', () => {
    expect(isValidGiftSet(DEFAULT_GIFT_IDS)).toBe(true);
    expect(isValidGiftSet(DEFAULT_GIFT_IDS.slice(1))).toBe(false);
    expect(isValidGiftSet([...DEFAULT_GIFT_IDS.slice(1), 1.5])).toBe(false);
  });
});

describe('splitValueBoards', () => {
  it('puts the 13 lowest on LOWER VALUES and the 13 highest on HIGHER VALUES', () => {
    const { lower, higher } = splitValueBoards([...resolveGiftSet(null)].reverse());
    expect(lower.map((g) => g.id)).toEqual(DEFAULT_GIFT_IDS.slice(0, 13));
    expect(higher.map((g) => g.id)).toEqual(DEFAULT_GIFT_IDS.slice(13));
    expect(Math.max(...lower.map((g) => g.coins))).toBeLessThan(Math.min(...higher.map((g) => g.coins)));
  });
});
