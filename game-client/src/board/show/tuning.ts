/**
 * How the show moments move (issue 15): durations in seconds as GSAP takes them, sizes in parts of the
 * layout. SPEC.md's timings stay in @dond/shared's TIMINGS; nothing here changes when a phase ends.
 */
export const SHOW_MOTION = {
  phone: {
    /** One swing of the ringing handset, and how far it swings (radians). */
    shake: 0.06,
    shakeSwing: 0.26,
    /** A ring wave growing out of the phone; a new one starts every `ringEvery`. */
    ringWave: 0.9,
    ringEvery: 0.3,
    ringGrowth: 1.75,
    /** The banker nodding as he talks, and the sound arcs at his ear blinking. */
    bankerNod: 0.45,
    talkBlink: 0.22,
  },
  offer: {
    /** The history strip's chips sliding in one after another, then the current one pulsing. */
    chipIn: 0.28,
    chipStagger: 0.08,
    currentPulse: 0.55,
    currentScale: 1.1,
    /** The board-average meter filling up to the offer. */
    meterFill: 0.9,
  },
  celebration: {
    /** How long a burst lasts, gone with nothing left running after it. */
    seconds: 3.2,
    /** Pieces of confetti per burst (coins among them). */
    pieces: 190,
    /** Pieces leave the cannons over this long. */
    emitOver: 0.45,
    /** Launch speed and gravity in stage heights per second (per second squared). */
    speed: 1.35,
    gravity: 1.05,
    /** The banner's pop in and its fade at the end. */
    bannerIn: 0.45,
    fadeOut: 0.6,
  },
  slowOpen: {
    /** The last cases: a shake, a pause, then the lid, slower than a normal open. */
    shake: 0.5,
    shakes: 8,
    shakeSwing: 0.13,
    lift: 1.14,
    pause: 0.25,
    lid: 0.38,
    giftPop: 0.55,
    /** The phone overlay waits for the lid (its 2 s, the dialog and the ring start at once; only the frame waits). */
    phoneEnterAfter: 0.95,
    phoneFadeIn: 0.22,
  },
} as const;
