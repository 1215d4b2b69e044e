import { describe, expect, it } from 'vitest';
import { DEFAULT_GIFT_IDS } from '../gifts/catalogue.js';
import type { SavedGamePayload } from '../schemas/games.js';
import { offerBounds } from './banker.js';
import { buildSavedGame } from './savedGame.js';
import { otherCase, remainingValues } from './state.js';
import { act, playRound, playToFinalChoice, startGame } from './testing.js';
import { verifyGame } from './verifyGame.js';

const OWNER = { userId: 7, username: 'streamer', customGiftSetId: null };

function dealGame(rounds: number) {
  const { state, rng } = startGame(11);
  let s = act(state, { type: 'selectCase', caseNumber: 13 }, rng).state;
  for (let r = 1; r <= rounds; r++) {
    s = playRound(s, rng);
    if (r < rounds) s = act(s, { type: 'noDeal' }, rng).state;
  }
  const board = remainingValues(s);
  s = act(s, { type: 'deal' }, rng).state;
  return { state: s, payload: buildSavedGame(s, OWNER)!, board };
}

function wonGame(swap: boolean) {
  const { state, rng } = startGame(12);
  const atChoice = playToFinalChoice(state, rng, 20);
  const s = act(atChoice, { type: 'finalChoice', swap }, rng).state;
  return { state: s, payload: buildSavedGame(s, OWNER)!, other: otherCase(atChoice)! };
}

function refusal(payload: SavedGamePayload) {
  const verdict = verifyGame(payload, DEFAULT_GIFT_IDS);
  if (verdict.ok) throw new Error('expected a refusal');
  return verdict;
}

describe('buildSavedGame', () => {
  it('gives SPEC.md section 3’s payload plus clientGameId for a deal', () => {
    const { state, payload } = dealGame(3);
    expect(payload).toEqual({
      clientGameId: state.clientGameId,
      userId: 7,
      username: 'streamer',
      customGiftSetId: null,
      firstCaseSelected: 13,
      playerCaseGiftId: state.briefcaseGifts[12]!.id,
      finalAmount: state.bankerOffer,
      gameOutcome: 'banker_accepted',
      bankerOfferAccepted: true,
      roundsCompleted: 3,
      casesEliminated: state.eliminatedCases,
      giftIdsUsed: state.briefcaseGifts.map((g) => g.id),
    });
    expect(payload.casesEliminated).toHaveLength(15);
  });

  it('records round 10 and the won amount for a game that reached the final choice', () => {
    const { payload, state } = wonGame(true);
    expect(payload).toMatchObject({
      gameOutcome: 'won',
      bankerOfferAccepted: false,
      roundsCompleted: 10,
      finalAmount: state.finalAmount,
    });
    expect(payload.casesEliminated).toHaveLength(24);
  });

  it('gives nothing for a game still going', () => {
    expect(buildSavedGame(startGame().state, OWNER)).toBeNull();
  });
});

describe('verifyGame', () => {
  it('accepts real games: deals in every round, keep and swap', () => {
    for (let rounds = 1; rounds <= 9; rounds++)
      expect(verifyGame(dealGame(rounds).payload, DEFAULT_GIFT_IDS)).toEqual({ ok: true });
    expect(verifyGame(wonGame(false).payload, DEFAULT_GIFT_IDS)).toEqual({ ok: true });
    expect(verifyGame(wonGame(true).payload, DEFAULT_GIFT_IDS)).toEqual({ ok: true });
  });

  it('accepts every possible banker amount and refuses the first impossible one each side', () => {
    const { payload, board } = dealGame(4);
    const { min, max } = offerBounds(board, 4);
    expect(verifyGame({ ...payload, finalAmount: min }, DEFAULT_GIFT_IDS).ok).toBe(true);
    expect(verifyGame({ ...payload, finalAmount: max }, DEFAULT_GIFT_IDS).ok).toBe(true);
    const step = max < 1000 ? 25 : 50;
    expect(refusal({ ...payload, finalAmount: max + step })).toMatchObject({ field: 'finalAmount' });
    expect(refusal({ ...payload, finalAmount: min - 25 })).toMatchObject({ field: 'finalAmount' });
  });

  it('names the rule a broken game breaks', () => {
    const { payload } = dealGame(2);
    const won = wonGame(false).payload;
    const cases: Array<[SavedGamePayload, string, RegExp]> = [
      [
        { ...payload, giftIdsUsed: [...payload.giftIdsUsed.slice(1), payload.giftIdsUsed[1]!] },
        'giftIdsUsed',
        /more than one case/,
      ],
      [
        { ...payload, giftIdsUsed: [...payload.giftIdsUsed.slice(1), 44] },
        'giftIdsUsed',
        /not in the gift set/,
      ],
      [
        { ...payload, giftIdsUsed: [...payload.giftIdsUsed.slice(1), 99] },
        'giftIdsUsed',
        /not in the catalogue/,
      ],
      [{ ...payload, giftIdsUsed: payload.giftIdsUsed.slice(1) }, 'giftIdsUsed', /exactly 26/],
      [{ ...payload, playerCaseGiftId: payload.giftIdsUsed[0]! }, 'playerCaseGiftId', /gift in case 13/],
      [
        { ...payload, casesEliminated: [13, ...payload.casesEliminated.slice(1)] },
        'casesEliminated',
        /your case/,
      ],
      [
        { ...payload, casesEliminated: [payload.casesEliminated[1]!, ...payload.casesEliminated.slice(1)] },
        'casesEliminated',
        /already open/,
      ],
      [
        { ...payload, casesEliminated: payload.casesEliminated.slice(0, -1) },
        'casesEliminated',
        /round 2 needs 5 cases opened, the game opened 4/,
      ],
      [{ ...payload, roundsCompleted: 3 }, 'roundsCompleted', /must be 2/],
      [{ ...payload, bankerOfferAccepted: false }, 'bankerOfferAccepted', /banker_accepted/],
      [{ ...payload, gameOutcome: 'won', bankerOfferAccepted: false }, 'casesEliminated', /every case but/],
      [{ ...won, roundsCompleted: 9 }, 'roundsCompleted', /must be 10/],
      [{ ...won, finalAmount: won.finalAmount + 1 }, 'finalAmount', /case kept or swapped to/],
      [
        { ...won, gameOutcome: 'banker_accepted', bankerOfferAccepted: true, roundsCompleted: 9 },
        'finalAmount',
        /cannot offer/,
      ],
    ];
    for (const [broken, field, rule] of cases) {
      const verdict = refusal(broken);
      expect(verdict.field).toBe(field);
      expect(verdict.rule).toMatch(rule);
    }
  });

  it('accepts a custom set only against that set', () => {
    const custom = [...DEFAULT_GIFT_IDS.slice(0, 25), 44];
    const { state, rng } = startGame(3, custom);
    const s = act(playToFinalChoice(state, rng), { type: 'finalChoice', swap: false }, rng).state;
    const payload = buildSavedGame(s, OWNER)!;
    expect(verifyGame(payload, custom)).toEqual({ ok: true });
    expect(verifyGame(payload, DEFAULT_GIFT_IDS).ok).toBe(false);
  });
});
