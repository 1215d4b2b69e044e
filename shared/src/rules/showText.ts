import { formatNumber } from '../format.js';
import { SHOW_MOMENTS, type Celebration, type OfferDirection } from './show.js';

/** The show moments' words (issue 15), for the canvas, its DOM mirror and the tests. */
export const SHOW_TEXT = {
  boardAverage: "BOARD'S AVERAGE",
  celebration: {
    bigValuesSurvive: `THE TOP ${SHOW_MOMENTS.bigValueTopCount} VALUES ARE STILL IN PLAY!`,
    beatTheBanker: 'YOU BEAT THE BANKER!',
  } satisfies Record<Celebration, string>,
  /** Read by screen readers for each step of the offer strip. */
  direction: { first: 'first offer', up: 'up', down: 'down', same: 'no change' } satisfies Record<
    OfferDirection,
    string
  >,
  current: 'on the table',
  /** The arrows drawn on the strip. */
  arrow: { first: '', up: '▲', down: '▼', same: '=' } satisfies Record<OfferDirection, string>,
} as const;

/** 'Offer = 72% of the board's average'. */
export function offerShareText(percent: number): string {
  return `Offer = ${percent}% of the board's average`;
}

/** One step of the offer history as read aloud: 'Offer 2: 1,250 coins, up'. */
export function offerStepText(
  index: number,
  offer: number,
  direction: OfferDirection,
  current: boolean,
): string {
  const coins = `${formatNumber(offer)} ${offer === 1 ? 'coin' : 'coins'}`;
  return `Offer ${index + 1}: ${coins}, ${SHOW_TEXT.direction[direction]}${current ? `, ${SHOW_TEXT.current}` : ''}`;
}
