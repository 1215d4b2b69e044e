import { formatCount } from '../format.js';

/** The board's words, SPEC.md sections 2 and 4, in one place for the canvas, its DOM mirror and the tests. */
export const GAME_TEXT = {
  title: 'Deals or No Deals',
  subtitle: 'TikTok Edition',
  lowerValues: 'LOWER VALUES',
  higherValues: 'HIGHER VALUES',
  boardTitle: 'SELECT YOUR BRIEFCASES',
  yourCase: 'YOUR CASE',
  otherCase: 'OTHER CASE',
  bankerCalling: 'THE BANKER IS CALLING!',
  bankerPreparing: "He's preparing your offer...",
  bankerOffer: "BANKER'S OFFER",
  previousOffers: 'PREVIOUS OFFERS',
  deal: 'DEAL!',
  noDeal: 'NO DEAL!',
  caseEliminatedTitle: 'Case Eliminated!',
  dealTitle: 'DEAL!',
  continue: 'CONTINUE',
  finalDecisionTitle: 'FINAL DECISION!',
  finalDecisionText: 'Only 2 cases remain! Will you keep your original case or swap?',
  finalDecisionNote: 'Choose wisely - this is your final decision!',
  newGame: 'NEW GAME',
  reset: 'RESET',
  gameControls: 'GAME CONTROLS',
  show: 'SHOW',
  hide: 'HIDE',
  greatDeal: 'Great deal! You won more than your case!',
  caseWorthMoreThanDeal: 'Your case was worth more than the deal!',
  excellentChoice: 'Excellent choice! You won big!',
  caseWorthMoreThanWinnings: 'Your case was worth more than what you won!',
  confirmNewGameTitle: 'Start a new game?',
  confirmNewGameText: 'This game is not over yet. A new game deals every case again.',
  confirmNewGame: 'New game',
  keepPlaying: 'Keep playing',
} as const;

export interface ToastText {
  readonly title: string;
  readonly description: string;
}

export const GAME_TOASTS = {
  newGame: { title: 'New Game Started! 🎮', description: 'Good luck! Choose your case wisely.' },
  gameComplete: {
    title: 'Game Complete!',
    description: 'Thanks for playing! Start a new game to play again.',
  },
  finalDecision: {
    title: 'NO DEAL!',
    description: 'Round 10 - Final decision! Keep your case or swap for the other?',
  },
} as const satisfies Record<string, ToastText>;

export function roundStartsToast(round: number, casesToEliminate: number): ToastText {
  return {
    title: 'NO DEAL!',
    description: `Round ${round} starts! Eliminate ${formatCount(casesToEliminate, 'more case', 'more cases')}.`,
  };
}

export function caseEliminatedText(caseNumber: number, coins: number): string {
  return `Case ${caseNumber} contained ${formatCount(coins, 'coin')}`;
}

/**
 * What refusing the offer leads to: more cases to open, or, after the last offer (nothing left to open),
 * the final decision.
 */
export function ifYouRejectText(casesToOpen: number): string {
  return casesToOpen > 0
    ? `IF YOU REJECT THIS OFFER You must open ${formatCount(casesToOpen, 'more case', 'more cases')}`
    : 'IF YOU REJECT THIS OFFER You go to the final decision: keep your case or swap it';
}

export function youWonText(coins: number): string {
  return `You won ${formatCount(coins, 'coin')}!`;
}

export function yourCaseContainedText(caseNumber: number): string {
  return `Your Case #${caseNumber} contained:`;
}

export function keepCaseLabel(caseNumber: number): string {
  return `KEEP CASE #${caseNumber}`;
}

export function swapCaseLabel(caseNumber: number): string {
  return `SWAP TO CASE #${caseNumber}`;
}

export function finalRevealTitle(swapped: boolean): string {
  return swapped ? 'SWAP!' : 'KEEP!';
}

/** The deal reveal's message: the offer against the player's own case. */
export function dealRevealMessage(offer: number, playerCaseCoins: number): string {
  return offer > playerCaseCoins ? GAME_TEXT.greatDeal : GAME_TEXT.caseWorthMoreThanDeal;
}

/**
 * The final reveal's message: the winnings against the case given up (the other case when keeping, the
 * original when swapping; decision 0003).
 */
export function finalRevealMessage(winnings: number, givenUpCoins: number): string {
  return winnings >= givenUpCoins ? GAME_TEXT.excellentChoice : GAME_TEXT.caseWorthMoreThanWinnings;
}

/** The final reveal opens the case given up, as the show does. */
export function caseContainedText(caseNumber: number): string {
  return `Case #${caseNumber} contained:`;
}

/** After a deal the board keeps the amount in view until the next game. */
export function dealResultText(amount: number): string {
  return `DEAL! You won ${formatCount(amount, 'coin')}`;
}

/**
 * The status line: 'Round', 'Cases Remaining' and, while cases are left to open this round, 'Eliminate: N
 * more' (never 'Eliminate: 0 more').
 */
export function statusLine(round: number, casesRemaining: number, eliminateMore: number | null): string[] {
  const parts = [`Round ${round}`, `Cases Remaining ${casesRemaining}`];
  if (eliminateMore !== null && eliminateMore > 0) parts.push(`Eliminate: ${eliminateMore} more`);
  return parts;
}

/** The tablet's status line, one line: 'Round / Cases Remaining / Eliminate N more' (SPEC.md section 2). */
export function tabletStatusLine(
  round: number,
  casesRemaining: number,
  eliminateMore: number | null,
): string {
  return statusLine(round, casesRemaining, eliminateMore)
    .map((part) => part.replace('Eliminate:', 'Eliminate'))
    .join(' / ');
}
