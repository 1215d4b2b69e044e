import { describe, expect, it } from 'vitest';
import { COMMON_TIKTOK_GIFTS, giftNameSuggestions, giftRuleRow, rulesFromRows } from './giftRules';

describe('giftNameSuggestions', () => {
  it('offers the common TikTok gifts first, then our catalogue, each name once whatever its case', () => {
    const names = giftNameSuggestions([
      { name: 'rose' },
      { name: 'Swan' },
      { name: ' Galaxy ' },
      { name: 'Corgi' },
    ]);
    expect(names.slice(0, COMMON_TIKTOK_GIFTS.length)).toEqual([...COMMON_TIKTOK_GIFTS]);
    expect(names.slice(COMMON_TIKTOK_GIFTS.length)).toEqual(['Swan', 'Corgi']);
  });
});

describe('rulesFromRows', () => {
  it('trims names and drops blank rows, keeping the effect and the order', () => {
    const rows = [
      giftRuleRow({ giftName: '  Rose ', effect: 'deal' }),
      giftRuleRow(),
      giftRuleRow({ giftName: 'Lion', effect: 'call' }),
      giftRuleRow({ giftName: '   ', effect: 'noDeal' }),
    ];
    expect(rulesFromRows(rows)).toEqual([
      { giftName: 'Rose', effect: 'deal' },
      { giftName: 'Lion', effect: 'call' },
    ]);
  });

  it('leaves a repeated name for the API to refuse', () => {
    const rows = [
      giftRuleRow({ giftName: 'Rose', effect: 'deal' }),
      giftRuleRow({ giftName: 'rose', effect: 'noDeal' }),
    ];
    expect(rulesFromRows(rows)).toHaveLength(2);
  });

  it('gives each row its own id', () => {
    expect(giftRuleRow().id).not.toBe(giftRuleRow().id);
  });
});
