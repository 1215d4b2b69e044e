import { DEFAULT_TUNING_DOCUMENT } from '@dond/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { gsapEase, motion, useMotionStore } from './motion';

afterEach(() => useMotionStore.setState({ variant: 'auto', systemReduced: false, edited: false }));

describe('the active tuning', () => {
  it('plays the reduced-motion variant when the system asks, or the studio forces it', () => {
    expect(motion()).toBe(useMotionStore.getState().document.standard);
    useMotionStore.setState({ systemReduced: true });
    expect(motion()).toBe(useMotionStore.getState().document.reduced);
    useMotionStore.getState().setVariant('standard');
    expect(motion()).toBe(useMotionStore.getState().document.standard);
    useMotionStore.setState({ systemReduced: false });
    useMotionStore.getState().setVariant('reduced');
    expect(motion().showMoments.celebration.pieces).toBe(0);
  });

  it("reads the studio's working copy at once", () => {
    const copy = structuredClone(DEFAULT_TUNING_DOCUMENT);
    copy.standard.caseOpen.lid.duration = 0.4;
    useMotionStore.getState().edit(copy);
    expect(motion().caseOpen.lid.duration).toBe(0.4);
    useMotionStore.getState().setPublished(DEFAULT_TUNING_DOCUMENT, null);
  });

  it('hands GSAP a cubic-bézier as a function and a name as it is', () => {
    expect(gsapEase('power2.out')).toBe('power2.out');
    expect(gsapEase(undefined)).toBeUndefined();
    const fn = gsapEase('cubic-bezier(0, 0, 1, 1)') as (p: number) => number;
    expect(typeof fn).toBe('function');
    expect(fn(0.3)).toBeCloseTo(0.3, 5);
    expect(gsapEase('cubic-bezier(0, 0, 1, 1)')).toBe(fn);
  });
});
