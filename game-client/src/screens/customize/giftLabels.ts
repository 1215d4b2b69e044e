import { formatCount, type Gift } from '@dond/shared';

/** A gift's accessible name: 'Galaxy, 1,000 coins' ('Rose, 1 coin'). */
export function giftLabel(gift: Pick<Gift, 'name' | 'coins'>): string {
  return `${gift.name}, ${formatCount(gift.coins, 'coin')}`;
}
