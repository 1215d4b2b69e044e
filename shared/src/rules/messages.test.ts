import { describe, expect, it } from 'vitest';
import {
  caseEliminatedText,
  dealRevealMessage,
  caseContainedText,
  dealResultText,
  finalRevealMessage,
  finalRevealTitle,
  GAME_TOASTS,
  ifYouRejectText,
  roundStartsToast,
  keepCaseLabel,
  statusLine,
  swapCaseLabel,
  tabletStatusLine,
  youWonText,
  yourCaseContainedText,
} from './messages.js';

describe('the board’s words', () => {
  it('formats the case, offer and reveal texts', () => {
    expect(caseEliminatedText(7, 2150)).toBe('Case 7 contained 2,150 coins');
    expect(ifYouRejectText(3)).toBe('IF YOU REJECT THIS OFFER You must open 3 more cases');
    expect(youWonText(44_999)).toBe('You won 44,999 coins!');
    expect(yourCaseContainedText(12)).toBe('Your Case #12 contained:');
    expect(keepCaseLabel(4)).toBe('KEEP CASE #4');
    expect(swapCaseLabel(19)).toBe('SWAP TO CASE #19');
    expect([finalRevealTitle(true), finalRevealTitle(false)]).toEqual(['SWAP!', 'KEEP!']);
    expect(statusLine(2, 20, 5)).toEqual(['Round 2', 'Cases Remaining 20', 'Eliminate: 5 more']);
    expect(statusLine(2, 15, null)).toEqual(['Round 2', 'Cases Remaining 15']);
    expect(tabletStatusLine(2, 20, 5)).toBe('Round 2 / Cases Remaining 20 / Eliminate 5 more');
    expect(tabletStatusLine(3, 15, null)).toBe('Round 3 / Cases Remaining 15');
  });

  it('says one coin and one case in the singular', () => {
    expect(caseEliminatedText(1, 1)).toBe('Case 1 contained 1 coin');
    expect(youWonText(1)).toBe('You won 1 coin!');
    expect(ifYouRejectText(1)).toBe('IF YOU REJECT THIS OFFER You must open 1 more case');
    expect(roundStartsToast(6, 1).description).toBe('Round 6 starts! Eliminate 1 more case.');
    expect(roundStartsToast(2, 5).description).toBe('Round 2 starts! Eliminate 5 more cases.');
  });

  it('never asks for 0 more cases', () => {
    const last = ifYouRejectText(0);
    expect(last).toBe('IF YOU REJECT THIS OFFER You go to the final decision: keep your case or swap it');
    expect(last).not.toMatch(/\b0\b|case\(s\)/);
    expect(statusLine(9, 2, 0)).toEqual(['Round 9', 'Cases Remaining 2']);
    expect(tabletStatusLine(9, 2, 0)).toBe('Round 9 / Cases Remaining 2');
    expect(statusLine(10, 2, null).join(' ')).not.toContain('Eliminate');
  });

  it('praises a deal only when the offer beats the case', () => {
    expect(dealRevealMessage(1001, 1000)).toBe('Great deal! You won more than your case!');
    expect(dealRevealMessage(1000, 1000)).toBe('Your case was worth more than the deal!');
    expect(dealRevealMessage(5, 1000)).toBe('Your case was worth more than the deal!');
  });

  it('praises the final choice when the winnings are at least the value of the case given up', () => {
    expect(finalRevealMessage(1000, 1000)).toBe('Excellent choice! You won big!');
    expect(finalRevealMessage(34_000, 1)).toBe('Excellent choice! You won big!');
    expect(finalRevealMessage(999, 1000)).toBe('Your case was worth more than what you won!');
    // Issue 15: kept a 1-coin Rose while the other case held 34,000 coins.
    expect(finalRevealMessage(1, 34_000)).toBe('Your case was worth more than what you won!');
  });

  it('names the case given up and the deal kept in view', () => {
    expect(caseContainedText(7)).toBe('Case #7 contained:');
    expect(dealResultText(12_345)).toBe('DEAL! You won 12,345 coins');
    expect(dealResultText(1)).toBe('DEAL! You won 1 coin');
  });

  it('has the game toasts of SPEC.md section 4', () => {
    expect(GAME_TOASTS.newGame).toEqual({
      title: 'New Game Started! 🎮',
      description: 'Good luck! Choose your case wisely.',
    });
    expect(GAME_TOASTS.gameComplete).toEqual({
      title: 'Game Complete!',
      description: 'Thanks for playing! Start a new game to play again.',
    });
  });
});
