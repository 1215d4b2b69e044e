import { describe, expect, it } from 'vitest';
import * as C from './constants.js';

// SPEC.md section 9, number by number. The behaviour each one drives is tested beside its code.
describe('SPEC.md section 9 constants', () => {
  it('game: 26 cases, quotas 6,5,4,3,2,1,1,1,1 then 1, final round 10, 13 + 13 gifts from 1 to 44,999 coins', () => {
    expect(C.CASE_COUNT).toBe(26);
    expect(C.ROUND_QUOTAS).toEqual([6, 5, 4, 3, 2, 1, 1, 1, 1]);
    expect(C.LATER_ROUND_QUOTA).toBe(1);
    expect(C.FINAL_ROUND).toBe(10);
    expect(C.GIFT_SET_SIZE).toBe(26);
    expect([C.LOWER_VALUES_COUNT, C.HIGHER_VALUES_COUNT]).toEqual([13, 13]);
    expect([C.MIN_GIFT_COINS, C.MAX_GIFT_COINS]).toEqual([1, 44_999]);
  });

  it('banker: factors, top-two share rule, noise, caps, rounding, minimum, last-case round', () => {
    expect(C.BANKER_FACTORS).toEqual([0.28, 0.38, 0.5, 0.62, 0.7, 0.76, 0.84, 0.9, 0.95]);
    expect(C.BANKER_TOP_TWO_SHARE_THRESHOLD).toBe(0.33);
    expect(C.BANKER_TOP_TWO_PENALTY_RATE).toBe(0.4);
    expect(C.BANKER_TOP_TWO_MAX_PENALTY).toBe(0.06);
    expect(C.BANKER_NOISE).toBe(0.02);
    expect([C.BANKER_CAP_UP_TO_ROUND_7, C.BANKER_CAP_ROUND_8, C.BANKER_CAP_FROM_ROUND_9]).toEqual([
      1, 1, 1.05,
    ]);
    expect([C.BANKER_SMALL_OFFER_LIMIT, C.BANKER_SMALL_OFFER_STEP, C.BANKER_LARGE_OFFER_STEP]).toEqual([
      1000, 25, 50,
    ]);
    expect([C.BANKER_MIN_OFFER, C.BANKER_NO_CASES_OFFER, C.BANKER_LAST_CASE_ROUND]).toEqual([1, 0, 9]);
  });

  it('timings', () => {
    expect(C.TIMINGS).toEqual({
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
    });
  });

  it('saving and backups: 3 attempts, 1 s back-off doubling, game_backup_ prefix, newest 20 kept', () => {
    expect(C.SAVE_MAX_ATTEMPTS).toBe(3);
    expect([C.saveBackoffMs(1), C.saveBackoffMs(2)]).toEqual([1000, 2000]);
    expect(C.BACKUP_KEY_PREFIX).toBe('game_backup_');
    expect(C.BACKUP_KEEP_NEWEST).toBe(20);
  });

  it('accounts and lists', () => {
    expect([C.USERNAME_MIN_LENGTH, C.USERNAME_MAX_LENGTH, C.PASSWORD_MIN_LENGTH]).toEqual([3, 20, 6]);
    expect(C.EXTEND_DAYS_OPTIONS).toEqual([7, 14, 30]);
    expect(C.REDUCE_DAYS_OPTIONS).toEqual([1, 7]);
    expect(C.EXPIRES_SOON_DAYS).toBe(7);
    expect(C.TOP_WINNINGS_COUNT).toBe(10);
    expect(C.HISTORY_SCROLL_HEIGHT_PX).toBe(600);
    expect(C.DEFAULT_GIFT_SET_NAME).toBe('My Custom Gifts');
    expect(C.COIN_SYMBOL).toBe('🪙');
  });

  it('audio volumes', () => {
    expect(C.DEFAULT_VOLUMES).toEqual({ master: 0.7, music: 0.3, sfx: 0.8 });
    expect([C.VOLUME_MIN, C.VOLUME_MAX, C.VOLUME_STEP]).toEqual([0, 1, 0.1]);
    expect(C.MUSIC_INITIAL_VOLUME).toBe(0.7);
    expect(C.MUSIC_VOLUME_SCALE).toBe(0.5);
    expect(C.RING_VOLUME_SCALE).toBe(0.6);
  });

  describe('sound cues, note for note', () => {
    const { SOUND_CUES } = C;
    it('case tap: 800 Hz square for 0.1 s', () => {
      expect(SOUND_CUES.caseTap).toEqual([
        { startSec: 0, durationSec: 0.1, frequencyHz: 800, oscillator: 'square' },
      ]);
    });
    it('case elimination: triangle sweep 600 to 200 Hz over 0.5 s', () => {
      expect(SOUND_CUES.caseEliminated).toEqual([
        { startSec: 0, durationSec: 0.5, frequencyHz: 600, endFrequencyHz: 200, oscillator: 'triangle' },
      ]);
    });
    it('banker offer: about 262, 330, 392 Hz, staggered 100 ms, each 1 s', () => {
      expect(SOUND_CUES.bankerOffer.map((n) => Math.round(n.frequencyHz))).toEqual([262, 330, 392]);
      expect(SOUND_CUES.bankerOffer.map((n) => n.startSec)).toEqual([0, 0.1, 0.2]);
      expect(SOUND_CUES.bankerOffer.every((n) => n.durationSec === 1)).toBe(true);
    });
    it('deal accepted: about 523, 659, 784, 1047 Hz, staggered 150 ms, each 0.3 s', () => {
      expect(SOUND_CUES.dealAccepted.map((n) => Math.round(n.frequencyHz))).toEqual([523, 659, 784, 1047]);
      expect(SOUND_CUES.dealAccepted.map((n) => n.startSec)).toEqual([0, 0.15, 0.3, 0.45]);
      expect(SOUND_CUES.dealAccepted.every((n) => n.durationSec === 0.3)).toBe(true);
    });
    it('no deal: 300 Hz sawtooth for 0.8 s', () => {
      expect(SOUND_CUES.noDeal).toEqual([
        { startSec: 0, durationSec: 0.8, frequencyHz: 300, oscillator: 'sawtooth' },
      ]);
    });
    it('final reveal: three chords 600 ms apart, each note 1.5 s', () => {
      const starts = [...new Set(SOUND_CUES.finalReveal.map((n) => n.startSec))];
      expect(starts).toEqual([0, 0.6, 1.2]);
      expect(SOUND_CUES.finalReveal.every((n) => n.durationSec === 1.5)).toBe(true);
      for (const start of starts)
        expect(SOUND_CUES.finalReveal.filter((n) => n.startSec === start).length).toBe(3);
    });
  });

  it('notifications and tooltips', () => {
    expect(C.TOAST_LIMIT).toBe(1);
    expect(C.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(C.TOAST_DEFAULT_DURATION_MS).toBe(5000);
    expect(C.TOAST_SWIPE_DIRECTION).toBe('right');
    expect(C.TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(C.TOAST_HOTKEY).toBe('F8');
    expect([C.TOOLTIP_DELAY_MS, C.TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
  });

  it('data caching: 5-minute gc, retry delay doubling from 1 s capped at 30 s, no default retries', () => {
    expect(C.QUERY_GC_TIME_MS).toBe(300_000);
    expect(C.DEFAULT_QUERY_RETRIES).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6].map(C.retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
