import { z } from 'zod';
import { CASE_COUNT, GIFT_SET_SIZE } from '../constants.js';
import { CLIENT_SEED_PATTERN, SERVER_SEED_PATTERN } from '../fair/fair.js';
import type { GameEvent } from '../rules/actions.js';
import { LIVE_ACTION_TYPES, type LiveGamePublic } from '../rules/session.js';
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

const giftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  coins: z.number().int(),
  imageUrl: z.string(),
});

/** One GameEvent (rules/actions.ts) as the server's session emitted it for a live action. */
export const gameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('gameStarted') }),
  z.object({ type: z.literal('caseSelected'), caseNumber: z.number().int() }),
  z.object({ type: z.literal('caseEliminated'), caseNumber: z.number().int(), gift: giftSchema }),
  z.object({ type: z.literal('bankerCalling'), offer: z.number().int(), round: z.number().int() }),
  z.object({ type: z.literal('offerShown'), offer: z.number().int() }),
  z.object({ type: z.literal('dealAccepted'), amount: z.number().int(), playerGift: giftSchema }),
  z.object({
    type: z.literal('roundStarted'),
    round: z.number().int(),
    casesToEliminate: z.number().int(),
  }),
  z.object({
    type: z.literal('finalChoiceStarted'),
    playerCase: z.number().int(),
    otherCase: z.number().int(),
  }),
  z.object({
    type: z.literal('finalRevealed'),
    swapped: z.boolean(),
    caseNumber: z.number().int(),
    gift: giftSchema,
    amount: z.number().int(),
  }),
]);

/**
 * POST /api/live-games/{id}/actions answers the public state and what the action did: the events the server's
 * session emitted for it, in order (a repeat of the game's last action its events again, of an older one none).
 */
export const liveActionAnswerSchema = liveGamePublicSchema.extend({ events: z.array(gameEventSchema) });
export interface LiveActionAnswer extends LiveGamePublic {
  readonly events: readonly GameEvent[];
}

/**
 * The screen a live game's change comes from (the header X-Screen-Id of a start, an action or a continue) and
 * the screen a stage stream belongs to (`?screen=`): the server pushes no change back to the screen that made it.
 */
export const SCREEN_ID_HEADER = 'X-Screen-Id';
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

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
