import {
  applySessionAction,
  commitmentOf,
  nextPlannedAction,
  publicGameState,
  resolveGiftSet,
  startSession,
  type GameEvent,
  type LiveAction,
  type LiveGamePublic,
  type PlayPlan,
  type TuningAnimation,
} from '@dond/shared';
import { motion } from '../../board/motion/motion';
import type { GameController } from '../../game/controller';
import { useShowStore } from '../../store/showStore';

/**
 * The studio's sandbox game (issue 19): one fixed deal of the default gifts, played by the shared rules to the
 * moment an animation needs, then shown on the sandbox board as a stage shows a streamer's game (its
 * controller's `follow`): the state before, then the state after, which plays as the board plays it.
 */
const SEEDS = { serverSeed: 'a5'.repeat(32), clientSeed: 'tuning-studio' };
const COMMITMENT = commitmentOf(SEEDS.serverSeed);
/** The sandbox player, by the shared play plan: pick case 13, open cases from 1 up, refuse every offer, keep. */
const PLAN: PlayPlan = { pick: 13 };

/**
 * Plays a fresh sandbox game (a new id each time, so the board takes it as a new game) until `stop` holds for
 * an action and the state it led to; answers the states before and after it, and the events the action emitted
 * (what a stage is pushed with the state). `last` replaces the final action (a DEAL instead of NO DEAL).
 */
export function sandboxMoment(
  stop: (before: LiveGamePublic, after: LiveGamePublic) => boolean,
  last?: (before: LiveGamePublic) => LiveAction | null,
): SandboxMoment {
  const id = crypto.randomUUID();
  let session = startSession(resolveGiftSet(null), SEEDS, id);
  let before = publicGameState(session, id, COMMITMENT);
  for (;;) {
    const planned = nextPlannedAction(before, PLAN);
    if (!planned) throw new Error(`the sandbox game has no move in phase ${before.phase}`);
    const action = last?.(before) ?? planned;
    const step = applySessionAction(session, action);
    if (step.rejected) throw new Error(step.rejected.message);
    session = step.session;
    const after = publicGameState(session, id, COMMITMENT);
    if (stop(before, after)) return { before, after, events: step.events };
    before = after;
  }
}

export interface SandboxMoment {
  before: LiveGamePublic;
  after: LiveGamePublic;
  events: readonly GameEvent[];
}

/** A state shown as it stands, or a move: the state before, then the state after with its events. */
type ShownMoment = Pick<SandboxMoment, 'before'> | SandboxMoment;

const entered = (phase: LiveGamePublic['phase']) => (before: LiveGamePublic, after: LiveGamePublic) =>
  before.phase !== phase && after.phase === phase;

/**
 * Shows `before` as it stands, then plays the move to `after` (or only shows `before`), then `then`. A fresh deal
 * comes first, so every overlay, toast and celebration of the previous play is gone and this one enters anew.
 */
function showOn(store: GameController, moment: ShownMoment, then?: () => void) {
  useShowStore.getState().end();
  store.follow(sandboxMoment(() => true).before);
  // Each state in a commit of its own: a move the board does not see from its state before plays nothing.
  setTimeout(() => {
    store.follow(moment.before);
    setTimeout(() => {
      if ('after' in moment) store.follow(moment.after, moment.events);
      then?.();
    }, CLEAR_MS);
  }, CLEAR_MS);
}
/** Long enough for the board to commit a state before the next comes. */
const CLEAR_MS = 50;

/** What each animation's Play button does on the sandbox board; `switchViewMode` for the view-mode change. */
export function playAnimation(
  sandbox: GameController,
  animation: TuningAnimation,
  switchViewMode: () => void,
): void {
  const show = (moment: ShownMoment, then?: () => void) => showOn(sandbox, moment, then);
  switch (animation) {
    case 'caseOpen':
    case 'valueStrike':
      return show(sandboxMoment((_, after) => after.openedOrder.length === 1));
    case 'caseToast': {
      const { after } = sandboxMoment((_, a) => a.openedOrder.length === 1);
      const caseNumber = after.openedOrder[0]!;
      const giftId = after.cases.find((c) => c.number === caseNumber)?.giftId;
      const gift = resolveGiftSet(null).find((g) => g.id === giftId);
      return show({ before: after }, () => {
        if (gift) sandbox.pin({ caseReveal: { isVisible: true, caseNumber, gift } });
      });
    }
    case 'phoneCall':
      return show(sandboxMoment(entered('offer')));
    case 'offerDialog':
      return show({ before: sandboxMoment(entered('offer')).after });
    case 'dealReveal':
      return show(
        sandboxMoment(
          (before, after) => before.phase === 'offer' && after.result !== null,
          (before) => (before.phase === 'offer' ? { type: 'deal' } : null),
        ),
      );
    case 'finalDecision':
      return show({ before: sandboxMoment(entered('final-choice')).after });
    case 'finalReveal':
      return show(sandboxMoment((_, after) => after.result !== null));
    case 'newGameDialog':
      return show({ before: sandboxMoment((_, after) => after.openedOrder.length === 3).after }, () =>
        sandbox.pin({ overlay: 'confirmNewGame' }),
      );
    case 'showMoments':
      // The last case before the final decision opens slowly; the celebration bursts over the board.
      return show(sandboxMoment(entered('final-choice')), () =>
        useShowStore.getState().start('bigValuesSurvive', motion().showMoments.celebration.seconds * 1000),
      );
    case 'viewModeChange':
      return switchViewMode();
  }
}
