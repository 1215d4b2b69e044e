import {
  cubicBezierEase,
  DEFAULT_TUNING_DOCUMENT,
  parseCubicBezier,
  publishedTuningSchema,
  type Tuning,
  type TuningDocument,
} from '@dond/shared';
import { create } from 'zustand';
import { takeEarlyRead } from '../../api/early';
import { TUNING_URL } from '../../store/storageKeys';

/** Which variant plays: the system's choice, or one forced by the studio's preview. */
export type MotionVariant = 'auto' | 'standard' | 'reduced';

interface MotionStore {
  document: TuningDocument;
  /** The published change it came from (null: the built-in defaults). */
  publishedId: number | null;
  /** The system asks for reduced motion (prefers-reduced-motion). */
  systemReduced: boolean;
  variant: MotionVariant;
  /** The studio is editing: its working copy plays, and a late published read does not replace it. */
  edited: boolean;
  setPublished(document: TuningDocument, publishedId: number | null): void;
  /** The studio's working copy. */
  edit(document: TuningDocument): void;
  setVariant(variant: MotionVariant): void;
}

const REDUCED_QUERY = '(prefers-reduced-motion: reduce)';
const reducedQuery =
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(REDUCED_QUERY) : null;

/**
 * The board's animation tuning (issue 19): the published one, loaded with the page; the studio's working copy
 * while a designer edits it. Tweens read it when they start, so a change applies to the next animation at once.
 */
export const useMotionStore = create<MotionStore>((set) => ({
  document: DEFAULT_TUNING_DOCUMENT,
  publishedId: null,
  systemReduced: reducedQuery?.matches ?? false,
  variant: 'auto',
  edited: false,
  setPublished: (document, publishedId) => set({ document, publishedId }),
  edit: (document) => set({ document, edited: true }),
  setVariant: (variant) => set({ variant }),
}));
reducedQuery?.addEventListener('change', (e) => useMotionStore.setState({ systemReduced: e.matches }));

/** The animations that enter in an overlay's frame. */
export type FramedAnimation = {
  [K in keyof Tuning]: Tuning[K] extends { frame: unknown } ? K : never;
}[keyof Tuning];

/** Whether the reduced-motion variant plays now. */
export function playsReduced(state = useMotionStore.getState()): boolean {
  return state.variant === 'auto' ? state.systemReduced : state.variant === 'reduced';
}

/** The tuning every tween of the board reads its numbers from. */
export function motion(): Tuning {
  const state = useMotionStore.getState();
  return playsReduced(state) ? state.document.reduced : state.document.standard;
}

/** A tween that drives a clock (the confetti's physics reads its time): linear by nature, not a style. */
export const CLOCK_EASE = 'none';

const bezierEases = new Map<string, gsap.EaseFunction>();

/** A tuning's ease as GSAP takes it: a name as it is, a cubic-bézier as a function (GSAP has no CSS syntax). */
export function gsapEase(ease: gsap.TweenVars['ease']): gsap.TweenVars['ease'] {
  if (typeof ease !== 'string') return ease;
  const points = parseCubicBezier(ease);
  if (!points) return ease;
  let fn = bezierEases.get(ease);
  if (!fn) bezierEases.set(ease, (fn = cubicBezierEase(...points)));
  return fn;
}

let loading: Promise<void> | null = null;

/**
 * Loads the published tuning once per page (the page's head may have asked for it already). Until it lands, and
 * if it cannot be read, the board moves with the defaults: a tuning is never worth a broken board.
 */
export function loadPublishedTuning(): Promise<void> {
  loading ??= (async () => {
    try {
      const res = (await takeEarlyRead('tuning')?.catch(() => undefined)) ?? (await fetch(TUNING_URL));
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      const published = publishedTuningSchema.parse(await res.json());
      // The studio may have started editing meanwhile: its working copy wins.
      if (!useMotionStore.getState().edited)
        useMotionStore.getState().setPublished(published.tuning, published.id);
    } catch (error) {
      console.warn('The published tuning could not be read; the board moves with its defaults.', error);
    }
  })();
  return loading;
}
