import { describe, expect, it } from 'vitest';
import { meanValue } from './banker.js';
import {
  beatsTheBanker,
  bigValuesSurvive,
  boardAverage,
  celebrationFor,
  isSlowOpen,
  offerShareOfAverage,
  offerSteps,
  SHOW_MOMENTS,
} from './show.js';
import { offerShareText, offerStepText, SHOW_TEXT } from './showText.js';
import { remainingValues, unopenedOtherCases, type GameState } from './state.js';
import { act, playRound, playToFinalChoice, startGame } from './testing.js';

/** Case numbers of the board's top `n` values, highest first. */
function topCases(state: GameState, n: number): number[] {
  return state.briefcaseGifts
    .map((gift, i) => ({ coins: gift.coins, caseNumber: i + 1 }))
    .sort((a, b) => b.coins - a.coins)
    .slice(0, n)
    .map((c) => c.caseNumber);
}

/** Picks `own`, then opens the given cases (the phone rings when the round's quota is reached). */
function openCases(seed: number, own: number, pick: (s: GameState) => number[]) {
  const { state, rng } = startGame(seed);
  let s = act(state, { type: 'selectCase', caseNumber: own }, rng).state;
  for (const n of pick(s)) s = act(s, { type: 'eliminateCase', caseNumber: n }, rng).state;
  return { s, rng };
}

describe('the board average beside an offer', () => {
  it('is the mean of every unopened value, the player’s case included', () => {
    const { s } = openCases(3, 1, (st) => unopenedOtherCases(st).slice(0, 6));
    const values = remainingValues(s);
    expect(values).toHaveLength(20);
    expect(boardAverage(s)).toBeCloseTo(values.reduce((a, b) => a + b, 0) / 20, 9);
    expect(meanValue([])).toBe(0);
  });

  it('gives the offer as a whole percentage of it', () => {
    expect(offerShareOfAverage(720, 1000)).toBe(72);
    expect(offerShareOfAverage(1, 3)).toBe(33);
    expect(offerShareOfAverage(500, 0)).toBe(0);
    expect(offerShareText(72)).toBe("Offer = 72% of the board's average");
  });
});

describe('the offer strip', () => {
  it('marks each offer up, down or the same as the one before, the last on the table', () => {
    expect(offerSteps([100, 250, 250, 200])).toEqual([
      { offer: 100, direction: 'first', current: false },
      { offer: 250, direction: 'up', current: false },
      { offer: 250, direction: 'same', current: false },
      { offer: 200, direction: 'down', current: true },
    ]);
    expect(offerSteps([])).toEqual([]);
  });

  it('reads each step aloud', () => {
    expect(offerStepText(0, 1, 'first', false)).toBe('Offer 1: 1 coin, first offer');
    expect(offerStepText(2, 12_500, 'down', true)).toBe('Offer 3: 12,500 coins, down, on the table');
    expect(SHOW_TEXT.arrow.up).toBe('▲');
  });
});

describe('celebrations', () => {
  it('celebrates the banker’s call when the top values all survive the round', () => {
    // Case 1 is the player's; the round opens the first six cases that are not among the top three.
    const { s } = openCases(7, 1, (st) => {
      const top = new Set(topCases(st, SHOW_MOMENTS.bigValueTopCount));
      return unopenedOtherCases(st)
        .filter((n) => !top.has(n))
        .slice(0, 6);
    });
    expect(s.gamePhase).toBe('phone-ringing');
    expect(bigValuesSurvive(s)).toBe(true);
    expect(celebrationFor(s)).toBe('bigValuesSurvive');
  });

  it('does not when one of the top values was opened', () => {
    const { s } = openCases(7, 1, (st) => {
      const third = topCases(st, 3).filter((n) => n !== 1)[0]!;
      return [third, ...unopenedOtherCases(st).filter((n) => n !== third)].slice(0, 6);
    });
    expect(s.gamePhase).toBe('phone-ringing');
    expect(bigValuesSurvive(s)).toBe(false);
    expect(celebrationFor(s)).toBeNull();
  });

  it('does not while cases are still being opened, even with the top values in play', () => {
    const { s } = openCases(7, 1, () => []);
    expect(bigValuesSurvive(s)).toBe(true);
    expect(celebrationFor(s)).toBeNull();
  });

  it('celebrates a deal above the player’s case, not one below it', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { state, rng } = startGame(seed);
      let s = act(state, { type: 'selectCase', caseNumber: 4 }, rng).state;
      s = playRound(s, rng);
      s = act(s, { type: 'deal' }, rng).state;
      const own = s.briefcaseGifts[3]!.coins;
      expect(beatsTheBanker(s), `seed ${seed}`).toBe(s.bankerOffer > own);
      expect(celebrationFor(s)).toBe(s.bankerOffer > own ? 'beatTheBanker' : null);
    }
  });

  it('celebrates final winnings above the best offer refused', () => {
    const seen = new Set<boolean>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const swap of [false, true]) {
        const { state, rng } = startGame(seed);
        let s = playToFinalChoice(state, rng, 2);
        s = act(s, { type: 'finalChoice', swap }, rng).state;
        const beat = s.finalAmount! > Math.max(...s.offerHistory);
        seen.add(beat);
        expect(beatsTheBanker(s)).toBe(beat);
        expect(celebrationFor(s)).toBe(beat ? 'beatTheBanker' : null);
      }
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('celebrates nothing in a game still in play', () => {
    const { state } = startGame(1);
    expect(beatsTheBanker(state)).toBe(false);
    expect(celebrationFor(state)).toBeNull();
  });
});

describe('the slow open of the last cases', () => {
  it('starts with the open made when 3 or fewer cases are left besides the player’s', () => {
    const { state, rng } = startGame(2);
    let s = act(state, { type: 'selectCase', caseNumber: 1 }, rng).state;
    const slowAt: number[] = [];
    while (s.gamePhase !== 'final-choice') {
      if (s.gamePhase === 'elimination') {
        const before = s.casesRemaining;
        s = act(s, { type: 'eliminateCase', caseNumber: unopenedOtherCases(s)[0]! }, rng).state;
        if (isSlowOpen(s)) slowAt.push(before);
      } else if (s.gamePhase === 'phone-ringing') s = act(s, { type: 'phoneAnswered' }, rng).state;
      else s = act(s, { type: 'noDeal' }, rng).state;
    }
    expect(slowAt).toEqual([3, 2]);
    expect(isSlowOpen(startGame(2).state)).toBe(false);
  });
});
