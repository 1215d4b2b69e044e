import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../fair/fair.js';
import { resolveGiftSet } from '../gifts/giftSet.js';
import { nextPlannedAction, type PlayPlan } from './playPlan.js';
import {
  applySessionAction,
  gameStateFromView,
  publicGameState,
  replaySession,
  sessionBoard,
  startSession,
  type GameSession,
} from './session.js';

const seeds = { serverSeed: '0'.repeat(64), clientSeed: 'streamer' };
const gifts = resolveGiftSet(null);
const ID = '00000000-0000-4000-8000-000000000009';

function play(plan: PlayPlan, watch?: (s: GameSession) => void): GameSession {
  let session = startSession(gifts, seeds, ID);
  for (;;) {
    watch?.(session);
    const action = nextPlannedAction(publicGameState(session, 'g', 'c'), plan);
    if (!action) return session;
    const step = applySessionAction(session, action);
    if (step.rejected) throw new Error(step.rejected.message);
    session = step.session;
  }
}

describe('a game session', () => {
  it('deals the test vector board: the value-board order shuffled by the clientSeed stream', () => {
    const session = startSession(gifts, seeds, ID);
    const positions = [
      14, 8, 6, 7, 2, 18, 1, 22, 11, 10, 13, 9, 15, 23, 12, 4, 21, 16, 0, 5, 25, 20, 3, 19, 24, 17,
    ];
    expect(sessionBoard(session)).toEqual(positions.map((p) => session.giftIds[p]));
    expect(commitmentOf(seeds.serverSeed)).toMatch(/^60e05bd1/);
  });

  it('never shows an unopened case before the game is over, then shows every case', () => {
    const final = play({ pick: 5, swap: true }, (s) => {
      if (s.state.gameOutcome !== null) return;
      const view = publicGameState(s, 'g', 'c');
      const opened = new Set(s.state.eliminatedCases);
      for (const c of view.cases) expect(c.giftId !== undefined).toBe(opened.has(c.number));
      expect(JSON.stringify(view)).not.toContain('serverSeed');
    });
    const view = publicGameState(final, 'g', 'c');
    expect(view.phase).toBe('final-reveal');
    expect(view.cases.every((c) => c.giftId !== undefined)).toBe(true);
    expect(view.result).toMatchObject({ outcome: 'won', swapped: true });
    expect(view.result!.finalCase).not.toBe(5);
  });

  it('goes straight to the offer when a round ends (the ringing is the board’s to show)', () => {
    let session = play({ dealInRound: 1 });
    expect(session.state.gameOutcome).toBe('banker_accepted');
    session = startSession(gifts, seeds, ID);
    session = applySessionAction(session, { type: 'pick', case: 1 }).session;
    for (let n = 2; n <= 6; n++) session = applySessionAction(session, { type: 'open', case: n }).session;
    const step = applySessionAction(session, { type: 'open', case: 7 });
    expect(step.events.map((e) => e.type)).toEqual(['caseEliminated', 'bankerCalling', 'offerShown']);
    expect(publicGameState(step.session, 'g', 'c')).toMatchObject({
      phase: 'offer',
      currentOffer: step.session.state.bankerOffer,
    });
  });

  it('replays the log to the same state, offers included; another serverSeed gives other offers', () => {
    const final = play({ pick: 9, dealInRound: 6 });
    const again = replaySession(gifts, seeds, ID, final.actions);
    expect(again.state).toEqual(final.state);
    const other = replaySession(
      gifts,
      { ...seeds, serverSeed: '1'.repeat(64) },
      ID,
      final.actions.slice(0, 8),
    );
    expect(other.state.offerHistory).not.toEqual(final.state.offerHistory.slice(0, 1));
  });

  it('refuses what the phase does not allow, and a log that breaks a rule', () => {
    const session = startSession(gifts, seeds, ID);
    expect(applySessionAction(session, { type: 'deal' }).rejected?.reason).toBe('wrong-phase');
    expect(applySessionAction(session, { type: 'open', case: 3 }).rejected?.reason).toBe('wrong-phase');
    expect(() =>
      replaySession(gifts, seeds, ID, [
        { type: 'pick', case: 1 },
        { type: 'open', case: 1 },
      ]),
    ).toThrow(/your case/);
  });

  it('gives the board the session’s state from the public one, unopened gifts aside, all of it once over', () => {
    for (const plan of [{ pick: 3, dealInRound: 4 }, { pick: 26, swap: true }, { pick: 1 }] as PlayPlan[]) {
      play(plan, (s) => {
        const derived = gameStateFromView(publicGameState(s, 'g', 'c'), ID);
        const over = s.state.gameOutcome !== null;
        const hidden = (g: typeof derived) => ({
          ...g,
          briefcaseGifts: g.briefcaseGifts.map((gift, i) =>
            over || g.eliminatedCases.includes(i + 1) ? gift.id : null,
          ),
        });
        expect(hidden(derived)).toEqual(hidden(s.state));
        // The unseen gifts are the session's unseen gifts, case order aside: the values left are right.
        expect(derived.briefcaseGifts.map((g) => g.id).sort()).toEqual(
          s.state.briefcaseGifts.map((g) => g.id).sort(),
        );
      });
    }
  });
});
