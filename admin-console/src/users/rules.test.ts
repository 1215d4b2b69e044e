import { describe, expect, it } from 'vitest';
import {
  expiryBadge,
  expiryBadgeColor,
  rowActions,
  showsSubscriberToggle,
  statusBadge,
  statusBadgeColor,
  USER_MESSAGES,
} from './rules';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('row actions (SPEC 2 visibility rules)', () => {
  it.each([
    ['pending', ['approve', 'reject', 'editEmail', 'extend', 'reduce', 'disable', 'delete']],
    ['approved', ['editEmail', 'extend', 'reduce', 'disable', 'delete']],
    ['rejected', ['approve', 'editEmail', 'extend', 'reduce', 'disable', 'delete']],
    ['disabled', ['approve', 'reject', 'editEmail', 'extend', 'reduce', 'delete']],
  ] as const)('%s', (status, expected) => {
    expect(rowActions({ status, isAdmin: false })).toEqual(expected);
  });

  it('admin rows have no actions and no subscriber checkbox', () => {
    expect(rowActions({ status: 'approved', isAdmin: true })).toEqual([]);
    expect(showsSubscriberToggle({ isAdmin: true }, 'all')).toBe(false);
    expect(statusBadge({ status: 'approved', isAdmin: true })).toBe('Admin');
  });

  it('the subscriber checkbox is in All Users only', () => {
    expect(showsSubscriberToggle({ isAdmin: false }, 'all')).toBe(true);
    expect(showsSubscriberToggle({ isAdmin: false }, 'pending')).toBe(false);
  });
});

describe('expiry badge', () => {
  it.each([
    [null, 'No Expiry'],
    [new Date(NOW - 1000).toISOString(), 'Expired'],
    [new Date(NOW + 7 * DAY).toISOString(), 'Expires Soon'],
    [new Date(NOW + 7 * DAY + 1000).toISOString(), '8 days left'],
    [new Date(NOW + 30 * DAY).toISOString(), '30 days left'],
  ])('%s -> %s', (expiry, badge) => {
    expect(expiryBadge(expiry, NOW)).toBe(badge);
  });
});

describe('badge colours', () => {
  it('status: admin apart, then green, amber, red, grey', () => {
    expect(statusBadgeColor({ status: 'approved', isAdmin: true })).toBe('secondary');
    expect(
      (['approved', 'pending', 'rejected', 'disabled'] as const).map((status) =>
        statusBadgeColor({ status, isAdmin: false }),
      ),
    ).toEqual(['success', 'warning', 'error', 'default']);
  });

  it('expiry: red once expired, amber when soon', () => {
    expect(expiryBadgeColor('Expired')).toBe('error');
    expect(expiryBadgeColor('Expires Soon')).toBe('warning');
    expect(expiryBadgeColor('No Expiry')).toBe('default');
    expect(expiryBadgeColor('30 days left')).toBe('default');
  });
});

describe('messages', () => {
  it('match SPEC 8 word for word', () => {
    expect(USER_MESSAGES.extended(14)).toBe('User expiry extended by 14 days.');
    expect(USER_MESSAGES.reduced(1)).toBe('User expiry reduced by 1 day(s).');
    expect(USER_MESSAGES.deleteText('alice')).toBe(
      'This action will permanently delete the user account for alice. This cannot be undone. Are you absolutely sure?',
    );
  });
});
