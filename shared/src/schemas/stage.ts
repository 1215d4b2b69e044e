import { z } from 'zod';
import type { GameEvent } from '../rules/actions.js';
import type { LiveGamePublic } from '../rules/session.js';
import { gameEventSchema, liveGamePublicSchema } from './liveGames.js';

/**
 * A stage key: 32 random bytes in base64url (256 bits, the issue asks at least 128), the read-only capability an
 * OBS browser source holds instead of the streamer's sign-in.
 */
export const STAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const stageKeySchema = z
  .string({ error: 'the stage key must be text' })
  .regex(STAGE_KEY_PATTERN, { error: 'the stage key must be 43 characters of A-Z, a-z, 0-9, _ and -' });

/** The stage's two layouts, and where each one's page is. */
export const STAGE_LAYOUTS = ['landscape', 'portrait'] as const;
export type StageLayout = (typeof STAGE_LAYOUTS)[number];
export const STAGE_PATH_PREFIX = '/stage/';

/** GET /api/stage and POST /api/stage/key: the streamer's key and their stage's browser-source URLs. */
export const stageInfoSchema = z.object({
  key: stageKeySchema,
  urls: z.object({ landscape: z.string(), portrait: z.string() }),
});
export type StageInfo = z.infer<typeof stageInfoSchema>;

/**
 * GET /api/stage/{key}/game and each push to a stage: the streamer's current live game, or none. A push of a
 * state an action made carries that action's `events` (as its answer does); a read, a start and a stream's
 * first state have none.
 */
export const stageGameSchema = z.object({
  game: liveGamePublicSchema.nullable(),
  events: z.array(gameEventSchema).optional(),
});
export interface StageGame {
  game: LiveGamePublic | null;
  events?: readonly GameEvent[];
}

/** A stage's `continue` push: CONTINUE closed the DEAL's reveal of this game on one of the player's screens. */
export interface StageContinue {
  gameId: string;
}

/** The browser-source URL of a stage, from the app's public URL. */
export function stageUrl(appUrl: string, key: string, layout: StageLayout): string {
  return `${appUrl.replace(/\/+$/, '')}${STAGE_PATH_PREFIX}${key}?layout=${layout}`;
}
