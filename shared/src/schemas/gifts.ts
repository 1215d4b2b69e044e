import { z } from 'zod';
import { DEFAULT_GIFT_SET_NAME, GIFT_SET_SIZE } from '../constants.js';
import { isKnownGiftId } from '../gifts/catalogue.js';

export const GIFT_MESSAGES = {
  invalidSelectionTitle: 'Invalid Selection',
  invalidSelection: 'You must select exactly 26 gifts.',
  nameRequired: 'Gift set name is required',
  nameTooLong: 'Gift set name must be at most 50 characters',
} as const;
export const GIFT_SET_NAME_MAX_LENGTH = 50;

export const giftIdSchema = z
  .number({ error: 'gift id must be a number' })
  .int({ error: 'gift id must be a whole number' })
  .refine(isKnownGiftId, { error: (issue) => `gift ${String(issue.input)} is not in the catalogue` });

/** 26 distinct gifts from the catalogue. */
export const giftIdSetSchema = z
  .array(giftIdSchema, { error: GIFT_MESSAGES.invalidSelection })
  .length(GIFT_SET_SIZE, { error: GIFT_MESSAGES.invalidSelection })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'each gift may be chosen only once' });

/** POST /api/gifts/custom */
export const customGiftSetRequestSchema = z.object({
  name: z
    .string({ error: GIFT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: GIFT_MESSAGES.nameRequired })
    .max(GIFT_SET_NAME_MAX_LENGTH, { error: GIFT_MESSAGES.nameTooLong })
    .default(DEFAULT_GIFT_SET_NAME),
  giftIds: giftIdSetSchema,
});
export type CustomGiftSetRequest = z.infer<typeof customGiftSetRequestSchema>;

export const customGiftSetSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  giftIds: z.array(z.number().int()),
});
export type CustomGiftSet = z.infer<typeof customGiftSetSchema>;

/** GET and POST /api/gifts/custom: null until the user saves a set. */
export const customGiftSetResponseSchema = z.object({ customGiftSet: customGiftSetSchema.nullable() });
export type CustomGiftSetResponse = z.infer<typeof customGiftSetResponseSchema>;
