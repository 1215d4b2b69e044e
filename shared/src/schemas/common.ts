import { z } from 'zod';

/** Every error answer of the API: the message, and for validation the field it is about. */
export const errorResponseSchema = z.object({
  error: z.string(),
  details: z.string().optional(),
  field: z.string().optional(),
  /** A live game's action refused with 409: the phase the game is in, and the seq it expects next. */
  phase: z.string().optional(),
  expectedSeq: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** GET /api/health: the server is up and reaches its database (else a 503 error). */
export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A positive whole number id, as in a route like /api/admin/users/{userId}. */
export const idSchema = z.coerce
  .number({ error: 'id must be a number' })
  .int({ error: 'id must be a whole number' })
  .positive({ error: 'id must be positive' });

/** Times travel as ISO 8601 strings in UTC. */
export const isoDateSchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });
