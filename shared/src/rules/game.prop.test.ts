import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUND_QUOTAS } from '../constants.js';
import { DEFAULT_GIFT_IDS, GIFTS } from '../gifts/catalogue.js';
import { resolveGiftSet } from '../gifts/giftSet.js';
import { createRng } from '../random.js';
import type { SavedGamePayload } from '../schemas/games.js';
import { isPossibleOffer, offerBounds } from './banker.js';
import { offerRound } from './quotas.js';
import { buildSavedGame } from './savedGame.js';
import { otherCase, remainingValues, unopenedOtherCases, type GameState } from './state.js';
import { act, TEST_GAME_ID } from './testing.js';
import { newGame } from './reduce.js';
import { verifyGame } from './verifyGame.js';

const SEED = 20261121;
const RUNS = 10_000;
const ALL_IDS = GIFTS.map((g) => g.id);

/** One random whole game: the deal, the pick, which cases to open, when (if ever) to deal, keep or swap. */
const gameArb = fc.record({
  dealSeed: fc.integer(),
  giftIds: fc.oneof(
    fc.constant(DEFAULT_GIFT_IDS),
    fc.shuffledSubarray(ALL_IDS, { minLength: 26, maxLength: 26 }),
  ),
  pick: fc.integer({ min: 1, max: 26 }),
  openChoices: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
  dealInRound: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  swap: fc.boolean(),
  corruptAt: fc.nat(),
});
type GamePlan = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

/** A plain check: expect() is too slow for millions of calls. */
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

interface Played {
  final: GameState;
  payload: SavedGamePayload;
  allowed: readonly number[];
}

/** Plays the plan through the reducer, checking the rules that hold at every step. */
function play(plan: GamePlan): Played {
  const rng = createRng(plan.dealSeed);
  const allowed = plan.giftIds;
  let s = newGame(resolveGiftSet(allowed), TEST_GAME_ID, rng);
  s = act(s, { type: 'selectCase', caseNumber: plan.pick }, rng).state;
  let choice = 0;
  let offersBeforeFinal = 0;
  for (;;) {
    // One round: open cases until the banker calls.
    const round = s.currentRound;
    let openedThisRound = 0;
    while (s.gamePhase === 'elimination') {
      const others = unopenedOtherCases(s);
      const n = others[(plan.openChoices[choice++] ?? 0) % others.length]!;
      const result = act(s, { type: 'eliminateCase', caseNumber: n }, rng);
      s = result.state;
      openedThisRound++;
      check(!s.eliminatedCases.includes(s.selectedCase!), 'the player’s case was eliminated');
      const calling = result.events.find((e) => e.type === 'bankerCalling');
      if (calling && calling.type === 'bankerCalling') {
        const pricedAs = offerRound(round, s.casesRemaining);
        const { min, max } = offerBounds(remainingValues(s), pricedAs);
        check(
          calling.offer >= min && calling.offer <= max,
          `offer ${calling.offer} outside [${min}, ${max}]`,
        );
        check(
          isPossibleOffer(calling.offer, remainingValues(s), pricedAs),
          `offer ${calling.offer} is not a step`,
        );
      }
    }
    check(openedThisRound === ROUND_QUOTAS[round - 1], `round ${round} opened ${openedThisRound} cases`);
    offersBeforeFinal++;
    check(offersBeforeFinal <= 9, `${offersBeforeFinal} offers before the final choice`);
    s = act(s, { type: 'phoneAnswered' }, rng).state;
    if (plan.dealInRound === round) {
      s = act(s, { type: 'deal' }, rng).state;
      break;
    }
    s = act(s, { type: 'noDeal' }, rng).state;
    if (s.gamePhase === 'final-choice') {
      const other = otherCase(s)!;
      const own = s.selectedCase!;
      s = act(s, { type: 'finalChoice', swap: plan.swap }, rng).state;
      check(
        s.finalAmount === s.briefcaseGifts[(plan.swap ? other : own) - 1]!.coins,
        'won amount is not the case value',
      );
      check(
        s.offerHistory.length === 9,
        `${s.offerHistory.length} offers in a game that reached the final choice`,
      );
      break;
    }
  }
  const payload = buildSavedGame(s, { userId: 1, username: 'player', customGiftSetId: null });
  if (!payload) throw new Error('an ended game must give a payload');
  return { final: s, payload, allowed };
}

