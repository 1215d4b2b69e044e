import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING, DEFAULT_TUNING_DOCUMENT, REDUCED_MOTION_TUNING } from './defaults.js';
import {
  cubicBezierEase,
  formatCubicBezier,
  isEase,
  parseCubicBezier,
  tuningDocumentSchema,
  tuningProblems,
  tuningSchema,
  type TuningDocument,
} from './tuning.js';

/** A deep copy of the defaults with one change made by `edit`. */
function withChange(edit: (doc: Record<string, any>) => void): unknown {
  const doc = structuredClone(DEFAULT_TUNING_DOCUMENT) as Record<string, any>;
  edit(doc);
  return doc;
}

function problemsOf(value: unknown): string[] {
  const parsed = tuningDocumentSchema.safeParse(value);
  return parsed.success ? [] : tuningProblems(parsed.error);
}

describe('the tuning schema', () => {
  it('takes the defaults and the reduced-motion variant as they are', () => {
    expect(tuningSchema.parse(DEFAULT_TUNING)).toEqual(DEFAULT_TUNING);
    expect(tuningSchema.parse(REDUCED_MOTION_TUNING)).toEqual(REDUCED_MOTION_TUNING);
    expect(tuningDocumentSchema.parse(DEFAULT_TUNING_DOCUMENT)).toEqual(DEFAULT_TUNING_DOCUMENT);
  });

  it('refuses a bad preset, naming the field and the rule', () => {
    expect(problemsOf(withChange((d) => (d.standard.caseOpen.lid.duration = -1)))).toEqual([
      'standard.caseOpen.lid.duration: must be at least 0 (seconds)',
    ]);
    expect(problemsOf(withChange((d) => (d.reduced.caseToast.enter.ease = 'wobbly.out')))[0]).toMatch(
      /^reduced\.caseToast\.enter\.ease: must be a GSAP ease/,
    );
    expect(problemsOf(withChange((d) => (d.standard.phoneCall.ring.color = 'green')))).toEqual([
      'standard.phoneCall.ring.color: must be a colour as #rrggbb',
    ]);
    expect(problemsOf(withChange((d) => (d.standard.showMoments.celebration.pieces = 2.5)))).toEqual([
      'standard.showMoments.celebration.pieces: must be a whole number from 0 to 600',
    ]);
    // Past the safe integers: too large, once, not also 'not a whole number'.
    expect(problemsOf(withChange((d) => (d.standard.showMoments.celebration.pieces = 1e300)))).toEqual([
      'standard.showMoments.celebration.pieces: must be at most 600 (a count)',
    ]);
    expect(problemsOf(withChange((d) => (d.standard.offerDialog.count.duration = '0.9')))).toEqual([
      'standard.offerDialog.count.duration: must be a number (seconds)',
    ]);
    expect(problemsOf(withChange((d) => delete d.standard.viewModeChange))[0]).toMatch(
      /^standard\.viewModeChange: /,
    );
    expect(problemsOf(withChange((d) => (d.standard.caseOpen.lid.speed = 2)))).toEqual([
      'standard.caseOpen.lid.speed: speed is not a known field',
    ]);
    expect(problemsOf({ standard: DEFAULT_TUNING })[0]).toMatch(/^reduced: /);
  });

  it('keeps every tuning inside the rule timings of SPEC.md section 9', () => {
    // A case must be open within the 800 ms lock between taps.
    expect(
      problemsOf(
        withChange((d) => Object.assign(d.standard.caseOpen, { lid: { duration: 0.5, ease: 'none' } })),
      ),
    ).toEqual([
      'standard.caseOpen.gift.duration: the lid and the gift take 850 ms: a case must be open within the 800 ms interaction lock (SPEC.md section 9)',
    ]);
    expect(problemsOf(withChange((d) => (d.standard.phoneCall.frame.panel.duration = 2)))[0]).toMatch(
      /^standard\.phoneCall\.frame\.panel\.duration: .*2000 ms phone overlay/,
    );
    expect(problemsOf(withChange((d) => (d.standard.showMoments.slowOpen.phoneEnterAfter = 1.9)))[0]).toMatch(
      /^standard\.showMoments\.slowOpen\.phoneFadeIn: .*2000 ms phone overlay/,
    );
    expect(problemsOf(withChange((d) => (d.reduced.caseToast.enter.duration = 1.2)))[0]).toMatch(
      /^reduced\.caseToast\.enter\.duration: must be at most 1000 ms, half of the 2000 ms tablet toast/,
    );
    expect(
      problemsOf(withChange((d) => (d.standard.finalDecision.frame.backdrop.duration = 1.5)))[0],
    ).toMatch(/final decision delay/);
  });

  it('takes GSAP ease names and CSS cubic-béziers, and nothing else', () => {
    for (const ok of [
      'none',
      'power2.out',
      'back.out(1.7)',
      'elastic.out(1, 0.5)',
      'steps(4)',
      'sine.inOut',
      'expo',
    ])
      expect(isEase(ok), ok).toBe(true);
    for (const bad of [
      'power5.out',
      'back.sideways',
      'cubic-bezier(1.2, 0, 0.5, 1)',
      'cubic-bezier(0,1)',
      '',
      'alert(1)',
    ])
      expect(isEase(bad), bad).toBe(false);
    expect(parseCubicBezier('cubic-bezier(0.25, 0.1, 0.25, 1)')).toEqual([0.25, 0.1, 0.25, 1]);
    expect(formatCubicBezier([0.123456, -0.5, 0.5, 1.25])).toBe('cubic-bezier(0.123, -0.5, 0.5, 1.25)');
  });

  it('bounds every number of an ease to the range GSAP eases it in, naming the number and its range', () => {
    const problem = (ease: string) =>
      problemsOf(withChange((d) => (d.standard.caseOpen.pick.ease = ease)))[0];
    const at = 'standard.caseOpen.pick.ease: ';
    // steps(0) and elastic's amplitude 0 divide by zero in GSAP (NaN positions); back's overshoot had no bound.
    expect(problem('steps(0)')).toBe(`${at}the number of steps must be a whole number from 1 to 999`);
    expect(problem('steps(2.5)')).toBe(`${at}the number of steps must be a whole number from 1 to 999`);
    expect(problem('elastic.out(0, 0.5)')).toBe(`${at}elastic's amplitude must be from 1 to 10`);
    expect(problem('elastic.out(11)')).toBe(`${at}elastic's amplitude must be from 1 to 10`);
    expect(problem('elastic.inOut(1, 0)')).toBe(`${at}elastic's period must be above 0 and at most 2`);
    expect(problem('elastic.out(1, 2.5)')).toBe(`${at}elastic's period must be above 0 and at most 2`);
    expect(problem('back.out(99999999)')).toBe(`${at}back's overshoot must be from 0 to 10`);
    expect(problem('back.in(-1)')).toBe(`${at}back's overshoot must be from 0 to 10`);
    expect(problem('cubic-bezier(0.5, 40, 0.5, 1)')).toBe(`${at}cubic-bezier's y1 must be from -2 to 3`);
    expect(problem('cubic-bezier(0.5, 0, 1.5, 1)')).toBe(`${at}cubic-bezier's x2 must be from 0 to 1`);
    for (const malformed of [
      'back.out()',
      'elastic.out(1, 0.5, 2)',
      'steps()',
      'steps',
      'steps(1, 2)',
      'back.out(1e3)',
    ])
      expect(problem(malformed), malformed).toMatch(/^standard\.caseOpen\.pick\.ease: must be a GSAP ease/);
    // The ends of each range are eases.
    for (const ok of [
      'steps(1)',
      'steps(999)',
      'elastic.out(1, 0.01)',
      'elastic.in(10, 2)',
      'elastic(2)',
      'back.inOut(0)',
      'back.out(10)',
      'back',
      'cubic-bezier(0, -2, 1, 3)',
    ])
      expect(isEase(ok), ok).toBe(true);
  });

  it('eases a cubic-bézier as the browser does', () => {
    const linear = cubicBezierEase(0, 0, 1, 1);
    for (const p of [0, 0.1, 0.5, 0.9, 1]) expect(linear(p)).toBeCloseTo(p, 5);
    // CSS "ease" (0.25, 0.1, 0.25, 1): solved by bisection of the curve's own formula: 0.40851 at a quarter, 0.80240 at half time.
    const cssEase = cubicBezierEase(0.25, 0.1, 0.25, 1);
    expect(cssEase(0.25)).toBeCloseTo(0.40851, 4);
    expect(cssEase(0.5)).toBeCloseTo(0.8024, 4);
    // An overshoot leaves 0..1 in the middle and lands on 1.
    const overshoot = cubicBezierEase(0.3, 1.6, 0.6, 1);
    expect(Math.max(...[0.4, 0.5, 0.6, 0.7].map(overshoot))).toBeGreaterThan(1);
    expect(overshoot(1)).toBe(1);
  });

  it('round-trips through JSON unchanged', () => {
    const doc: TuningDocument = JSON.parse(JSON.stringify(DEFAULT_TUNING_DOCUMENT));
    expect(tuningDocumentSchema.parse(doc)).toEqual(DEFAULT_TUNING_DOCUMENT);
  });
});
