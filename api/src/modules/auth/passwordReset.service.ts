import { hash, randomBytes } from 'node:crypto';
import type { RouterContext } from '../../routerContext.js';
import { hashPassword } from '../../auth/passwords.js';
import { badRequest } from '../../http/errors.js';
import type { MailMessage } from '../../mail/mailer.js';
import { usersRepo } from '../users/users.repo.js';
import { resetTokensRepo } from './passwordReset.repo.js';

/** A reset link works for one hour after it is asked for. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** 256 random bits: far past guessing, and 43 characters in a URL. */
const RESET_TOKEN_BYTES = 32;

export const RESET_LINK_SENT = 'If an account with that email exists, a reset link has been sent.';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in.';
export const RESET_MAIL_SUBJECT = 'Reset your Deals or No Deals password';

export const hashResetToken = (token: string) => hash('sha256', token, 'hex');

export type ResetContext = Pick<RouterContext, 'db' | 'now' | 'sessions' | 'mailer' | 'appUrl' | 'log'>;

/**
 * Mails a reset link to every account with this address (any case). Mail failures are logged, never thrown:
 * the caller must not learn whether the address is known.
 */
export async function sendResetLinks(ctx: ResetContext, email: string): Promise<void> {
  const users = await usersRepo(ctx.db).findByEmail(email);
  for (const user of users) {
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    const now = ctx.now();
    await resetTokensRepo(ctx.db).insert({
      userId: user.id,
      tokenHash: hashResetToken(token),
      createdAt: now,
      expiresAt: now + RESET_TOKEN_TTL_MS,
    });
    const link = `${ctx.appUrl}/reset-password?token=${token}`;
    // Nothing is delivered from the outbox: the console is how a laptop user gets the link.
    if (ctx.mailer.mode === 'outbox') ctx.log(`Password reset link for ${user.username}: ${link}`);
    try {
      // The address as the account stores it: it matched the one asked for, regardless of case.
      await ctx.mailer.send(resetMail(user.email ?? email, user.username, link));
    } catch (error) {
      ctx.log(`The password reset mail for user ${user.id} could not be sent`, error);
    }
  }
}

/** Whether the token is known, unused and not expired. */
export async function isLiveResetToken(ctx: ResetContext, token: string): Promise<boolean> {
  return (await resetTokensRepo(ctx.db).findLive(hashResetToken(token), ctx.now())) !== null;
}

/**
 * Sets the new password with a live token, spends it and every other link of the user, and ends all the
 * user's sessions. Of two concurrent resets with one token exactly one succeeds.
 */
export async function resetPassword(ctx: ResetContext, token: string, password: string): Promise<void> {
  const live = await resetTokensRepo(ctx.db).findLive(hashResetToken(token), ctx.now());
  if (!live) throw badRequest(INVALID_RESET_LINK);
  // Hashed outside the transaction: argon2 takes tens of milliseconds and the transaction should stay short.
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (trx) => {
    const now = ctx.now();
    const tokens = resetTokensRepo(trx);
    if (!(await tokens.spend(live.id, now))) throw badRequest(INVALID_RESET_LINK);
    await tokens.spendAllOf(live.userId, now);
    await usersRepo(trx).update(live.userId, { password_hash: passwordHash });
  });
  await ctx.sessions.destroyUserSessions(live.userId);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function resetMail(to: string, username: string, link: string): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your Deals or No Deals account. To choose a new password,',
    'open this link within one hour:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your Deals or No Deals account. To choose a new password, open this link within one hour:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>The link works once. If you did not ask for this, ignore this mail: your password stays as it is.</p>
</body></html>
`;
  return { to, subject: RESET_MAIL_SUBJECT, text, html };
}
