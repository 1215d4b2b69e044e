import { expect } from 'vitest';

/** The body of an answer that must have this status (200 unless said), the answer's text shown if not. */
export const ok = <T>(res: { status: number; body: unknown; text: string }, status = 200): T => {
  expect(res.status, res.text).toBe(status);
  return res.body as T;
};
