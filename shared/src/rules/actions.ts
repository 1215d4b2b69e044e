import type { Gift } from '../gifts/catalogue.js';

/** Everything a player can do, as data. */
export type GameAction =
  | { readonly type: 'newGame'; readonly gifts: readonly Gift[]; readonly clientGameId: string }
  | { readonly type: 'selectCase'; readonly caseNumber: number }
  | { readonly type: 'eliminateCase'; readonly caseNumber: number }
  /** The phone overlay has finished ringing: the offer is shown. */
  | { readonly type: 'phoneAnswered' }
  | { readonly type: 'deal' }
  | { readonly type: 'noDeal' }
  | { readonly type: 'finalChoice'; readonly swap: boolean };

/** What happened, for sounds, toasts and animations to follow. */
export type GameEvent =
  | { readonly type: 'gameStarted' }
  | { readonly type: 'caseSelected'; readonly caseNumber: number }
  | { readonly type: 'caseEliminated'; readonly caseNumber: number; readonly gift: Gift }
  | { readonly type: 'bankerCalling'; readonly offer: number; readonly round: number }
  | { readonly type: 'offerShown'; readonly offer: number }
  | { readonly type: 'dealAccepted'; readonly amount: number; readonly playerGift: Gift }
  | { readonly type: 'roundStarted'; readonly round: number; readonly casesToEliminate: number }
  | { readonly type: 'finalChoiceStarted'; readonly playerCase: number; readonly otherCase: number }
  | {
      readonly type: 'finalRevealed';
      readonly swapped: boolean;
      readonly caseNumber: number;
      readonly gift: Gift;
      readonly amount: number;
    };

export const REJECTION_REASONS = [
  'wrong-phase',
  'no-such-case',
  'case-already-chosen',
  'own-case',
  'already-eliminated',
  'invalid-gift-set',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export interface Rejection {
  readonly reason: RejectionReason;
  readonly message: string;
}
