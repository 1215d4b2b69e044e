import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_GIFT_IDS } from '../gifts/catalogue.js';
import {
  extendExpiryRequestSchema,
  listQuerySchema,
  reduceExpiryRequestSchema,
  subscriberRequestSchema,
  userEmailRequestSchema,
  userStatusRequestSchema,
} from './admin.js';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from './auth.js';
import { customGiftSetRequestSchema } from './gifts.js';
import { backupKeyFor, recoverGameRequestSchema, savedGamePayloadSchema } from './games.js';

/** The first error's field path and message, or null when the value is valid. */
function firstIssue(schema: z.ZodType, value: unknown): { path: string; message: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('login and register (SPEC.md section 5)', () => {
  const valid = { username: 'streamer', password: 'secret1', email: 'streamer@example.com' };

  it('accepts a valid registration', () => {
    expect(firstIssue(registerRequestSchema, valid)).toBeNull();
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(21), 'Username must be less than 20 characters'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', '', 'Please enter a valid email address'],
    ['email', `${'a'.repeat(243)}@example.com`, 'Email must be at most 254 characters'],
    // Stored lower-cased too (username_key): each 'İ' becomes two characters there.
    ['username', 'İ'.repeat(11), 'Username must be less than 20 characters'],
  ])('%s %j gives %j', (field, value, message) => {
    expect(firstIssue(registerRequestSchema, { ...valid, [field]: value })).toEqual({ path: field, message });
  });

  it('allows 3 and 20 characters exactly', () => {
    expect(firstIssue(registerRequestSchema, { ...valid, username: 'abc' })).toBeNull();
    expect(firstIssue(registerRequestSchema, { ...valid, username: 'a'.repeat(20) })).toBeNull();
    expect(firstIssue(registerRequestSchema, { ...valid, username: 'İ'.repeat(10) })).toBeNull();
    expect(
      firstIssue(registerRequestSchema, { ...valid, email: `${'a'.repeat(242)}@example.com` }),
    ).toBeNull();
  });

  it('login checks the username rules and needs a password', () => {
    expect(firstIssue(loginRequestSchema, { username: 'ab', password: 'x' })).toEqual({
      path: 'username',
      message: 'Username must be at least 3 characters',
    });
    expect(firstIssue(loginRequestSchema, { username: 'abc', password: '' })).toEqual({
      path: 'password',
      message: 'Password is required',
    });
  });

  it('the session check answers a user or null', () => {
    expect(meResponseSchema.parse({ user: null })).toEqual({ user: null });
    expect(meResponseSchema.parse({ user: { id: 1, username: 'a', isAdmin: true } }).user?.isAdmin).toBe(
      true,
    );
  });
});

describe('password reset (SPEC.md section 5)', () => {
  it('forgot password needs a valid email', () => {
    expect(firstIssue(forgotPasswordRequestSchema, {})).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
    expect(firstIssue(forgotPasswordRequestSchema, { email: 'x@' })?.message).toBe(
      'Please enter a valid email address',
    );
    expect(firstIssue(forgotPasswordRequestSchema, { email: 'x@example.com' })).toBeNull();
  });

  it('reset needs 6 characters and a matching confirmation, reported on the confirmation field', () => {
    expect(
      firstIssue(resetPasswordRequestSchema, { token: 't', password: '123', confirmPassword: '123' }),
    ).toEqual({
      path: 'password',
      message: 'Password must be at least 6 characters',
    });
    expect(
      firstIssue(resetPasswordRequestSchema, { token: 't', password: '123456', confirmPassword: '1234567' }),
    ).toEqual({
      path: 'confirmPassword',
      message: "Passwords don't match",
    });
    expect(
      firstIssue(resetPasswordRequestSchema, { token: 't', password: '123456', confirmPassword: '123456' }),
    ).toBeNull();
  });
});

describe('admin requests', () => {
  it('edit email: valid, or empty/null to remove it (sent as null)', () => {
    expect(userEmailRequestSchema.parse({ email: '' })).toEqual({ email: null });
    expect(userEmailRequestSchema.parse({ email: null })).toEqual({ email: null });
    expect(userEmailRequestSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(firstIssue(userEmailRequestSchema, { email: 'nope' })).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
    expect(firstIssue(userEmailRequestSchema, { email: `${'a'.repeat(243)}@example.com` })).toEqual({
      path: 'email',
      message: 'Email must be at most 254 characters',
    });
  });

  it('status is approved or rejected; days are 7, 14, 30 to extend and 1, 7 to reduce', () => {
    expect(firstIssue(userStatusRequestSchema, { status: 'approved' })).toBeNull();
    expect(firstIssue(userStatusRequestSchema, { status: 'disabled' })?.message).toBe(
      'status must be approved or rejected',
    );
    for (const days of [7, 14, 30]) expect(firstIssue(extendExpiryRequestSchema, { days })).toBeNull();
    expect(firstIssue(extendExpiryRequestSchema, { days: 1 })).toEqual({
      path: 'days',
      message: 'days must be one of 7, 14, 30',
    });
    for (const days of [1, 7]) expect(firstIssue(reduceExpiryRequestSchema, { days })).toBeNull();
    expect(firstIssue(reduceExpiryRequestSchema, { days: 14 })).toEqual({
      path: 'days',
      message: 'days must be one of 1, 7',
    });
    expect(firstIssue(subscriberRequestSchema, { isMonthlySubscriber: 'yes' })?.path).toBe(
      'isMonthlySubscriber',
    );
  });

  it('reads ra-data-simple-rest list queries', () => {
    expect(
      listQuerySchema.parse({ range: '[0,24]', sort: '["playedAt","DESC"]', filter: '{"q":"x"}' }),
    ).toEqual({
      range: [0, 24],
      sort: ['playedAt', 'DESC'],
      filter: { q: 'x' },
    });
    expect(firstIssue(listQuerySchema, { range: '[0' })).toEqual({
      path: 'range',
      message: 'range must be JSON',
    });
    expect(firstIssue(listQuerySchema, { range: '[10,5]' })?.message).toBe('range must have last >= first');
    expect(firstIssue(listQuerySchema, { range: '[0,5000]' })?.message).toBe(
      'range may span at most 1000 rows',
    );
    expect(firstIssue(listQuerySchema, { sort: '["id","UP"]' })).toEqual({
      path: 'sort.1',
      message: 'sort direction must be "ASC" or "DESC"',
    });
    expect(firstIssue(listQuerySchema, { range: '[-1,5]' })).toEqual({
      path: 'range.0',
      message: 'range cannot be negative',
    });
  });
});

describe('custom gift sets (SPEC.md section 5)', () => {
  it('need exactly 26 distinct known gifts', () => {
    expect(firstIssue(customGiftSetRequestSchema, { name: 'Mine', giftIds: DEFAULT_GIFT_IDS })).toBeNull();
    expect(
      firstIssue(customGiftSetRequestSchema, { name: 'Mine', giftIds: DEFAULT_GIFT_IDS.slice(1) }),
    ).toEqual({
      path: 'giftIds',
      message: 'You must select exactly 26 gifts.',
    });
    const repeated = [...DEFAULT_GIFT_IDS.slice(1), 2];
    expect(firstIssue(customGiftSetRequestSchema, { name: 'Mine', giftIds: repeated })?.message).toBe(
      'each gift may be chosen only once',
    );
    const unknown = [...DEFAULT_GIFT_IDS.slice(1), 99];
    expect(firstIssue(customGiftSetRequestSchema, { name: 'Mine', giftIds: unknown })?.message).toBe(
      'gift 99 is not in the catalogue',
    );
  });

  it("defaults the name to 'My Custom Gifts'", () => {
    expect(customGiftSetRequestSchema.parse({ giftIds: DEFAULT_GIFT_IDS }).name).toBe('My Custom Gifts');
  });
});

describe('saved games', () => {
  const payload = {
    clientGameId: '6f1c2a4e-8d3b-4f6a-9c1e-2b7d5e8f0a13',
    userId: 1,
    username: 'streamer',
    customGiftSetId: null,
    firstCaseSelected: 5,
    playerCaseGiftId: 3,
    finalAmount: 1200,
    gameOutcome: 'banker_accepted',
    bankerOfferAccepted: true,
    roundsCompleted: 2,
    casesEliminated: [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12],
    giftIdsUsed: DEFAULT_GIFT_IDS,
  };

  it('accepts a well-formed payload', () => {
    expect(firstIssue(savedGamePayloadSchema, payload)).toBeNull();
  });

  it.each([
    ['clientGameId', 'abc', 'clientGameId must be a UUID'],
    ['firstCaseSelected', 27, 'must be a case number from 1 to 26'],
    ['finalAmount', -5, 'finalAmount cannot be negative'],
    ['gameOutcome', 'lost', 'must be one of won, banker_accepted'],
    ['roundsCompleted', 11, 'roundsCompleted must be from 1 to 10'],
    ['giftIdsUsed', [1, 2, 3], 'giftIdsUsed must hold exactly 26 gift ids'],
  ])('%s %j gives %j', (field, value, message) => {
    expect(firstIssue(savedGamePayloadSchema, { ...payload, [field]: value })).toEqual({
      path: field,
      message,
    });
  });

  it('names the position of a bad case number', () => {
    expect(firstIssue(savedGamePayloadSchema, { ...payload, casesEliminated: [1, 0] })?.path).toBe(
      'casesEliminated.1',
    );
  });

  it('recovery needs the player and the backup key', () => {
    const recover = { ...payload, backupKey: backupKeyFor(payload.clientGameId) };
    expect(recover.backupKey).toBe('game_backup_6f1c2a4e-8d3b-4f6a-9c1e-2b7d5e8f0a13');
    expect(firstIssue(recoverGameRequestSchema, recover)).toBeNull();
    expect(firstIssue(recoverGameRequestSchema, { ...recover, backupKey: 'other' })?.message).toBe(
      'backupKey must start with game_backup_',
    );
    expect(firstIssue(recoverGameRequestSchema, { ...recover, userId: undefined })?.path).toBe('userId');
  });
});
