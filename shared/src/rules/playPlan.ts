import type { LiveAction, LiveGamePublic } from './session.js';

/**
 * The one headless player of the tests and benchmarks: from a game's public state, the next action of a plan.
 * It drives a session in memory, the API over HTTP and the board in a browser alike.
 */
export interface PlayPlan {
  /** The player's case (1 by default). */
  readonly pick?: number;
  /** Take the banker's offer in this round; null or absent plays on to the final choice. */
  readonly dealInRound?: number | null;
  readonly swap?: boolean;
  /** Which unopened case to open next (by default the lowest-numbered one). */
  readonly choose?: (unopened: readonly number[]) => number;
}

export function unopenedOthers(view: Pick<LiveGamePublic, 'cases' | 'playerCase'>): number[] {
  return view.cases.filter((c) => !c.opened && c.number !== view.playerCase).map((c) => c.number);
}

/** null once the game is over. */
export function nextPlannedAction(view: LiveGamePublic, plan: PlayPlan = {}): LiveAction | null {
  switch (view.phase) {
    case 'selection':
      return { type: 'pick', case: plan.pick ?? 1 };
    case 'elimination': {
      const unopened = unopenedOthers(view);
      return { type: 'open', case: plan.choose ? plan.choose(unopened) : unopened[0]! };
    }
    case 'offer':
      return { type: plan.dealInRound === view.round ? 'deal' : 'noDeal' };
    case 'final-choice':
      return { type: plan.swap ? 'swap' : 'keep' };
    default:
      return null;
  }
}