/** Every single-field corruption of a played game that verifyGame must refuse, by name. */
function corruptions(played: Played, at: number): Array<[string, SavedGamePayload]> {
  const { payload, allowed, final } = played;
  const pickIndex = (length: number) => at % length;
  const out: Array<[string, SavedGamePayload]> = [];

  // Another amount.
  if (payload.gameOutcome === 'won') {
    const own = final.briefcaseGifts[payload.firstCaseSelected - 1]!.coins;
    const other = final.briefcaseGifts[otherCase(final)! - 1]!.coins;
    const wrong = [...final.briefcaseGifts.map((g) => g.coins), own + other].find(
      (c) => c !== own && c !== other,
    )!;
    out.push(['another amount', { ...payload, finalAmount: wrong }]);
  } else {
    const values = final.briefcaseGifts
      .filter((_, i) => !final.eliminatedCases.includes(i + 1))
      .map((g) => g.coins);
    const { max } = offerBounds(values, offerRound(final.currentRound, final.casesRemaining));
    out.push(['another amount', { ...payload, finalAmount: max + 50 }]);
  }

  // The player's case among the eliminated.
  const withOwn = [...payload.casesEliminated];
  withOwn[pickIndex(withOwn.length)] = payload.firstCaseSelected;
  out.push(["the player's case eliminated", { ...payload, casesEliminated: withOwn }]);

  // A repeated gift.
  const repeated = [...payload.giftIdsUsed];
  const j = pickIndex(26);
  repeated[j] = repeated[(j + 1 + (at % 25)) % 26]!;
  out.push(['a repeated gift', { ...payload, giftIdsUsed: repeated }]);

  // A wrong count in a round: one case too few, or one too many.
  out.push(['one case too few', { ...payload, casesEliminated: payload.casesEliminated.slice(0, -1) }]);
  const extra = [...Array.from({ length: 26 }, (_, i) => i + 1)].find(
    (n) => n !== payload.firstCaseSelected && !payload.casesEliminated.includes(n),
  )!;
  out.push(['one case too many', { ...payload, casesEliminated: [...payload.casesEliminated, extra] }]);

  // A gift outside the allowed set.
  const outside = ALL_IDS.filter((id) => !allowed.includes(id));
  const foreign = [...payload.giftIdsUsed];
  foreign[pickIndex(26)] = outside[at % outside.length]!;
  out.push(['a gift outside the allowed set', { ...payload, giftIdsUsed: foreign }]);

  // And the bookkeeping fields.
  out.push([
    'a wrong player gift',
    { ...payload, playerCaseGiftId: payload.giftIdsUsed[payload.firstCaseSelected % 26]! },
  ]);
  out.push([
    'a wrong round',
    { ...payload, roundsCompleted: payload.roundsCompleted === 10 ? 9 : payload.roundsCompleted + 1 },
  ]);
  out.push(['a wrong deal flag', { ...payload, bankerOfferAccepted: !payload.bankerOfferAccepted }]);
  return out;
}

describe(`${RUNS.toLocaleString('en-US')} random whole games (seed ${SEED})`, () => {
  it(`keep every rule, and verifyGame accepts each game and refuses each corruption (seed ${SEED})`, () => {
    const outcomes = { won: 0, banker_accepted: 0, swapped: 0 };
    fc.assert(
      fc.property(gameArb, (plan) => {
        const played = play(plan);
        outcomes[played.payload.gameOutcome]++;
        if (played.final.wasSwapped) outcomes.swapped++;
        const verdict = verifyGame(played.payload, played.allowed);
        check(verdict.ok, `verifyGame refused a real game: ${JSON.stringify(verdict)}`);
        for (const [name, corrupted] of corruptions(played, plan.corruptAt)) {
          check(!verifyGame(corrupted, played.allowed).ok, `${name} must be refused`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generator really plays both endings and both final choices.
    expect(outcomes.won).toBeGreaterThan(RUNS / 20);
    expect(outcomes.banker_accepted).toBeGreaterThan(RUNS / 2);
    expect(outcomes.swapped).toBeGreaterThan(RUNS / 50);
  }, 120_000);
});
