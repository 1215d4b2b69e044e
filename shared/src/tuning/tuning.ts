import { z } from 'zod';
import { TIMINGS } from '../constants.js';
import { describeIssue } from '../schemas/common.js';

/**
 * The board's animation tuning (issue 19): every duration, delay, ease, distance, scale, colour and count of its
 * motion, in one object the designers' studio edits and publishes. Durations are seconds, as GSAP takes them.
 * SPEC.md section 9's timings are rules, not style: they stay in TIMINGS, the store times the phases with them,
 * and the checks at the end of this file keep every tuning inside the windows they give.
 */

/** GSAP's eases that take no parameter (no plugins). */
const PLAIN_EASE =
  /^(none|linear|(power[0-4]|quad|cubic|quart|quint|strong|sine|expo|circ|bounce)(\.(in|out|inOut))?)$/;
/** An ease that takes numbers: back and elastic with or without them, steps and cubic-bezier with them. */
const EASE_WITH_PARAMS =
  /^(?:(back|elastic)(?:\.(?:in|out|inOut))?(?:\(([^()]*)\))?|(steps|cubic-bezier)\(([^()]*)\))$/;
const PARAM = /^\s*-?\d+(\.\d+)?\s*$/;
const NUM = '(-?\\d+(?:\\.\\d+)?)';
const BEZIER = new RegExp(`^cubic-bezier\\(\\s*${NUM}\\s*,\\s*${NUM}\\s*,\\s*${NUM}\\s*,\\s*${NUM}\\s*\\)$`);

export const NOT_AN_EASE =
  'must be a GSAP ease (power2.out, back.out(1.7), elastic.out(1, 0.5), sine.inOut, steps(4), none...) or cubic-bezier(x1, y1, x2, y2) with x1 and x2 from 0 to 1';

interface EaseParam {
  /** How a message names it. */
  label: string;
  min: number;
  max: number;
  /** The minimum itself is refused (a period of 0). */
  aboveMin?: boolean;
  whole?: boolean;
}

/**
 * The numbers each ease takes, in order, with the range where it eases with finite values near 0..1 (decision
 * 0049): GSAP's docs give the lower bounds (steps at least 1 and whole, elastic amplitude at least 1 and period
 * above 0: below them GSAP divides by zero), Anime.js's documented elastic range the upper ones. A cubic-bézier's
 * x must lie in 0..1 (CSS); its y is kept within 2 of 0..1.
 */
export const EASE_PARAMS = {
  back: [{ label: "back's overshoot", min: 0, max: 10 }],
  elastic: [
    { label: "elastic's amplitude", min: 1, max: 10 },
    { label: "elastic's period", min: 0, max: 2, aboveMin: true },
  ],
  steps: [{ label: 'the number of steps', min: 1, max: 999, whole: true }],
  'cubic-bezier': [
    { label: "cubic-bezier's x1", min: 0, max: 1 },
    { label: "cubic-bezier's y1", min: -2, max: 3 },
    { label: "cubic-bezier's x2", min: 0, max: 1 },
    { label: "cubic-bezier's y2", min: -2, max: 3 },
  ],
} as const satisfies Record<string, readonly EaseParam[]>;

function paramProblem(p: EaseParam, value: number): string | null {
  const inRange = (p.aboveMin ? value > p.min : value >= p.min) && value <= p.max;
  if (inRange && (!p.whole || Number.isInteger(value))) return null;
  if (p.whole) return `${p.label} must be a whole number from ${p.min} to ${p.max}`;
  if (p.aboveMin) return `${p.label} must be above ${p.min} and at most ${p.max}`;
  return `${p.label} must be from ${p.min} to ${p.max}`;
}

/**
 * What is wrong with an ease, or null when there is nothing: a name GSAP does not know without plugins (and
 * not a CSS cubic-bézier) is NOT_AN_EASE, a number out of its range names that number and its range.
 */
export function easeProblem(ease: string): string | null {
  if (PLAIN_EASE.test(ease)) return null;
  const m = EASE_WITH_PARAMS.exec(ease);
  if (!m) return NOT_AN_EASE;
  const kind = (m[1] ?? m[3]) as keyof typeof EASE_PARAMS;
  const args = m[2] ?? m[4];
  // back and elastic alone take GSAP's defaults.
  if (args === undefined) return null;
  const params: readonly EaseParam[] = EASE_PARAMS[kind];
  const texts = args.split(',');
  // back and elastic may leave out their last numbers; steps and cubic-bezier take all of theirs.
  const fewest = kind === 'back' || kind === 'elastic' ? 1 : params.length;
  if (texts.length < fewest || texts.length > params.length || !texts.every((t) => PARAM.test(t)))
    return NOT_AN_EASE;
  for (const [i, text] of texts.entries()) {
    const problem = paramProblem(params[i]!, Number(text));
    if (problem) return problem;
  }
  return null;
}

