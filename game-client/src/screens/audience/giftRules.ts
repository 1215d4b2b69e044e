import type { AudienceGiftEffect, AudienceGiftRule } from '@dond/shared';

/** The effects as the deck names them. */
export const GIFT_EFFECT_NAMES: Record<AudienceGiftEffect, string> = {
  deal: 'Votes DEAL',
  noDeal: 'Votes NO DEAL',
  call: "Backs the viewer's case call",
};

/** Gifts a streamer is likely to map, as TikTok names them, offered first in the gift name's suggestions. */
export const COMMON_TIKTOK_GIFTS = [
  'Rose',
  'TikTok',
  'GG',
  'Ice Cream Cone',
  'Heart Me',
  'Finger Heart',
  'Doughnut',
  'Perfume',
  'Galaxy',
  'Lion',
  'Universe',
] as const;

/** The gift name's suggestions: the common gifts, then our catalogue's, each name once (case-insensitively). */
export function giftNameSuggestions(catalogue: ReadonlyArray<{ name: string }>): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of [...COMMON_TIKTOK_GIFTS, ...catalogue.map((g) => g.name)]) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    names.push(name.trim());
  }
  return names;
}

/** A row of the deck's gift rules form (`id` keeps React's rows apart while names are typed). */
export interface GiftRuleRow extends AudienceGiftRule {
  id: number;
}

let rowId = 0;
export function giftRuleRow(rule: AudienceGiftRule = { giftName: '', effect: 'deal' }): GiftRuleRow {
  return { id: ++rowId, ...rule };
}

/**
 * The rules the form saves: names trimmed, rows left blank dropped (an added row not filled in). Anything else,
 * a repeated name or too many rules, is left for the API to refuse with its own words.
 */
export function rulesFromRows(rows: readonly GiftRuleRow[]): AudienceGiftRule[] {
  return rows
    .map((r) => ({ giftName: r.giftName.trim(), effect: r.effect }))
    .filter((r) => r.giftName !== '');
}
