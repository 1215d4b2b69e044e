/** A source of numbers in [0, 1). The rules never make their own: randomness is always passed in. */
export type Rng = () => number;

const UINT32 = 2 ** 32;

/** mulberry32: a small seeded PRNG with a 2^32 period, plenty for dealing 26 cases. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  };
}

/**
 * A uniform integer in [0, n), by rejection on a 32-bit draw so that no value is favoured
 * (a plain floor(r * n) over-weights some values by up to n / 2^32).
 */
export function randomInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > UINT32)
    throw new RangeError(`n must be an integer in 1..2^32, got ${n}`);
  const limit = UINT32 - (UINT32 % n);
  for (;;) {
    const draw = Math.floor(rng() * UINT32);
    if (draw < limit) return draw % n;
  }
}

/** Fisher-Yates: every ordering equally likely. Returns a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
