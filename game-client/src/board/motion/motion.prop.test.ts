// Issue 38 item 10: whatever ease a tuning holds, if the schema takes it, GSAP eases with it as the board does
// (through gsapEase) and every position is a finite number near 0..1 that starts at 0 and lands on 1.
import { tuningSchema } from '@dond/shared';
import fc from 'fast-check';
import { gsap } from 'gsap';
import { describe, expect, it } from 'vitest';
import { gsapEase } from './motion';

const SEED = 20261201;
const RUNS = 3_000;

/** The numbers that matter to the ranges (0, GSAP's lower bounds, the upper ones and just past them), and huge ones. */
const EDGES = [0, 1, 2, 3, -2, 10, 999, 0.001, 0.999, 1.001, 9.999, 10.001, 99999999, -1, -0.001, 1000];

const numberText = fc.oneof(
  fc.constantFrom(...EDGES.map(String)),
  fc.double({ min: -20, max: 20, noNaN: true }).map((n) => n.toFixed(3)),
  fc.integer({ min: -5, max: 1200 }).map(String),
  // What a hand types: spaces, a leading zero, a bare dot.
  fc.constantFrom(' 1', '1 ', '01', '.5', '1.', '', '1e3', 'NaN', 'Infinity'),
);

const direction = fc.constantFrom('', '.in', '.out', '.inOut', '.sideways');
const named = fc
  .tuple(
    fc.constantFrom(
      'none',
      'linear',
      'power0',
      'power2',
      'power4',
      'power5',
      'expo',
      'circ',
      'bounce',
      'sine',
    ),
    direction,
  )
  .map(([name, dir]) => name + dir);
const withParams = fc
  .tuple(
    fc.constantFrom('back', 'elastic', 'steps', 'cubic-bezier', 'expo', 'rough'),
    direction,
    fc.array(numberText, { minLength: 0, maxLength: 5 }),
    fc.constantFrom(',', ', ', ' , '),
    fc.boolean(),
  )
  .map(([name, dir, params, comma, parens]) =>
    parens || params.length > 0 ? `${name}${dir}(${params.join(comma)})` : name + dir,
  );
const easeText = fc.oneof(
  { weight: 6, arbitrary: withParams },
  { weight: 2, arbitrary: named },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** The tuning's own ease field (every ease field of the tuning is this one schema). */
const easeSchema = tuningSchema.shape.caseOpen.shape.pick.shape.ease;

/** A plain check: expect() is too slow for the thousands of positions. */
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

describe('every ease the tuning schema takes, GSAP eases with finite positions', () => {
  it(`over ${RUNS} random eases (seed ${SEED})`, () => {
    let taken = 0;
    fc.assert(
      fc.property(
        easeText,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        (ease, ts) => {
          if (!easeSchema.safeParse(ease).success) return;
          taken += 1;
          const fn = gsap.parseEase(gsapEase(ease) as string);
          check(typeof fn === 'function', `${ease}: GSAP has no ease for it`);
          const samples = [...Array.from({ length: 101 }, (_, i) => i / 100), ...ts];
          for (const t of samples) {
            const y = fn(t);
            check(Number.isFinite(y), `${ease} at ${t}: ${y}`);
            // Within 10 of 0..1 (elastic's amplitude 10 swings that far, nothing more).
            check(Math.abs(y - 0.5) <= 10.5 + 1e-9, `${ease} at ${t}: ${y}`);
          }
          check(Math.abs(fn(0)) < 1e-9, `${ease} starts at ${fn(0)}`);
          check(Math.abs(fn(1) - 1) < 1e-9, `${ease} ends at ${fn(1)}`);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator reaches both sides of the schema.
    expect(taken).toBeGreaterThan(RUNS / 10);
    expect(taken).toBeLessThan(RUNS * 0.9);
  });
});
