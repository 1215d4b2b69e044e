import { z } from 'zod';
import { CASE_COUNT, GIFT_SET_SIZE } from '../constants.js';
import { CLIENT_SEED_PATTERN, SERVER_SEED_PATTERN } from '../fair/fair.js';
import { LIVE_ACTION_TYPES } from '../rules/session.js';
import { GAME_OUTCOMES, GAME_PHASES } from '../rules/state.js';
import { caseNumberSchema } from './games.js';
import { audienceStateSchema } from '../audience/audience.js';

export const clientSeedSchema = z
  .string({ error: 'clientSeed must be text' })
  .regex(CLIENT_SEED_PATTERN, { error: 'clientSeed must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -' });

/** POST /api/live-games */
export const startLiveGameSchema = z.strictObject(
  {
    clientSeed: clientSeedSchema.optional(),
    customGiftSetId: z
      .number({ error: 'customGiftSetId must be a number' })
      .int({ error: 'customGiftSetId must be a whole number' })
      .positive({ error: 'customGiftSetId must be a positive id' })
      .nullable()
      .optional(),
  },
  { error: 'the body may hold only clientSeed and customGiftSetId' },
);
export type StartLiveGameRequest = z.infer<typeof startLiveGameSchema>;

/** POST /api/live-games/{id}/actions */
export const liveActionRequestSchema = z
  .strictObject(
    {
      seq: z
        .number({ error: 'seq must be the number of actions already applied' })
        .int({ error: 'seq must be a whole number' })
        .min(0, { error: 'seq cannot be negative' }),
      type: z.enum(LIVE_ACTION_TYPES, { error: `type must be one of ${LIVE_ACTION_TYPES.join(', ')}` }),
      case: caseNumberSchema.optional(),
    },
    { error: 'an action holds only seq, type and case' },
  )
  .superRefine((action, ctx) => {
    const needsCase = action.type === 'pick' || action.type === 'open';
    if (needsCase && action.case === undefined)
      ctx.addIssue({ code: 'custom', path: ['case'], message: `case is required for ${action.type}` });
    if (!needsCase && action.case !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['case'],
        message: `case is only for pick and open, not ${action.type}`,
      });
  });
export type LiveActionRequest = z.infer<typeof liveActionRequestSchema>;

/** A live game's id in a path: a UUID. */
export const liveGameIdSchema = z.uuid({ error: 'the live game id must be a UUID' });

const giftIdsSchema = z.array(z.number().int()).length(GIFT_SET_SIZE);

/** The public state of a live game (no unopened case's content before the game is over). */
export const liveGamePublicSchema = z.object({
  id: z.string(),
  commitment: z.string(),
  clientSeed: z.string(),
  seq: z.number().int().min(0),
  phase: z.enum(GAME_PHASES.filter((p) => p !== 'phone-ringing') as [string, ...string[]]),
  round: z.number().int(),
  playerCase: z.number().int().nullable(),
  casesToOpen: z.number().int().min(0),
  openedThisRound: z.number().int().min(0),
  openedOrder: z.array(z.number().int()),
  cases: z
    .array(z.object({ number: z.number().int(), opened: z.boolean(), giftId: z.number().int().optional() }))
    .length(CASE_COUNT),
  giftIds: giftIdsSchema,
  offers: z.array(z.number().int()),
  currentOffer: z.number().int().nullable(),
  result: z
    .object({
      outcome: z.enum(GAME_OUTCOMES),
      amount: z.number().int(),
      finalCase: z.number().int(),
      swapped: z.boolean().nullable(),
    })
    .nullable(),
  /** What the stream's audience does in this game (issue 20): in every answer and push of the API. */
  audience: audienceStateSchema.optional(),
});

/** GET /api/live-games/{id}/verify: what anyone needs to check a game. */
export const liveGameVerifySchema = z.object({
  id: z.string(),
  commitment: z.string(),
  clientSeed: z.string(),
  giftIds: giftIdsSchema,
  actions: z.array(z.object({ type: z.enum(LIVE_ACTION_TYPES), case: z.number().int().optional() })),
  offers: z.array(z.number().int()),
  over: z.boolean(),
  serverSeed: z.string().regex(SERVER_SEED_PATTERN).optional(),
  board: giftIdsSchema.optional(),
});
export type LiveGameVerify = z.infer<typeof liveGameVerifySchema>;