/** The four points of `cubic-bezier(x1, y1, x2, y2)`, or null for anything else (a GSAP ease name). */
export function parseCubicBezier(ease: string): [number, number, number, number] | null {
  const m = BEZIER.exec(ease);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}

export function formatCubicBezier(points: readonly number[]): string {
  return `cubic-bezier(${points.map((p) => Math.round(p * 1000) / 1000).join(', ')})`;
}

/** Whether a string is an ease GSAP knows without plugins, or a CSS cubic-bézier, each number in its range. */
export function isEase(ease: string): boolean {
  return easeProblem(ease) === null;
}

/**
 * A CSS cubic-bézier as an ease function (progress 0..1 in, eased progress out), as the browser computes
 * `transition-timing-function`: x(t) is solved for t by Newton's method, then bisection where it stalls.
 */
export function cubicBezierEase(x1: number, y1: number, x2: number, y2: number): (p: number) => number {
  const cx = 3 * x1;
  const bx = 3 * (x2 - x1) - cx;
  const ax = 1 - cx - bx;
  const cy = 3 * y1;
  const by = 3 * (y2 - y1) - cy;
  const ay = 1 - cy - by;
  const x = (t: number) => ((ax * t + bx) * t + cx) * t;
  const dx = (t: number) => (3 * ax * t + 2 * bx) * t + cx;
  const y = (t: number) => ((ay * t + by) * t + cy) * t;
  return (p) => {
    if (p <= 0) return 0;
    if (p >= 1) return 1;
    let t = p;
    for (let i = 0; i < 8; i++) {
      const error = x(t) - p;
      if (Math.abs(error) < 1e-6) return y(t);
      const slope = dx(t);
      if (Math.abs(slope) < 1e-6) break;
      t -= error / slope;
    }
    let lo = 0;
    let hi = 1;
    t = p;
    for (let i = 0; i < 40; i++) {
      const value = x(t);
      if (Math.abs(value - p) < 1e-6) break;
      if (value < p) lo = t;
      else hi = t;
      t = (lo + hi) / 2;
    }
    return y(t);
  };
}

// The field kinds, each with the rule its error names.
const number = (min: number, max: number, unit: string) =>
  z
    .number({ error: `must be a number (${unit})` })
    .min(min, { error: `must be at least ${min} (${unit})` })
    .max(max, { error: `must be at most ${max} (${unit})` });
const seconds = (max = 4) => number(0, max, 'seconds');
const scale = (min = 0, max = 3) => number(min, max, 'a scale, 1 is the size at rest');
const share = (max = 1) => number(0, max, 'a part of the size it moves');
const radians = (max = 1) => number(0, max, 'radians');
const count = (min: number, max: number) =>
  number(min, max, 'a count').int({ error: `must be a whole number from ${min} to ${max}` });
