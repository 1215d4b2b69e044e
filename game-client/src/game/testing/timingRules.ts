import { TIMINGS } from '@dond/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, dealt, nextCase, playToFinalDecision, playToPhone, tap, type TimedGame } from './timedGame';

/** What a player sees of a game between two moments: events by type, dialogs as 'overlay:<name>'. */
const seen = (game: TimedGame, mark: number) => game.since(mark).filter((what) => what !== 'caseTapped');

/**
 * SPEC.md sections 4 and 9 (and DECISIONS.md): every client timing of a game, each on both sides of its
 * boundary, on the controller's manual clock. One list for the guest's game in the tab (timings.test.ts) and
 * a live game on a real API (liveTimings.test.ts): the clock only moves when a test moves it, so a live answer
 * lands (in real time) while the clock stands at the time of its action, and every boundary is exact.
 */
export function timingRules(kind: string, start: () => TimedGame | Promise<TimedGame>) {
  let game: TimedGame | undefined;
  const begin = async () => {
    game = await start();
    await dealt(game);
    return game;
  };

  afterEach(() => {
    game?.dispose();
    game = undefined;
  });

  // A live game's sign-in and answers take seconds on a loaded machine; none of it is the clock's time.
  describe(`${kind}: the timings of SPEC.md section 9`, { timeout: 60_000 }, () => {
    it('locks for 800 ms after a tap: a tap at 799 ms is ignored, one at 800 ms is taken', async () => {
      const g = await begin();
      await tap(g, 1);
      expect(g.ctl.getState().locked).toBe(true);
      g.clock.advance(TIMINGS.interactionLockMs - 1);
      const mark = g.mark();
      const sent = g.sent();
      g.ctl.tapCase(2);
      // Not taken: no sound, nothing sent (a live tap is sent at once), nothing opened.
      expect(g.since(mark)).toEqual([]);
      expect(g.sent()).toBe(sent);
      expect(g.ctl.getState().locked).toBe(true);
      g.clock.advance(1);
      expect(g.ctl.getState().locked).toBe(false);
      await tap(g, 2);
      expect(g.ctl.getState().game.eliminatedCases).toEqual([2]);
    });

    it('locks for 800 ms after NO DEAL, as after any guarded action', async () => {
      const g = await begin();
      await playToPhone(g);
      g.clock.advance(TIMINGS.phoneOverlayMs);
      await answer(g, (ctl) => ctl.noDeal());
      g.clock.advance(TIMINGS.interactionLockMs - 1);
      const mark = g.mark();
      const sent = g.sent();
      g.ctl.tapCase(nextCase(g));
      expect(g.since(mark)).toEqual([]);
      expect(g.sent()).toBe(sent);
      g.clock.advance(1);
      await tap(g, nextCase(g));
      expect(g.ctl.getState().game.casesEliminatedThisRound).toBe(1);
    });

    it('rings the phone for 2 s before the offer, the banker chord 0.5 s after the call', async () => {
      const g = await begin();
      await playToPhone(g);
      const called = g.clock.now();
      const mark = g.mark();
      expect(g.timeOf('bankerCalling', mark - 3)).toBe(called);
      expect(g.ctl.getState().game.gamePhase).toBe('phone-ringing');
      // The offer is made (on the server already, for a live game); the board holds it back while it rings.
      g.clock.advance(TIMINGS.bankerSoundDelayMs - 1);
      expect(g.since(mark)).toEqual([]);
      g.clock.advance(1);
      expect(g.since(mark)).toEqual(['bankerChord']);
      g.clock.advance(TIMINGS.phoneOverlayMs - TIMINGS.bankerSoundDelayMs - 1);
      expect(g.ctl.getState()).toMatchObject({ overlay: 'phone', game: { gamePhase: 'phone-ringing' } });
      expect(g.since(mark)).toEqual(['bankerChord']);
      g.clock.advance(1);
      expect(g.ctl.getState()).toMatchObject({ overlay: 'offer', game: { gamePhase: 'offer' } });
      // The phone, then the offer, and nothing in between.
      expect(g.since(mark)).toEqual(['bankerChord', 'overlay:offer', 'offerShown']);
      expect(g.timeOf('offerShown', mark)).toBe(called + TIMINGS.phoneOverlayMs);
    });

    it("shows a case's toast for 4 s, and a later case's toast for its own 4 s", async () => {
      const g = await begin();
      await tap(g, 1);
      g.clock.advance(TIMINGS.interactionLockMs);
      await tap(g, 2);
      expect(g.ctl.getState().caseReveal).toMatchObject({ isVisible: true, caseNumber: 2 });
      g.clock.advance(TIMINGS.caseToastMs - 1);
      expect(g.ctl.getState().caseReveal?.caseNumber).toBe(2);
      g.clock.advance(1);
      expect(g.ctl.getState().caseReveal).toBeNull();
      // Case 4 opened 800 ms after case 3: case 3's timer does not close case 4's toast.
      await tap(g, 3);
      g.clock.advance(TIMINGS.interactionLockMs);
      await tap(g, 4);
      g.clock.advance(TIMINGS.caseToastMs - TIMINGS.interactionLockMs);
      expect(g.ctl.getState().caseReveal?.caseNumber).toBe(4);
      g.clock.advance(TIMINGS.interactionLockMs - 1);
      expect(g.ctl.getState().caseReveal?.caseNumber).toBe(4);
      g.clock.advance(1);
      expect(g.ctl.getState().caseReveal).toBeNull();
    });

    it("shows a case's toast for 2 s on a tablet", async () => {
      const g = await begin();
      g.ctl.setCaseToastMs(TIMINGS.caseToastTabletMs);
      await tap(g, 1);
      g.clock.advance(TIMINGS.interactionLockMs);
      await tap(g, 2);
      g.clock.advance(TIMINGS.caseToastTabletMs - 1);
      expect(g.ctl.getState().caseReveal?.caseNumber).toBe(2);
      g.clock.advance(1);
      expect(g.ctl.getState().caseReveal).toBeNull();
    });

    it('DEAL! ends the game at once, once, with its reveal', async () => {
      const g = await begin();
      await playToPhone(g);
      g.clock.advance(TIMINGS.phoneOverlayMs);
      const mark = g.mark();
      await answer(g, (ctl) => ctl.deal());
      expect(g.ctl.getState().game.gameOutcome).toBe('banker_accepted');
      expect(seen(g, mark)).toEqual(['dealAccepted', 'gameOver', 'overlay:dealReveal']);
      g.clock.advance(TIMINGS.interactionLockMs);
      g.ctl.deal();
      expect(g.since(mark).filter((what) => what === 'gameOver')).toHaveLength(1);
    });

    it('shows the final decision 1 s after the last NO DEAL', async () => {
      const g = await begin();
      await playToFinalDecision(g);
      const started = g.timeline.findIndex((e) => e.what === 'finalChoiceStarted');
      expect(started).toBeGreaterThan(0);
      const at = g.timeline[started]!.at;
      // No dialog in between: the offer's closes with the NO DEAL, the decision's opens 1 s later.
      expect(g.since(started + 1).filter((what) => what.startsWith('overlay:'))[0]).toBe('overlay:none');
      expect(g.since(started + 1).filter((what) => what.startsWith('overlay:'))[1]).toBe(
        'overlay:finalDecision',
      );
      expect(g.timeOf('overlay:finalDecision', started)).toBe(at + TIMINGS.finalDialogDelayMs);
    });

    it('reveals 0.5 s after KEEP or SWAP, and the reveal dialog about 1 s after that', async () => {
      const g = await begin();
      await playToFinalDecision(g);
      const { seq } = g.ctl.getState().view;
      const mark = g.mark();
      g.ctl.keepOrSwap(true);
      const chosen = g.clock.now();
      // The dialog closes with the tap; the answer (a live one lands meanwhile) waits for its half second.
      expect(g.ctl.getState().overlay).toBeNull();
      await g.idle();
      g.clock.advance(TIMINGS.finalChoiceToRevealMs - 1);
      expect(g.ctl.getState().game.gamePhase).toBe('final-choice');
      expect(g.ctl.getState().view.seq).toBe(seq);
      expect(seen(g, mark)).toEqual(['overlay:none']);
      g.clock.advance(1);
      expect(g.timeOf('finalRevealed', mark)).toBe(chosen + TIMINGS.finalChoiceToRevealMs);
      expect(g.ctl.getState().game.wasSwapped).toBe(true);
      expect(seen(g, mark)).toEqual(['overlay:none', 'finalRevealed', 'gameOver']);
      g.clock.advance(TIMINGS.revealDialogAfterRevealMs - 1);
      expect(g.ctl.getState().overlay).toBeNull();
      g.clock.advance(1);
      expect(g.ctl.getState().overlay).toBe('finalReveal');
    });

    it('NEW GAME after a game deals a fresh one 100 ms later, then says so', async () => {
      const g = await begin();
      await playToPhone(g);
      g.clock.advance(TIMINGS.phoneOverlayMs);
      await answer(g, (ctl) => ctl.deal());
      g.clock.advance(TIMINGS.interactionLockMs);
      g.ctl.closeDealReveal();
      await g.idle();
      const over = g.ctl.getState().view.id;
      const mark = g.mark();
      g.ctl.newGame();
      const asked = g.clock.now();
      g.clock.advance(TIMINGS.newGameResetDelayMs - 1);
      expect(g.ctl.getState().view.id).toBe(over);
      expect(g.since(mark)).toEqual([]);
      g.clock.advance(1);
      await g.until(() => g.since(mark).includes('newGameDealt'), 'the fresh deal');
      expect(g.ctl.getState().view.id).not.toBe(over);
      expect(g.ctl.getState().game).toMatchObject({
        selectedCase: null,
        gamePhase: 'selection',
        casesRemaining: 26,
      });
      expect(g.since(mark)).toEqual(['gameStarted', 'newGameDealt']);
      expect(g.timeOf('gameStarted', mark)).toBe(asked + TIMINGS.newGameResetDelayMs);
    });

    it('NEW GAME in a game in progress asks first; confirmed, it deals 100 ms later', async () => {
      const g = await begin();
      await tap(g, 3);
      g.clock.advance(TIMINGS.interactionLockMs);
      await tap(g, 4);
      g.clock.advance(TIMINGS.interactionLockMs);
      const playing = g.ctl.getState().view.id;
      g.ctl.newGame();
      expect(g.ctl.getState().overlay).toBe('confirmNewGame');
      const mark = g.mark();
      g.ctl.confirmNewGame();
      const confirmed = g.clock.now();
      expect(g.ctl.getState().overlay).toBeNull();
      g.clock.advance(TIMINGS.newGameResetDelayMs - 1);
      expect(g.ctl.getState().view.id).toBe(playing);
      expect(g.ctl.getState().game.selectedCase).toBe(3);
      g.clock.advance(1);
      await g.until(() => g.since(mark).includes('newGameDealt'), 'the fresh deal');
      expect(g.ctl.getState().view.id).not.toBe(playing);
      expect(g.ctl.getState().game.selectedCase).toBeNull();
      expect(g.timeOf('gameStarted', mark)).toBe(confirmed + TIMINGS.newGameResetDelayMs);
    });

    it('clears every pending timer when the screen is left', async () => {
      const g = await begin();
      await playToPhone(g);
      g.ctl.dispose();
      expect(g.clock.pending()).toBe(0);
      g.clock.advance(TIMINGS.phoneOverlayMs);
      expect(g.ctl.getState().overlay).toBeNull();
      expect(g.ctl.getState().game.gamePhase).toBe('phone-ringing');
    });
  });
}
