import { CASE_COUNT } from '../constants.js';

export interface Gift {
  readonly id: number;
  readonly name: string;
  readonly shortName: string;
  readonly coins: number;
  readonly imageUrl: string;
}

/** Where the gift pictures are served from (the game client's public folder). */
export const GIFT_IMAGE_BASE = '/gifts/';
/** The generic box shown when a gift picture fails to load. */
export const GIFT_FALLBACK_IMAGE_URL = `${GIFT_IMAGE_BASE}box.svg`;

// [id, name, shortName, coins, file]: DECISIONS.md's catalogue. Names are the gifts' own, short names ours.
const ROWS: ReadonlyArray<readonly [number, string, string, number, string]> = [
  [1, 'Rose', 'Rose', 1, 'rose'],
  [2, 'Finger Heart', 'Heart', 5, 'finger-heart'],
  [3, 'Rosa', 'Rosa', 10, 'rosa'],
  [4, 'Perfume', 'Perfume', 20, 'perfume'],
  [5, 'Doughnut', 'Donut', 30, 'doughnut'],
  [6, 'Paper Crane', 'Crane', 99, 'paper-crane'],
  [7, 'Hand Hearts', 'Hands', 100, 'hand-hearts'],
  [8, 'Sunglasses', 'Shades', 199, 'sunglasses'],
  [9, 'Corgi', 'Corgi', 299, 'corgi'],
  [10, 'Forever Rosa', 'Forever', 399, 'forever-rosa'],
  [11, 'Money Gun', 'Cash Gun', 500, 'money-gun'],
  [12, 'Swan', 'Swan', 699, 'swan'],
  [13, 'Train', 'Train', 899, 'train'],
  [14, 'Galaxy', 'Galaxy', 1000, 'galaxy'],
  [15, 'Chasing the Dream', 'Dream', 1500, 'chasing-the-dream'],
  [16, 'Whale Diving', 'Whale', 2150, 'whale-diving'],
  [17, 'Meteor Shower', 'Meteors', 3000, 'meteor-shower'],
  [18, 'Private Jet', 'Jet', 4888, 'private-jet'],
  [19, 'Sports Car', 'Car', 7000, 'sports-car'],
  [20, 'Interstellar', 'Stellar', 10000, 'interstellar'],
  [21, 'Rosa Nebula', 'Nebula', 15000, 'rosa-nebula'],
  [22, 'TikTok Shuttle', 'Shuttle', 20000, 'tiktok-shuttle'],
  [23, 'Phoenix', 'Phoenix', 25999, 'phoenix'],
  [24, 'Lion', 'Lion', 29999, 'lion'],
  [25, 'Zeus', 'Zeus', 34000, 'zeus'],
  [26, 'TikTok Stars', 'Stars', 39999, 'tiktok-stars'],
  [27, 'TikTok', 'TikTok', 1, 'tiktok'],
  [28, 'GG', 'GG', 1, 'gg'],
  [29, 'Ice Cream Cone', 'Ice Cream', 1, 'ice-cream-cone'],
  [30, 'Cheer You Up', 'Cheer', 9, 'cheer-you-up'],
  [31, 'Tiny Diny', 'Diny', 10, 'tiny-diny'],
  [32, 'Cap', 'Cap', 99, 'cap'],
  [33, 'Confetti', 'Confetti', 100, 'confetti'],
  [34, 'Boxing Gloves', 'Gloves', 299, 'boxing-gloves'],
  [35, 'Gem Gun', 'Gem Gun', 500, 'gem-gun'],
  [36, 'Fireworks', 'Fireworks', 1088, 'fireworks'],
  [37, 'Motorcycle', 'Moto', 2988, 'motorcycle'],
  [38, 'Wolf', 'Wolf', 5500, 'wolf'],
  [39, 'Future City', 'City', 6000, 'future-city'],
  [40, 'Castle Fantasy', 'Castle', 20000, 'castle-fantasy'],
  [41, 'Dragon Flame', 'Dragon', 26999, 'dragon-flame'],
  [42, 'Fire Phoenix', 'Fire Bird', 41999, 'fire-phoenix'],
  [43, 'Pegasus', 'Pegasus', 42999, 'pegasus'],
  [44, 'TikTok Universe', 'Universe', 44999, 'tiktok-universe'],
];

/** The whole catalogue of 44 gifts, ids 1 to 44. */
export const GIFTS: readonly Gift[] = ROWS.map(([id, name, shortName, coins, file]) => ({
  id,
  name,
  shortName,
  coins,
  imageUrl: `${GIFT_IMAGE_BASE}${file}.svg`,
}));

const BY_ID = new Map(GIFTS.map((gift) => [gift.id, gift]));

/** The default set: ids 1 to 26. */
export const DEFAULT_GIFT_IDS: readonly number[] = Array.from({ length: CASE_COUNT }, (_, i) => i + 1);

export function giftById(id: number): Gift | undefined {
  return BY_ID.get(id);
}

export function isKnownGiftId(id: number): boolean {
  return BY_ID.has(id);
}
