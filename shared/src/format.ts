import { COIN_SYMBOL, EXPIRES_SOON_DAYS } from './constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A whole number with locale grouping: 44999 -> '44,999' in en-US. */
export function formatNumber(value: number, locale = 'en-US'): string {
  // The first Intl.NumberFormat of a page loads ICU's data (17 ms of a board's first render in Chromium): the
  // game's own locale groups whole numbers by hand.
  if (locale === 'en-US' && Number.isSafeInteger(value))
    return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  return numberFormat(locale).format(value);
}

// Building an Intl.NumberFormat costs about a millisecond each time: one a locale.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formats.set(locale, format);
  }
  return format;
}

/** Coins with the coin symbol and locale grouping: '🪙 44,999'. */
export function formatCoins(coins: number, locale = 'en-US'): string {
  return `${COIN_SYMBOL} ${formatNumber(coins, locale)}`;
}

/**
 * A count and its word, in the singular for exactly one: '1 coin', '2,150 coins', '1 more case'. `plural`
 * defaults to the word and an 's'.
 */
export function formatCount(
  count: number,
  singular: string,
  plural = `${singular}s`,
  locale = 'en-US',
): string {
  return `${formatNumber(count, locale)} ${count === 1 ? singular : plural}`;
}

export type ExpiryBadge = 'No Expiry' | 'Expired' | 'Expires Soon' | `${number} days left`;

/** Whole days left until the expiry, counting a part day as a day. */
export function daysLeft(expiry: Date, now: Date): number {
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
}

/**
 * The expiry badge of SPEC.md section 4: 'No Expiry' without a date, 'Expired' once past,
 * 'Expires Soon' with 7 days or fewer left, otherwise 'N days left'.
 */
export function expiryBadge(expiryDate: string | Date | null | undefined, now: Date): ExpiryBadge {
  if (expiryDate === null || expiryDate === undefined || expiryDate === '') return 'No Expiry';
  const expiry = expiryDate instanceof Date ? expiryDate : new Date(expiryDate);
  if (Number.isNaN(expiry.getTime())) return 'No Expiry';
  if (expiry.getTime() <= now.getTime()) return 'Expired';
  const left = daysLeft(expiry, now);
  return left <= EXPIRES_SOON_DAYS ? 'Expires Soon' : (`${formatCount(left, 'day')} left` as ExpiryBadge);
}
