import {
  audienceBlocklistSchema,
  audienceEventSchema,
  audienceGiftRulesSchema,
  audienceSettingsSchema,
  audienceSourceSettingsSchema,
  type AudienceBlocklist,
  type AudienceGiftRules,
  type AudienceSettings,
} from '@dond/shared';
import express, { type Router } from 'express';
import { currentUser, requireUser } from '../../auth/guards.js';
import { limitPerAccount, RateLimiter } from '../../http/rateLimit.js';
import { parseBody } from '../../http/validate.js';
import type { RouterContext } from '../../routerContext.js';
import { assertTikFinityHostAllowed } from './sources/tikfinity.js';

/** /api/audience: the streamer's audience settings, the simulator's events, the leaderboards and the blocklist. */
export function audienceRouter({ audience, sources, db, now, limits, log }: RouterContext): Router {
  const router = express.Router();
  router.use(requireUser);
  // One event a request: the deck's burst of 1,000 passes, a script's flood meets a 429 (decision 0047).
  const limitSimulate = limitPerAccount(
    new RateLimiter(db, now, log),
    'audience-simulate',
    limits.audienceSimulate,
    'simulated events',
  );

  router.get('/settings', async (req, res) => {
    const { mode, windowSeconds } = await audience.settings(currentUser(req).id);
    res.json({ mode, windowSeconds } satisfies AudienceSettings);
  });

  router.put('/settings', async (req, res) => {
    const settings = parseBody(audienceSettingsSchema, req);
    res.json(await audience.saveSettings(currentUser(req).id, settings));
  });

  // One normalized event for the player's own stream (the control deck's simulator): `taken` is false for a repeat
  // of a message id seen lately (accepted all the same, and ignored).
  router.post('/simulate', async (req, res) => {
    const event = parseBody(audienceEventSchema, req);
    await limitSimulate(currentUser(req).id);
    res.status(202).json({ taken: await audience.receive(currentUser(req).id, event) });
  });

  router.get('/leaderboard', async (req, res) => {
    res.json(await audience.leaderboard(currentUser(req).id));
  });

  router.get('/blocklist', async (req, res) => {
    res.json({ words: await audience.blocklist(currentUser(req).id) } satisfies AudienceBlocklist);
  });

  router.put('/blocklist', async (req, res) => {
    const { words } = parseBody(audienceBlocklistSchema, req);
    res.json({ words: await audience.saveBlocklist(currentUser(req).id, words) } satisfies AudienceBlocklist);
  });

  router.get('/gift-rules', async (req, res) => {
    res.json({ rules: await audience.giftRules(currentUser(req).id) } satisfies AudienceGiftRules);
  });

  router.put('/gift-rules', async (req, res) => {
    const { rules } = parseBody(audienceGiftRulesSchema, req);
    res.json({
      rules: await audience.saveGiftRules(currentUser(req).id, rules),
    } satisfies AudienceGiftRules);
  });

  // The stream's event sources (TikFinity, tiktok-live-connector): their settings, state and counts; the deck
  // polls this every 2 s.
  router.get('/sources', async (req, res) => {
    res.json(await sources.describe(currentUser(req).id));
  });

  router.put('/sources', async (req, res) => {
    const settings = parseBody(audienceSourceSettingsSchema, req);
    // The server, not the streamer's browser, connects: only to the hosts its operator allows.
    if (settings.tikfinity.enabled) await assertTikFinityHostAllowed(settings.tikfinity.url, sources.hosts);
    res.json(await sources.save(currentUser(req).id, settings));
  });
  return router;
}
