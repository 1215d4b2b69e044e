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

type Issue = z.core.$ZodIssue;

/**
 * The field an issue is about, as a dotted path: for a key the schema does not have, that key (as Stripe names
 * an unknown parameter), so a 400 for `{ "speed": 2 }` names `speed`, not the object around it.
 */
export function issueField(issue: Issue): string {
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  return path.map(String).join('.');
}

// zod's int check refuses a number past the safe integers (1e300) in the int's own words, 'must be a whole number'.
const pastSafeIntegers = (issue: Issue) =>
  (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int';
const samePath = (a: Issue, b: Issue) =>
  a.path.length === b.path.length && a.path.every((key, i) => key === b.path[i]);

/**
 * An issue as an answer reports it: its field, and its message, except that a number past the safe integers is
 * reported as too large (or too small) by its field's own range check among `issues`, or with the safe limit
 * when the field has none; and a key the schema does not have is named in words when the schema gave no
 * message of its own.
 */
export function describeIssue(
  issue: Issue,
  issues: readonly Issue[] = [issue],
): { field: string; message: string } {
  const field = issueField(issue);
  if (pastSafeIntegers(issue)) {
    const range = issues.find(
      (i) => (i.code === 'too_big' || i.code === 'too_small') && i.origin === 'number' && samePath(i, issue),
    );
    if (range) return { field, message: range.message };
    const name = String(issue.path.at(-1) ?? 'the number');
    return issue.code === 'too_big'
      ? { field, message: `${name} must be at most ${Number.MAX_SAFE_INTEGER}` }
      : { field, message: `${name} must be at least ${Number.MIN_SAFE_INTEGER}` };
  }
  if (issue.code === 'unrecognized_keys' && /^Unrecognized keys?: /.test(issue.message))
    return { field, message: `${String(issue.keys[0])} is not a known field` };
  return { field, message: issue.message };
}

/** The issue a 400 reports: the first. */
export function reportedIssue(issues: readonly Issue[]): { field: string; message: string } | undefined {
  return issues[0] && describeIssue(issues[0], issues);
}
