import { z } from 'zod';
import {
  BACKUP_KEY_PREFIX,
  CASE_COUNT,
  FINAL_ROUND,
  GIFT_SET_SIZE,
  USERNAME_MAX_LENGTH,
} from '../constants.js';
import { GAME_OUTCOMES } from '../rules/state.js';
import { isoDateSchema } from './common.js';
import { giftIdSchema } from './gifts.js';

export const caseNumberSchema = z
  .number({ error: 'must be a case number' })
  .int({ error: 'must be a whole case number' })
  .min(1, { error: `must be a case number from 1 to ${CASE_COUNT}` })
  .max(CASE_COUNT, { error: `must be a case number from 1 to ${CASE_COUNT}` });

export const gameOutcomeSchema = z.enum(GAME_OUTCOMES, {
  error: `must be one of ${GAME_OUTCOMES.join(', ')}`,
});

/** What the client sends to POST /api/games: SPEC.md section 3's payload plus clientGameId. */
export const savedGamePayloadSchema = z.object({
  clientGameId: z.uuid({ error: 'clientGameId must be a UUID' }),
  // The live game the server dealt and recorded (issue 17): optional here so that an old backup still reads
  // as one, but a save without it is refused (422 naming the field).
  liveGameId: z.uuid({ error: 'liveGameId must be a UUID' }).optional(),
  // Sent as SPEC.md says, but a save always belongs to the signed-in user: the server ignores these two.
  userId: z.number().int().positive().nullable().optional(),
  username: z.string().nullable().optional(),
  customGiftSetId: z
    .number()
    .int()
    .positive({ error: 'customGiftSetId must be a positive id or null' })
    .nullable(),
  firstCaseSelected: caseNumberSchema,
  playerCaseGiftId: giftIdSchema,
  finalAmount: z
    .number({ error: 'finalAmount must be a number of coins' })
    .int({ error: 'finalAmount must be a whole number of coins' })
    .min(0, { error: 'finalAmount cannot be negative' }),
  gameOutcome: gameOutcomeSchema,
  bankerOfferAccepted: z.boolean({ error: 'bankerOfferAccepted must be true or false' }),
  roundsCompleted: z
    .number({ error: 'roundsCompleted must be a round number' })
    .int({ error: 'roundsCompleted must be a whole round number' })
    .min(1, { error: `roundsCompleted must be from 1 to ${FINAL_ROUND}` })
    .max(FINAL_ROUND, { error: `roundsCompleted must be from 1 to ${FINAL_ROUND}` }),
  casesEliminated: z
    .array(caseNumberSchema, { error: 'casesEliminated must be a list of case numbers' })
    .max(CASE_COUNT - 2, { error: `casesEliminated can hold at most ${CASE_COUNT - 2} cases` }),
  giftIdsUsed: z
    .array(giftIdSchema, { error: 'giftIdsUsed must be a list of gift ids' })
    .length(GIFT_SET_SIZE, { error: `giftIdsUsed must hold exactly ${GIFT_SET_SIZE} gift ids` })
    // For the OpenAPI description: zod-to-openapi reads .min() and .max() of an array, not .length().
    .meta({ minItems: GIFT_SET_SIZE, maxItems: GIFT_SET_SIZE }),
});
export type SavedGamePayload = z.infer<typeof savedGamePayloadSchema>;

/** A stored game as the API answers it. */
export const gameRecordSchema = z.object({
  id: z.number().int().positive(),
  clientGameId: z.string(),
  /** null once the player's account is deleted: the game stays for the statistics. */
  userId: z.number().int().positive().nullable(),
  username: z.string(),
  customGiftSetId: z.number().int().nullable(),
  firstCaseSelected: z.number().int(),
  playerCaseGiftId: z.number().int(),
  roundsCompleted: z.number().int(),
  gameOutcome: gameOutcomeSchema,
  bankerOfferAccepted: z.boolean(),
  finalAmount: z.number().int(),
  casesEliminated: z.array(z.number().int()),
  giftIdsUsed: z.array(z.number().int()),
  playedAt: isoDateSchema,
});
export type GameRecord = z.infer<typeof gameRecordSchema>;

/** POST /api/games and POST /api/admin/games/recover: the record, and whether this call created it. */
export const saveGameResponseSchema = z.object({ game: gameRecordSchema, created: z.boolean() });
export type SaveGameResponse = z.infer<typeof saveGameResponseSchema>;

/** GET /api/games/my-games */
export const myGamesResponseSchema = z.object({ games: z.array(gameRecordSchema) });
export type MyGamesResponse = z.infer<typeof myGamesResponseSchema>;

/** GET /api/admin/games: a page of games, as ra-data-simple-rest reads it (an array plus Content-Range). */
export const gamesListResponseSchema = z.array(gameRecordSchema);

/** GET /api/admin/games/stats */
export const gameStatsSchema = z.object({
  totalGames: z.number().int().min(0),
  totalPlayers: z.number().int().min(0),
  averageWinnings: z.number().min(0),
  /** Percent of games that ended in a deal, 0 to 100. */
  bankerAcceptanceRate: z.number().min(0).max(100),
  mostCommonFirstCase: z.number().int().nullable(),
  topWinnings: z.array(gameRecordSchema),
});
export type GameStats = z.infer<typeof gameStatsSchema>;

export const backupKeySchema = z
  .string({ error: 'backupKey is required' })
  .startsWith(BACKUP_KEY_PREFIX, { error: `backupKey must start with ${BACKUP_KEY_PREFIX}` });

/** A game kept in the browser's local storage until the server has it (key game_backup_<clientGameId>). */
export const localBackupRecordSchema = savedGamePayloadSchema.extend({
  backupTimestamp: z.number().int().nonnegative(),
  saved: z.boolean(),
});
export type LocalBackupRecord = z.infer<typeof localBackupRecordSchema>;

/** POST /api/admin/games/recover: the backup's payload on behalf of its player, plus its key. */
export const recoverGameRequestSchema = savedGamePayloadSchema.extend({
  userId: z.number({ error: 'userId is required' }).int().positive({ error: 'userId must be a positive id' }),
  username: z.string({ error: 'username is required' }).min(1, { error: 'username is required' }),
  backupKey: backupKeySchema,
});
export type RecoverGameRequest = z.infer<typeof recoverGameRequestSchema>;

export function backupKeyFor(clientGameId: string): string {
  return `${BACKUP_KEY_PREFIX}${clientGameId}`;
}

/** GET /api/admin/games: the `filter` of the list query (a username search, and the outcome). */
export const gamesListFilterSchema = z.strictObject(
  {
    /** Players whose username starts with this, regardless of case. */
    q: z
      .string({ error: 'q must be text' })
      .trim()
      .max(USERNAME_MAX_LENGTH, {
        error: `q must be at most ${USERNAME_MAX_LENGTH} characters`,
      })
      .optional(),
    gameOutcome: gameOutcomeSchema.optional(),
  },
  { error: 'filter may hold only q and gameOutcome' },
);
export type GamesListFilter = z.infer<typeof gamesListFilterSchema>;

/** DELETE /api/admin/games: how many games were deleted. */
export const clearGamesResponseSchema = z.object({ deleted: z.number().int().min(0) });
export type ClearGamesResponse = z.infer<typeof clearGamesResponseSchema>;

export const DAILY_GAMES_DEFAULT_DAYS = 30;
export const DAILY_GAMES_MAX_DAYS = 365;

/** GET /api/admin/games/daily?days=N: the last N UTC days, today included. */
export const dailyGamesQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${DAILY_GAMES_MAX_DAYS}` })
    .int({ error: `days must be a whole number from 1 to ${DAILY_GAMES_MAX_DAYS}` })
    .min(1, { error: `days must be a whole number from 1 to ${DAILY_GAMES_MAX_DAYS}` })
    .max(DAILY_GAMES_MAX_DAYS, { error: `days must be a whole number from 1 to ${DAILY_GAMES_MAX_DAYS}` })
    .default(DAILY_GAMES_DEFAULT_DAYS)
    .describe('How many days back, today included'),
});
export type DailyGamesQuery = z.infer<typeof dailyGamesQuerySchema>;

/** GET /api/admin/games/daily: one entry per UTC day, oldest first, days without games included. */
export const dailyGamesResponseSchema = z.array(
  z.object({
    day: z.iso.date({ error: 'day must be a date (YYYY-MM-DD)' }),
    games: z.number().int().min(0),
    totalWinnings: z.number().int().min(0),
  }),
);
export type DailyGames = z.infer<typeof dailyGamesResponseSchema>;
