import { z } from 'zod';
import { EXTEND_DAYS_OPTIONS, REDUCE_DAYS_OPTIONS } from '../constants.js';
import { AUTH_MESSAGES, emailSchema } from './auth.js';
import { isoDateSchema } from './common.js';

export const USER_STATUSES = ['pending', 'approved', 'rejected', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the admin lists show it. */
export const adminUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string().nullable().optional(),
  status: z.enum(USER_STATUSES),
  isAdmin: z.boolean(),
  isMonthlySubscriber: z.boolean(),
  createdAt: isoDateSchema,
  expiryDate: isoDateSchema.nullable().optional(),
  lastLoginAt: isoDateSchema.nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users and /api/admin/users/pending: an array, as ra-data-simple-rest reads it. */
export const usersListResponseSchema = z.array(adminUserSchema);

/** PATCH /api/admin/users/{userId}/status: an admin approves or rejects. */
export const userStatusRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
});
export type UserStatusRequest = z.infer<typeof userStatusRequestSchema>;

/** PATCH /api/admin/users/{userId}/email: a valid address, or null (or empty) to remove it. */
export const userEmailRequestSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.invalidEmail })
    .nullable()
    .transform((email) => (email === '' ? null : email))
    .pipe(emailSchema.nullable()),
});
export type UserEmailRequest = z.infer<typeof userEmailRequestSchema>;

function daysSchema(options: readonly number[]) {
  return z
    .number({ error: `days must be one of ${options.join(', ')}` })
    .refine((days) => options.includes(days), { error: `days must be one of ${options.join(', ')}` })
    .meta({ enum: [...options] }); // for the OpenAPI description, which cannot read a refinement
}

/** PATCH /api/admin/users/{userId}/extend */
export const extendExpiryRequestSchema = z.object({ days: daysSchema(EXTEND_DAYS_OPTIONS) });
/** PATCH /api/admin/users/{userId}/reduce */
export const reduceExpiryRequestSchema = z.object({ days: daysSchema(REDUCE_DAYS_OPTIONS) });
export type ExpiryChangeRequest = z.infer<typeof extendExpiryRequestSchema>;

/** PATCH /api/admin/users/{userId}/disable takes an empty body. */
export const disableUserRequestSchema = z.object({}).strict();

/** PATCH /api/admin/users/{userId}/subscriber */
export const subscriberRequestSchema = z.object({
  isMonthlySubscriber: z.boolean({ error: 'isMonthlySubscriber must be true or false' }),
});
export type SubscriberRequest = z.infer<typeof subscriberRequestSchema>;

/** The largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 1000;

function jsonParam<T extends z.ZodType>(name: string, schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** ra-data-simple-rest's list query: range=[0,24]&sort=["id","ASC"]&filter={} (all optional). */
export const listQuerySchema = z.object({
  range: jsonParam(
    'range',
    z
      .tuple(
        [
          z
            .number({ error: 'range must be [first, last]' })
            .int({ error: 'range must hold whole numbers' })
            .min(0, { error: 'range cannot be negative' }),
          z
            .number({ error: 'range must be [first, last]' })
            .int({ error: 'range must hold whole numbers' })
            .min(0, { error: 'range cannot be negative' }),
        ],
        { error: 'range must be [first, last]' },
      )
      .refine(([first, last]) => last >= first, { error: 'range must have last >= first' })
      .refine(([first, last]) => last - first < MAX_PAGE_SIZE, {
        error: `range may span at most ${MAX_PAGE_SIZE} rows`,
      }),
  )
    .describe('JSON [first, last], zero-based and inclusive, e.g. [0,24] (ra-data-simple-rest)')
    .optional(),
  sort: jsonParam(
    'sort',
    z.tuple(
      [
        z.string({ error: 'sort must be [field, "ASC" or "DESC"]' }),
        z.enum(['ASC', 'DESC'], { error: 'sort direction must be "ASC" or "DESC"' }),
      ],
      { error: 'sort must be [field, "ASC" or "DESC"]' },
    ),
  )
    .describe('JSON [field, "ASC" | "DESC"], e.g. ["id","DESC"]')
    .optional(),
  filter: jsonParam('filter', z.record(z.string(), z.unknown(), { error: 'filter must be an object' }))
    .describe('JSON object of filters, e.g. {"q":"streamer"}')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
