// Every number of SPEC.md section 9 lives here once, under a name that says what it is.
// constants.test.ts pins each one; the code that acts on it is tested beside that code.

// Game
export const CASE_COUNT = 26;
/** Cases to open in rounds 1 to 9; every later round needs LATER_ROUND_QUOTA. */
export const ROUND_QUOTAS = [6, 5, 4, 3, 2, 1, 1, 1, 1] as const;
export const LATER_ROUND_QUOTA = 1;
export const FINAL_ROUND = 10;
export const GIFT_SET_SIZE = 26;
export const LOWER_VALUES_COUNT = 13;
export const HIGHER_VALUES_COUNT = 13;
export const MIN_GIFT_COINS = 1;
export const MAX_GIFT_COINS = 44_999;

// Banker offer
/** Round factors for rounds 1 to 9; later rounds use the last one. */
export const BANKER_FACTORS = [0.28, 0.38, 0.5, 0.62, 0.7, 0.76, 0.84, 0.9, 0.95] as const;
export const BANKER_TOP_TWO_SHARE_THRESHOLD = 0.33;
export const BANKER_TOP_TWO_PENALTY_RATE = 0.4;
export const BANKER_TOP_TWO_MAX_PENALTY = 0.06;
export const BANKER_NOISE = 0.02;
/** The offer is capped at this multiple of the mean: rounds up to 7, round 8, round 9 and later. */
export const BANKER_CAP_UP_TO_ROUND_7 = 1;
export const BANKER_CAP_ROUND_8 = 1;
export const BANKER_CAP_FROM_ROUND_9 = 1.05;
export const BANKER_SMALL_OFFER_LIMIT = 1000;
export const BANKER_SMALL_OFFER_STEP = 25;
export const BANKER_LARGE_OFFER_STEP = 50;
export const BANKER_MIN_OFFER = 1;
export const BANKER_NO_CASES_OFFER = 0;
/** With one case left besides the player's, the offer is made as in this round. */
export const BANKER_LAST_CASE_ROUND = 9;

// Timings, in milliseconds
export const TIMINGS = {
  interactionLockMs: 800,
  phoneOverlayMs: 2000,
  bankerSoundDelayMs: 500,
  finalDialogDelayMs: 1000,
  finalChoiceToRevealMs: 500,
  revealDialogAfterRevealMs: 1000,
  newGameResetDelayMs: 100,
  caseToastMs: 4000,
  caseToastTabletMs: 2000,
  resetRedirectMs: 3000,
  registrationToastMs: 8000,
  resetLinkToastMs: 8000,
  resetDoneToastMs: 5000,
  saveFailureToastMs: 10_000,
} as const;

// Saving and backups
export const SAVE_MAX_ATTEMPTS = 3;
export const SAVE_FIRST_BACKOFF_MS = 1000;
export const SAVE_BACKOFF_FACTOR = 2;
export const BACKUP_KEY_PREFIX = 'game_backup_';
export const BACKUP_KEEP_NEWEST = 20;

// Accounts
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 6;
export const EXTEND_DAYS_OPTIONS = [7, 14, 30] as const;
export const REDUCE_DAYS_OPTIONS = [1, 7] as const;
export const EXPIRES_SOON_DAYS = 7;
export const TOP_WINNINGS_COUNT = 10;
export const HISTORY_SCROLL_HEIGHT_PX = 600;
export const DEFAULT_GIFT_SET_NAME = 'My Custom Gifts';
export const COIN_SYMBOL = '🪙';

// Audio
export const DEFAULT_VOLUMES = { master: 0.7, music: 0.3, sfx: 0.8 } as const;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;
export const MUSIC_INITIAL_VOLUME = 0.7;
/** Once the music volume changes, the track plays at this share of it. */
export const MUSIC_VOLUME_SCALE = 0.5;
/** The phone ring plays at master x sfx x this. */
export const RING_VOLUME_SCALE = 0.6;

export type OscillatorKind = 'sine' | 'square' | 'triangle' | 'sawtooth';

/** One note of a cue: when it starts after the cue starts, how long it sounds, its pitch. */
export interface CueNote {
  readonly startSec: number;
  readonly durationSec: number;
  readonly frequencyHz: number;
  /** For a sweep, the pitch it ends on. */
  readonly endFrequencyHz?: number;
  readonly oscillator: OscillatorKind;
}

// Times are added in whole milliseconds so that 3 x 150 ms is 0.45 s, not 0.44999...
function chord(
  frequencies: readonly number[],
  startMs: number,
  staggerMs: number,
  durationSec: number,
  oscillator: OscillatorKind,
): CueNote[] {
  return frequencies.map((frequencyHz, i) => ({
    startSec: (startMs + i * staggerMs) / 1000,
    durationSec,
    frequencyHz,
    oscillator,
  }));
}

const FINAL_REVEAL_CHORDS = [
  [523.25, 659.25, 783.99],
  [587.33, 739.99, 880],
  [659.25, 830.61, 987.77],
] as const;
export const FINAL_REVEAL_CHORD_GAP_MS = 600;

/** The six sound cues of SPEC.md section 9, note for note. */
export const SOUND_CUES = {
  caseTap: [{ startSec: 0, durationSec: 0.1, frequencyHz: 800, oscillator: 'square' }],
  caseEliminated: [
    { startSec: 0, durationSec: 0.5, frequencyHz: 600, endFrequencyHz: 200, oscillator: 'triangle' },
  ],
  bankerOffer: chord([261.63, 329.63, 392], 0, 100, 1, 'sine'),
  dealAccepted: chord([523.25, 659.25, 783.99, 1046.5], 0, 150, 0.3, 'sine'),
  noDeal: [{ startSec: 0, durationSec: 0.8, frequencyHz: 300, oscillator: 'sawtooth' }],
  finalReveal: FINAL_REVEAL_CHORDS.flatMap((notes, i) =>
    chord(notes, i * FINAL_REVEAL_CHORD_GAP_MS, 0, 1.5, 'sine'),
  ),
} as const satisfies Record<string, readonly CueNote[]>;
export type SoundCue = keyof typeof SOUND_CUES;

// Notifications
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Data caching
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const DEFAULT_QUERY_RETRIES = 0;

/** Retry delay for attempt n (0-based): doubled from 1 s, capped at 30 s. */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

/** Wait before save attempt n+1 after attempt n (1-based) failed: 1 s, then doubling. */
export function saveBackoffMs(failedAttempt: number): number {
  return SAVE_FIRST_BACKOFF_MS * SAVE_BACKOFF_FACTOR ** (failedAttempt - 1);
}
