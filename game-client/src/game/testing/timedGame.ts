import { resolveGiftSet, TIMINGS, unopenedOtherCases } from '@dond/shared';
import { createManualClock, type ManualClock } from '@dond/shared';
import { createGameController, type GameController, type GamesLink, type GameTuning } from '../controller';

/**
 * A game's controller on a manual clock, as a test drives it: what it said on its event stream and the dialogs
 * it showed, each with the clock's time, and a way to wait (in real time, the clock standing still) for what
 * the game's link answers: at once in the guest's tab, over real HTTP for a live game.
 */
export interface TimedGame {
  ctl: GameController;
  clock: ManualClock;
  /**
   * What the player saw, in order, with the clock's time: every event the controller emitted (its type) and
   * every dialog it put up ('overlay:phone', 'overlay:none'...).
   */
  timeline: Array<{ at: number; what: string }>;
  /** Where the timeline is now: what comes after it is what `since` reads. */
  mark(): number;
  /** What was seen after `mark`, in order. */
  since(mark: number): string[];
  /** When `what` was first seen after `mark`, or undefined. */
  timeOf(what: string, mark?: number): number | undefined;
  /** Waits until `done` holds, letting the link's answers land without moving the clock (fails after 30 s). */
  until(done: () => boolean, what: string): Promise<void>;
  /** Waits until every request the game sent is answered (at once for a guest's game). */
  idle(): Promise<void>;
  /** How many requests the game has sent so far (none for a guest's game). */
  sent(): number;
  dispose(): void;
}

/** Real time a live game's answer may take on a loaded machine before a wait gives up. */
const ANSWER_WITHIN_MS = 30_000;

/** What a live game's requests go through, counted: a transport around the real one (serverTransport). */
export interface CountedRequests {
  sent(): number;
  open(): number;
}

export function timedGame({
  link,
  tuning,
  requests = { sent: () => 0, open: () => 0 },
  // Not at 0: a "no earlier than" time of 0 must not read as "none".
  clock = createManualClock(1_000_000),
}: {
  link?: GamesLink;
  tuning?: GameTuning;
  requests?: CountedRequests;
  /** Another screen's clock, for two screens of one game on one time. */
  clock?: ManualClock;
} = {}): TimedGame {
  const ctl = createGameController({ link, clock, tuning });
  const timeline: TimedGame['timeline'] = [];
  const stopEvents = ctl.on((event) => timeline.push({ at: clock.now(), what: event.type }));
  const stopState = ctl.subscribe((state, before) => {
    if (state.overlay !== before.overlay)
      timeline.push({ at: clock.now(), what: `overlay:${state.overlay ?? 'none'}` });
  });
  async function until(done: () => boolean, what: string) {
    const giveUp = performance.now() + ANSWER_WITHIN_MS;
    while (!done()) {
      if (performance.now() > giveUp) throw new Error(`still waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // What the answer's promise chain does after the last byte (the parse, the state) lands too.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return {
    ctl,
    clock,
    timeline,
    mark: () => timeline.length,
    since: (mark) => timeline.slice(mark).map((e) => e.what),
    timeOf: (what, mark = 0) => timeline.slice(mark).find((e) => e.what === what)?.at,
    until,
    idle: () => until(() => requests.open() === 0, 'the answers'),
    sent: requests.sent,
    dispose() {
      stopEvents();
      stopState();
      ctl.dispose();
    },
  };
}

/** Deals the default set's first game (the guest's, or the live game of the controller's link) and waits for it. */
export async function dealt(game: TimedGame): Promise<void> {
  const before = game.ctl.getState().view.id;
  game.ctl.startGame(resolveGiftSet(null));
  await game.until(() => game.ctl.getState().view.id !== before, 'the first deal');
}

/** A tap the board takes: the case is picked or opened once the link answers. */
export async function tap(game: TimedGame, caseNumber: number): Promise<void> {
  const { seq } = game.ctl.getState().view;
  game.ctl.tapCase(caseNumber);
  await game.until(() => game.ctl.getState().view.seq === seq + 1, `case ${caseNumber}'s answer`);
}

/** The next case to open: the lowest one neither the player's nor opened. */
export const nextCase = (game: TimedGame): number => unopenedOtherCases(game.ctl.getState().game)[0]!;

/** Picks case 1, then opens cases (the lock ended after each) until the banker calls. */
export async function playToPhone(game: TimedGame): Promise<void> {
  if (game.ctl.getState().game.selectedCase === null) {
    await tap(game, 1);
    game.clock.advance(TIMINGS.interactionLockMs);
  }
  while (game.ctl.getState().overlay !== 'phone') {
    await tap(game, nextCase(game));
    if (game.ctl.getState().overlay !== 'phone') game.clock.advance(TIMINGS.interactionLockMs);
  }
}

/** An action of the offer's or the final decision's: sent, then its answer waited for. */
export async function answer(game: TimedGame, act: (ctl: GameController) => void): Promise<void> {
  const { seq } = game.ctl.getState().view;
  act(game.ctl);
  await game.until(() => game.ctl.getState().view.seq === seq + 1, 'the answer');
}

/** Plays NO DEAL after every offer until the final decision's dialog is up (the lock and the phone run out). */
export async function playToFinalDecision(game: TimedGame): Promise<void> {
  while (game.ctl.getState().overlay !== 'finalDecision') {
    const { overlay, game: board } = game.ctl.getState();
    if (overlay === 'phone' || board.gamePhase === 'final-choice') game.clock.advance(TIMINGS.phoneOverlayMs);
    else if (overlay === 'offer') {
      await answer(game, (ctl) => ctl.noDeal());
      game.clock.advance(TIMINGS.interactionLockMs);
    } else await playToPhone(game);
  }
  game.clock.advance(TIMINGS.interactionLockMs);
}
