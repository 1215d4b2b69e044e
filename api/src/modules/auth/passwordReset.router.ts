import express, { type Router } from 'express';
import type { RouterContext } from '../../app.js';

/** /api/auth: forgot-password, verify-reset-token and reset-password. */
export function passwordResetRouter(_ctx: RouterContext): Router {
  return express.Router();
}
