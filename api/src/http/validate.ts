import type { Request } from 'express';
import type { z } from 'zod';
import { fromZodError } from './errors.js';

/** Parses one part of a request with a shared schema; a failure is a 400 naming the field and the rule. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export const parseBody = <T extends z.ZodType>(schema: T, req: Request) => parse(schema, req.body);
export const parseQuery = <T extends z.ZodType>(schema: T, req: Request) => parse(schema, req.query);
