import { describe, expect, it } from 'vitest';
import { createRng, randomInt, shuffle, type Rng } from './random.js';

/** Chi-square critical value for p = 0.001 (Wilson-Hilferty approximation). */
function chiSquareCritical(df: number): number {
  const z = 3.0902; // standard normal quantile for 0.999
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

/** Chi-square of item-by-position counts over many shuffles of 26 items, and its degrees of freedom. */
function positionChiSquare(
  shuffleFn: (items: number[], rng: Rng) => number[],
  shuffles: number,
  seed: number,
) {
  const n = 26;
  const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const rng = createRng(seed);
  const items = Array.from({ length: n }, (_, i) => i);
  for (let s = 0; s < shuffles; s++) {
    shuffleFn(items, rng).forEach((item, position) => (counts[item]![position]! += 1));
  }
  const expected = shuffles / n;
  let chi = 0;
  for (const row of counts) for (const observed of row) chi += (observed - expected) ** 2 / expected;
  return { chi, df: (n - 1) * (n - 1) };
}

describe('createRng', () => {
  it('is repeatable for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
  });
  it('stays in [0, 1)', () => {
    const rng = createRng(7);
    for (let i = 0; i < 10_000; i++) {
      const x = rng();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('randomInt', () => {
  it('covers 0..n-1 and nothing else', () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) seen.add(randomInt(rng, 26));
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 26 }, (_, i) => i));
  });
  it('rejects a size that is not a positive whole number', () => {
    expect(() => randomInt(createRng(1), 0)).toThrow(RangeError);
    expect(() => randomInt(createRng(1), 2.5)).toThrow(RangeError);
  });
});

describe('shuffle (seed 20261121)', () => {
  it('keeps every item exactly once and leaves its input alone', () => {
    const items = Array.from({ length: 26 }, (_, i) => i);
    const out = shuffle(items, createRng(20261121));
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
    expect(items).toEqual(Array.from({ length: 26 }, (_, i) => i));
  });

  it('is unbiased: chi-square over case positions passes at p = 0.001', () => {
    const { chi, df } = positionChiSquare(shuffle, 52_000, 20261121);
    expect(chi).toBeLessThan(chiSquareCritical(df));
  });

  it('the chi-square test catches a biased shuffle (j drawn from the whole array)', () => {
    const naive = (items: number[], rng: Rng) => {
      const out = [...items];
      for (let i = 0; i < out.length; i++) {
        const j = randomInt(rng, out.length);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    };
    const { chi, df } = positionChiSquare(naive, 52_000, 20261121);
    expect(chi).toBeGreaterThan(chiSquareCritical(df));
  });
});
