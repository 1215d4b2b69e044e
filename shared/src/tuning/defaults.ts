import type { Tuning, TuningDocument } from './tuning.js';

const frame = (backdrop: number, panel: number, fromScale: number, ease = 'back.out(1.8)') => ({
  backdrop: { duration: backdrop },
  panel: { duration: panel, ease, fromScale },
  fadeShare: 0.6,
});

/** The board's motion as the show designed it (what the code held before the studio). */
export const DEFAULT_TUNING: Tuning = {
  caseOpen: {
    lid: { duration: 0.22, ease: 'power2.in' },
    gift: { duration: 0.35, ease: 'back.out(2)', fromScale: 0.2 },
    hover: { duration: 0.15, ease: 'power2.out', lift: 0.05 },
    pick: { duration: 0.45, ease: 'elastic.out(1, 0.5)', fromScale: 1.18 },
  },
  caseToast: { enter: { duration: 0.25, ease: 'power2.out', rise: 24 } },
  phoneCall: {
    frame: frame(0.32, 0.32, 0.7),
    shake: { duration: 0.06, ease: 'sine.inOut', swing: 0.26 },
    ring: {
      duration: 0.9,
      ease: 'power1.out',
      fadeEase: 'power1.in',
      every: 0.3,
      growth: 1.75,
      waves: 3,
      color: '#19c37d',
    },
    bankerNod: { duration: 0.45, ease: 'sine.inOut', nod: 0.015, armSwing: 0.06 },
    talkBlink: { duration: 0.22, ease: 'steps(1)' },
  },
  offerDialog: {
    frame: frame(0.32, 0.32, 0.7),
    count: { duration: 0.9, ease: 'power2.out' },
    meter: { duration: 0.9, ease: 'power2.out' },
    chips: { duration: 0.28, ease: 'back.out(2)', stagger: 0.08, fromScale: 0.4 },
    currentPulse: { duration: 0.55, ease: 'sine.inOut', scale: 1.1, pulses: 3 },
  },
  dealReveal: {
    frame: frame(0.32, 0.32, 0.7),
    gift: { duration: 0.56, delay: 0.32, ease: 'back.out(2.2)', fromScale: 0.3 },
  },
  finalDecision: { frame: frame(0.32, 0.32, 0.7) },
  finalReveal: {
    frame: frame(0.32, 0.32, 0.7),
    gift: { duration: 0.56, delay: 0.32, ease: 'back.out(2.2)', fromScale: 0.3 },
  },
  newGameDialog: { frame: frame(0.32, 0.32, 0.7) },
  showMoments: {
    celebration: {
      seconds: 3.2,
      pieces: 190,
      emitOver: 0.45,
      speed: 1.35,
      gravity: 1.05,
      banner: { duration: 0.45, ease: 'back.out(2.2)' },
      fadeOut: 0.6,
      colors: ['#f5c542', '#ffe9a3', '#25f4ee', '#fe2c55', '#ffffff', '#9b6bff'],
    },
    slowOpen: {
      shake: 0.5,
      shakes: 8,
      swing: 0.13,
      shakeEase: 'sine.inOut',
      lift: 1.14,
      liftEase: 'power2.out',
      pause: 0.25,
      lid: { duration: 0.38, ease: 'power3.in' },
      gift: { duration: 0.55, ease: 'back.out(3)' },
      settle: 'power2.inOut',
      phoneEnterAfter: 0.95,
      phoneFadeIn: 0.22,
    },
  },
  valueStrike: {
    sweep: { duration: 0.35, ease: 'power2.out' },
    fade: { duration: 0.45, delay: 0.35 },
    color: '#fe2c55',
    thickness: 0.14,
  },
  viewModeChange: { duration: 0.35, ease: 'power2.out', fromScale: 0.97 },
};

const fade = (duration: number) => ({
  backdrop: { duration },
  panel: { duration, ease: 'power1.out', fromScale: 1 },
  fadeShare: 1,
});

/**
 * For players whose system asks for reduced motion: short fades instead of flights and pops, no particles, no
 * shake, nothing that counts or pulses.
 */
export const REDUCED_MOTION_TUNING: Tuning = {
  caseOpen: {
    lid: { duration: 0.15, ease: 'none' },
    gift: { duration: 0.15, ease: 'none', fromScale: 1 },
    hover: { duration: 0, ease: 'none', lift: 0 },
    pick: { duration: 0, ease: 'none', fromScale: 1 },
  },
  caseToast: { enter: { duration: 0.15, ease: 'none', rise: 0 } },
  phoneCall: {
    frame: fade(0.2),
    shake: { duration: 0.06, ease: 'none', swing: 0 },
    ring: {
      duration: 0.9,
      ease: 'none',
      fadeEase: 'none',
      every: 0.3,
      growth: 1,
      waves: 0,
      color: '#19c37d',
    },
    bankerNod: { duration: 0.45, ease: 'none', nod: 0, armSwing: 0 },
    talkBlink: { duration: 0.22, ease: 'steps(1)' },
  },
  offerDialog: {
    frame: fade(0.2),
    count: { duration: 0, ease: 'none' },
    meter: { duration: 0, ease: 'none' },
    chips: { duration: 0.15, ease: 'none', stagger: 0, fromScale: 1 },
    currentPulse: { duration: 0.55, ease: 'none', scale: 1, pulses: 0 },
  },
  dealReveal: { frame: fade(0.2), gift: { duration: 0.2, delay: 0.1, ease: 'none', fromScale: 1 } },
  finalDecision: { frame: fade(0.2) },
  finalReveal: { frame: fade(0.2), gift: { duration: 0.2, delay: 0.1, ease: 'none', fromScale: 1 } },
  newGameDialog: { frame: fade(0.2) },
  showMoments: {
    celebration: {
      ...DEFAULT_TUNING.showMoments.celebration,
      pieces: 0,
      banner: { duration: 0.2, ease: 'none' },
    },
    slowOpen: {
      shake: 0,
      shakes: 0,
      swing: 0,
      shakeEase: 'none',
      lift: 1,
      liftEase: 'none',
      pause: 0.2,
      lid: { duration: 0.3, ease: 'none' },
      gift: { duration: 0.3, ease: 'none' },
      settle: 'none',
      phoneEnterAfter: 0.5,
      phoneFadeIn: 0.2,
    },
  },
  valueStrike: {
    sweep: { duration: 0, ease: 'none' },
    fade: { duration: 0.3, delay: 0 },
    color: '#fe2c55',
    thickness: 0.14,
  },
  viewModeChange: { duration: 0.2, ease: 'none', fromScale: 1 },
};

export const DEFAULT_TUNING_DOCUMENT: TuningDocument = {
  standard: DEFAULT_TUNING,
  reduced: REDUCED_MOTION_TUNING,
};
