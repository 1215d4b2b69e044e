import { describe, expect, it } from 'vitest';
import { expiryBadge, formatCoins, formatCount, formatNumber } from './format.js';

describe('formatCoins', () => {
  it('puts the coin symbol before the locale-grouped number', () => {
    expect(formatCoins(44_999)).toBe('🪙 44,999');
    expect(formatCoins(1)).toBe('🪙 1');
    expect(formatCoins(1_000_000)).toBe('🪙 1,000,000');
  });
  it('groups by hand exactly as Intl does in en-US, negatives and fractions included', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of [
      0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_234_567, 2.6, 1234.4,
    ])
      expect(formatNumber(n)).toBe(intl.format(n));
  });
  it('follows the locale it is given', () => {
    expect(formatNumber(44_999, 'de-DE')).toBe('44.999');
  });
});

describe('formatCount', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(formatCount(1, 'coin')).toBe('1 coin');
    expect(formatCount(0, 'coin')).toBe('0 coins');
    expect(formatCount(2_150, 'coin')).toBe('2,150 coins');
    expect(formatCount(1, 'more case', 'more cases')).toBe('1 more case');
    expect(formatCount(5, 'more case', 'more cases')).toBe('5 more cases');
  });
});

describe('expiryBadge', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  it("reads 'No Expiry' without a date", () => {
    expect(expiryBadge(null, now)).toBe('No Expiry');
    expect(expiryBadge(undefined, now)).toBe('No Expiry');
  });
  it("reads 'Expired' once the date is past", () => {
    expect(expiryBadge(inDays(-1), now)).toBe('Expired');
    expect(expiryBadge(now, now)).toBe('Expired');
  });
  it("reads 'Expires Soon' with 7 days or fewer left", () => {
    expect(expiryBadge(inDays(0.01), now)).toBe('Expires Soon');
    expect(expiryBadge(inDays(7), now)).toBe('Expires Soon');
  });
  it("reads 'N days left' beyond 7 days", () => {
    expect(expiryBadge(inDays(7.5), now)).toBe('8 days left');
    expect(expiryBadge(inDays(30), now)).toBe('30 days left');
  });
});
