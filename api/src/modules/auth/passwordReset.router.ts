import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@dond/shared';
import express, { type Router } from 'express';
import type { RouterContext } from '../../routerContext.js';
import { badRequest } from '../../http/errors.js';
import { limitRequests, RateLimiter } from '../../http/rateLimit.js';
import { parseBody } from '../../http/validate.js';
import {
  INVALID_RESET_LINK,
  isLiveResetToken,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
  resetPassword,
  sendResetLinks,
} from './passwordReset.service.js';

/** /api/auth: forgot-password, verify-reset-token and reset-password. */
export function passwordResetRouter(ctx: RouterContext): Router {
  const router = express.Router();
  const limiter = new RateLimiter(ctx.db, ctx.now, ctx.log);

  const forgotLimit = limitRequests(limiter, 'forgot-password', ctx.limits.forgotPassword, 'password reset');
  router.post('/forgot-password', forgotLimit, (req, res) => {
    const { email } = parseBody(forgotPasswordRequestSchema, req);
    // Answered before the lookup and the mail, so neither the answer nor its timing tells whether the
    // address is known; failures after this point are only logged.
    res.json({ message: RESET_LINK_SENT });
    sendResetLinks(ctx, email).catch((error: unknown) =>
      ctx.log('Sending password reset links failed', error),
    );
  });

  router.get('/verify-reset-token/:token', async (req, res) => {
    if (!(await isLiveResetToken(ctx, req.params.token))) throw badRequest(INVALID_RESET_LINK);
    res.json({ valid: true });
  });

  router.post('/reset-password', async (req, res) => {
    const body = parseBody(resetPasswordRequestSchema, req);
    await resetPassword(ctx, body.token, body.password);
    res.json({ message: PASSWORD_RESET_DONE });
  });

  return router;
}
