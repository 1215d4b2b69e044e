import { describe, expect, it } from 'vitest';

/**
 * Issue 19: every tween of the board reads its numbers from the tuning. A literal duration, delay, stagger or
 * repeat, or an ease written as a string, in the board's code is a number the studio cannot reach.
 */
const LITERAL_TIMING = /\b(duration|delay|stagger|repeatDelay|repeat|ease)\s*:\s*(-?\.?\d|['"`])/;
/** Tweens go through stage.ts's `tween`, which draws frames and reads the tuning's eases (cubic-béziers). */
const RAW_GSAP = /\bgsap\s*\.\s*(to|from|fromTo|set|timeline|delayedCall)\s*\(/;

export function motionLiterals(source: string, file: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (LITERAL_TIMING.test(code) || (file !== 'stage.ts' && RAW_GSAP.test(code)))
      found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

/** Every source file of the board (src/board), by its path under it. */
const BOARD_FILES = import.meta.glob<string>(
  ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe("the board's motion", () => {
  const sources = Object.entries(BOARD_FILES).map(([file, source]) => ({
    file: file.replace(/^\.\.\//, ''),
    source,
  }));

  it('has no literal durations, delays, repeats or eases: every one is in the tuning', () => {
    expect(sources.length).toBeGreaterThan(20);
    expect(sources.flatMap(({ file, source }) => motionLiterals(source, file))).toEqual([]);
  });

  it('tweens only through the stage, which reads eases from the tuning', () => {
    expect(sources.filter(({ source }) => /\btween\(/.test(source)).length).toBeGreaterThan(8);
  });

  it('finds what it looks for', () => {
    expect(
      motionLiterals("tween(c, { alpha: 1, duration: 0.3, ease: 'power2.out' });", 'X.tsx'),
    ).toHaveLength(1);
    expect(motionLiterals('tween(c, { y: 0, delay: .2 });', 'X.tsx')).toHaveLength(1);
    expect(motionLiterals('tween(c, { yoyo: true, repeat: 3 });', 'X.tsx')).toHaveLength(1);
    expect(motionLiterals('gsap.to(c, vars);', 'scene/X.tsx')).toHaveLength(1);
    expect(motionLiterals('tween(c, { duration: T.lid.duration, ease: T.lid.ease });', 'X.tsx')).toEqual([]);
  });
});
