import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.js';

// The exact words of SPEC.md section 5.
export const AUTH_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidEmail: 'Please enter a valid email address',
  passwordsDontMatch: "Passwords don't match",
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  emailTooLong: 'Email must be at most 254 characters',
} as const;

/** The longest address SMTP carries (RFC 5321's 256-octet path less its angle brackets); the column's size. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The room a username takes in the users table, in characters as a column counts them (MariaDB's utf8mb4
 * VARCHAR(n) counts code points, as zod's min and max do): the longer of its two stored forms, as typed and
 * lower-cased (username_key). Lower-casing can lengthen a name: 'İ' (U+0130) becomes 'i' and a combining dot.
 */
export const storedUsernameLength = (username: string): number =>
  Math.max([...username].length, [...username.toLowerCase()].length);

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: AUTH_MESSAGES.usernameTooShort })
  .max(USERNAME_MAX_LENGTH, { error: AUTH_MESSAGES.usernameTooLong })
  // The lower-cased copy must fit its column too, so a name the schema takes is always stored.
  .refine((username) => storedUsernameLength(username) <= USERNAME_MAX_LENGTH, {
    error: AUTH_MESSAGES.usernameTooLong,
  });

/** An address of at most EMAIL_MAX_LENGTH characters, the size of its column. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.emailTooLong })
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort });

export const loginRequestSchema = z.object({
  username: usernameSchema,
  // Login only needs a password to be given: a too-short one fails as a wrong password would.
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const currentUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/me */
export const meResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/login answers the user object itself. */
export const loginResponseSchema = currentUserSchema;

/** POST /api/auth/register */
export const registerResponseSchema = z.object({ message: z.string().optional() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z
  .object({
    token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }),
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** GET /api/auth/verify-reset-token/{token}: valid, or an error field. */
export const verifyResetTokenResponseSchema = z.object({
  valid: z.boolean(),
  error: z.string().optional(),
});
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

/** GET /api/session/validate */
export const sessionValidateResponseSchema = z.object({ valid: z.boolean() });
export type SessionValidateResponse = z.infer<typeof sessionValidateResponseSchema>;
