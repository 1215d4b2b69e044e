import type { Request } from 'express';
import type { z } from 'zod';
import { badRequest, fromZodError } from './errors.js';

/** The `field` of a 400 about the body as a whole (an array, where every route takes an object). */
export const BODY_FIELD = 'body';

/** Parses one part of a request with a shared schema; a failure is a 400 naming the field and the rule. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/**
 * The JSON body, which every route takes as an object (none at all reads as {}): anything else is a 400 that
 * says so, rather than the first field's rule or a schema's word about its keys.
 */
export function objectBody(req: Request): object {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('The request body must be a JSON object', BODY_FIELD);
  return body;
}

export const parseBody = <T extends z.ZodType>(schema: T, req: Request) => parse(schema, objectBody(req));
export const parseQuery = <T extends z.ZodType>(schema: T, req: Request) => parse(schema, req.query);