const ease = z
  .string({ error: 'must be an ease' })
  .max(80, { error: 'must be at most 80 characters' })
  .superRefine((value, ctx) => {
    const problem = easeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const color = z
  .string({ error: 'must be a colour' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour as #rrggbb' });

const move = z.strictObject({ duration: seconds(), ease });
/** An overlay's entrance: its backdrop fading in, its panel popping from `fromScale`. */
const frame = z.strictObject({
  backdrop: z.strictObject({ duration: seconds(2) }),
  panel: z.strictObject({ duration: seconds(2), ease, fromScale: scale(0.05, 2) }),
  /** The panel's fade, as a part of its pop's duration. */
  fadeShare: share(),
});
/** A gift picture popping into a reveal. */
const giftPop = z.strictObject({ duration: seconds(), delay: seconds(3), ease, fromScale: scale(0.05, 2) });

export const tuningSchema = z
  .strictObject({
    caseOpen: z.strictObject({
      /** The lid folding away, then the gift popping in from `fromScale`. */
      lid: move,
      gift: z.strictObject({ duration: seconds(), ease, fromScale: scale(0.05, 2) }),
      /** A case lifting under the pointer or focus, by `lift` of its height. */
      hover: z.strictObject({ duration: seconds(1), ease, lift: share(0.5) }),
      /** The player's case picked: a bounce down from `fromScale`. */
      pick: z.strictObject({ duration: seconds(), ease, fromScale: scale(0.5, 2) }),
    }),
    caseToast: z.strictObject({
      /** The toast sliding up by `rise` layout pixels as it fades in. */
      enter: z.strictObject({ duration: seconds(2), ease, rise: number(0, 200, 'layout pixels') }),
    }),
    phoneCall: z.strictObject({
      frame,
      /** The ringing handset swinging `swing` radians each way. */
      shake: z.strictObject({ duration: seconds(1), ease, swing: radians() }),
      /** Ring waves growing out of the phone to `growth`, one every `every` seconds. */
      ring: z.strictObject({
        duration: seconds(3),
        ease,
        /** The wave's fade as it grows. */
        fadeEase: ease,
        every: seconds(2),
        growth: scale(1, 4),
        waves: count(0, 6),
        color,
      }),
      /** The banker nodding by `nod` of his height, his arm swinging `armSwing` radians. */
      bankerNod: z.strictObject({ duration: seconds(2), ease, nod: share(0.2), armSwing: radians() }),
      talkBlink: move,
    }),
    offerDialog: z.strictObject({
      frame,
      /** The amount counting up, and the board-average meter filling to it. */
      count: move,
      meter: move,
      /** The offer history's chips coming in one after another, then the current one pulsing. */
      chips: z.strictObject({ duration: seconds(2), ease, stagger: seconds(1), fromScale: scale(0.05, 2) }),
      currentPulse: z.strictObject({ duration: seconds(2), ease, scale: scale(1, 2), pulses: count(0, 10) }),
    }),
    dealReveal: z.strictObject({ frame, gift: giftPop }),
    finalDecision: z.strictObject({ frame }),
    finalReveal: z.strictObject({ frame, gift: giftPop }),
    newGameDialog: z.strictObject({ frame }),
    showMoments: z.strictObject({
      celebration: z.strictObject({
        /** How long a burst lasts; nothing of it runs afterwards. */
        seconds: seconds(10),
        pieces: count(0, 600),
        /** Pieces leave the cannons over this long. */
        emitOver: seconds(3),
        /** Launch speed and gravity in stage heights per second (per second squared). */
        speed: number(0, 5, 'stage heights per second'),
        gravity: number(0, 5, 'stage heights per second squared'),
        banner: move,
        fadeOut: seconds(3),
        colors: z
          .array(color, { error: 'must be a list of colours' })
          .min(1, { error: 'must hold at least 1 colour' })
          .max(12, { error: 'must hold at most 12 colours' }),
      }),
      /** The last cases: a shake as the case comes forward to `lift`, a pause, then a slower lid and pop. */
      slowOpen: z.strictObject({
        shake: seconds(3),
        shakes: count(0, 30),
        swing: radians(),
        shakeEase: ease,
        lift: scale(1, 2),
        liftEase: ease,
        pause: seconds(2),
        lid: move,
        gift: move,
        settle: ease,
        /** The banker's call after a slow open waits for the lid: its frame fades in after `phoneEnterAfter`. */
        phoneEnterAfter: seconds(2),
        phoneFadeIn: seconds(2),
      }),
    }),
    /** A value struck off the board: a bar sweeping across its row, then fading. */
    valueStrike: z.strictObject({
      sweep: move,
      fade: z.strictObject({ duration: seconds(2), delay: seconds(2) }),
      color,
      /** The bar's height, as a part of the row's. */
      thickness: share(),
    }),
    /** The board after the view mode changes: it fades in from `fromScale`. */
    viewModeChange: z.strictObject({ duration: seconds(2), ease, fromScale: scale(0.5, 1.5) }),
  })
  .superRefine((t, ctx) => {
    for (const broken of ruleBreaks(t))
      ctx.addIssue({ code: 'custom', path: broken.path, message: broken.message });
  });
export type Tuning = z.infer<typeof tuningSchema>;
/** The names of the animations, as the studio lists them. */
export type TuningAnimation = keyof Tuning;

/** The published document: the tuning, and its variant for players whose system asks for reduced motion. */
export const tuningDocumentSchema = z.strictObject({
  standard: tuningSchema,
  reduced: tuningSchema,
});
export type TuningDocument = z.infer<typeof tuningDocumentSchema>;

/** GET /api/tuning and PUT /api/admin/tuning: the tuning players get, and which change published it. */
export const publishedTuningSchema = z.object({
  /** The change that published it; null for the built-in defaults (nothing published yet). */
  id: z.number().int().positive().nullable(),
  tuning: tuningDocumentSchema,
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type PublishedTuning = z.infer<typeof publishedTuningSchema>;

/** One entry of the history to roll back to. */
export const tuningChangeSchema = z.object({
  id: z.number().int().positive(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  /** The change this one restored (a rollback), if it was one. */
  rolledBackFrom: z.number().int().positive().nullable(),
});
export type TuningChange = z.infer<typeof tuningChangeSchema>;
export const tuningHistorySchema = z.object({ changes: z.array(tuningChangeSchema) });
export type TuningHistory = z.infer<typeof tuningHistorySchema>;

/** POST /api/admin/tuning/rollback: publish again the tuning of an earlier change. */
export const tuningRollbackSchema = z.strictObject({
  id: z.number({ error: 'id must be a number' }).int({ error: 'id must be a whole number' }).positive({
    error: 'id must be positive',
  }),
});

const LOCK_S = TIMINGS.interactionLockMs / 1000;
const PHONE_S = TIMINGS.phoneOverlayMs / 1000;
const SHORT_TOAST_S = TIMINGS.caseToastTabletMs / 1000;
const FINAL_DELAY_S = TIMINGS.finalDialogDelayMs / 1000;

/**
 * The rule timings of SPEC.md section 9 as the studio shows them (read-only), each with what the tuning must
 * keep inside it. The phases themselves never wait for an animation: these only keep the motion readable.
 */
export const TUNING_RULES = [
  {
    name: 'Interaction lock',
    ms: TIMINGS.interactionLockMs,
    keeps: 'a normal case open (lid + gift) ends within it',
  },
  { name: 'Phone overlay', ms: TIMINGS.phoneOverlayMs, keeps: "the phone's entrance ends within it" },
  { name: 'Banker sound delay', ms: TIMINGS.bankerSoundDelayMs, keeps: 'nothing: sound' },
  {
    name: 'Final decision delay',
    ms: TIMINGS.finalDialogDelayMs,
    keeps: 'the final decision dialog enters within it',
  },
  { name: 'Final choice to reveal', ms: TIMINGS.finalChoiceToRevealMs, keeps: 'nothing: the phase' },
  { name: 'Reveal dialog after reveal', ms: TIMINGS.revealDialogAfterRevealMs, keeps: 'nothing: the phase' },
  { name: 'New game reset delay', ms: TIMINGS.newGameResetDelayMs, keeps: 'nothing: the phase' },
  { name: 'Case toast (desktop, mobile)', ms: TIMINGS.caseToastMs, keeps: 'nothing beyond the tablet toast' },
  {
    name: 'Case toast (tablet)',
    ms: TIMINGS.caseToastTabletMs,
    keeps: "the toast's entrance ends within half of it",
  },
] as const;

interface RuleBreak {
  path: Array<string | number>;
  message: string;
}

const s = (n: number) => `${Math.round(n * 1000)} ms`;
const frameIn = (f: Tuning['phoneCall']['frame']) => Math.max(f.backdrop.duration, f.panel.duration);

/** Where a tuning breaks a rule timing: each with the field to change and the rule. */
export function ruleBreaks(t: Tuning): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  const open = t.caseOpen.lid.duration + t.caseOpen.gift.duration;
  if (open > LOCK_S)
    breaks.push({
      path: ['caseOpen', 'gift', 'duration'],
      message: `the lid and the gift take ${s(open)}: a case must be open within the ${TIMINGS.interactionLockMs} ms interaction lock (SPEC.md section 9)`,
    });
  if (t.caseToast.enter.duration > SHORT_TOAST_S / 2)
    breaks.push({
      path: ['caseToast', 'enter', 'duration'],
      message: `must be at most ${s(SHORT_TOAST_S / 2)}, half of the ${TIMINGS.caseToastTabletMs} ms tablet toast (SPEC.md section 9)`,
    });
  const phone = frameIn(t.phoneCall.frame);
  if (phone >= PHONE_S)
    breaks.push({
      path: ['phoneCall', 'frame', 'panel', 'duration'],
      message: `the phone's entrance takes ${s(phone)}: it must end within the ${TIMINGS.phoneOverlayMs} ms phone overlay (SPEC.md section 9)`,
    });
  const slowPhone = t.showMoments.slowOpen.phoneEnterAfter + t.showMoments.slowOpen.phoneFadeIn;
  if (slowPhone >= PHONE_S)
    breaks.push({
      path: ['showMoments', 'slowOpen', 'phoneFadeIn'],
      message: `the phone after a slow open shows after ${s(slowPhone)}: it must be in within the ${TIMINGS.phoneOverlayMs} ms phone overlay (SPEC.md section 9)`,
    });
  const final = frameIn(t.finalDecision.frame);
  if (final > FINAL_DELAY_S)
    breaks.push({
      path: ['finalDecision', 'frame', 'panel', 'duration'],
      message: `must be at most ${s(FINAL_DELAY_S)}, the final decision delay (SPEC.md section 9)`,
    });
  return breaks;
}

/** A validation failure as one line per problem: the field's path and the rule. */
export function tuningProblems(error: z.ZodError): string[] {
  const lines = error.issues.map((issue) => {
    const { field, message } = describeIssue(issue, error.issues);
    return `${field || 'tuning'}: ${message}`;
  });
  // A number past the safe integers is reported by its range check, which is also an issue of its own.
  return [...new Set(lines)];
}
