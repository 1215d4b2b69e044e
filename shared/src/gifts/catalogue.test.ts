import { describe, expect, it } from 'vitest';
import { DEFAULT_GIFT_IDS, GIFT_FALLBACK_IMAGE_URL, GIFTS, giftById, isKnownGiftId } from './catalogue.js';

describe('gift catalogue', () => {
  it('holds 44 gifts with ids 1 to 44', () => {
    expect(GIFTS).toHaveLength(44);
    expect(GIFTS.map((g) => g.id)).toEqual(Array.from({ length: 44 }, (_, i) => i + 1));
  });

  it('runs from a 1-coin Rose to the 44,999-coin TikTok Universe', () => {
    expect(giftById(1)).toMatchObject({ name: 'Rose', coins: 1 });
    expect(giftById(44)).toMatchObject({ name: 'TikTok Universe', coins: 44_999 });
    const coins = GIFTS.map((g) => g.coins);
    expect(Math.min(...coins)).toBe(1);
    expect(Math.max(...coins)).toBe(44_999);
  });

  it('has the default set of ids 1 to 26, from 1 to 39,999 coins', () => {
    expect(DEFAULT_GIFT_IDS).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    const coins = DEFAULT_GIFT_IDS.map((id) => giftById(id)!.coins);
    expect(Math.min(...coins)).toBe(1);
    expect(Math.max(...coins)).toBe(39_999);
    expect(giftById(26)).toMatchObject({ name: 'TikTok Stars', coins: 39_999 });
  });

  it("keeps DECISIONS.md's prices for the extra pool", () => {
    expect(GIFTS.slice(26).map((g) => [g.id, g.name, g.coins])).toEqual([
      [27, 'TikTok', 1],
      [28, 'GG', 1],
      [29, 'Ice Cream Cone', 1],
      [30, 'Cheer You Up', 9],
      [31, 'Tiny Diny', 10],
      [32, 'Cap', 99],
      [33, 'Confetti', 100],
      [34, 'Boxing Gloves', 299],
      [35, 'Gem Gun', 500],
      [36, 'Fireworks', 1088],
      [37, 'Motorcycle', 2988],
      [38, 'Wolf', 5500],
      [39, 'Future City', 6000],
      [40, 'Castle Fantasy', 20000],
      [41, 'Dragon Flame', 26999],
      [42, 'Fire Phoenix', 41999],
      [43, 'Pegasus', 42999],
      [44, 'TikTok Universe', 44999],
    ]);
  });

  it('gives every gift a short name and its own picture', () => {
    for (const gift of GIFTS) {
      expect(gift.shortName.length).toBeGreaterThan(0);
      expect(gift.shortName.length).toBeLessThanOrEqual(10);
      expect(gift.imageUrl).toMatch(/^\/gifts\/[a-z0-9-]+\.svg$/);
    }
    expect(new Set(GIFTS.map((g) => g.imageUrl)).size).toBe(44);
    expect(GIFTS.map((g) => g.imageUrl)).not.toContain(GIFT_FALLBACK_IMAGE_URL);
  });

  it('knows its ids and no others', () => {
    expect(isKnownGiftId(44)).toBe(true);
    expect(isKnownGiftId(0)).toBe(false);
    expect(isKnownGiftId(45)).toBe(false);
    expect(giftById(45)).toBeUndefined();
  });
});
