import { FINAL_ROUND, GIFT_SET_SIZE } from '../constants.js';
import { giftById, type Gift } from '../gifts/catalogue.js';
import type { SavedGamePayload } from '../schemas/games.js';
import type { GameAction } from './actions.js';
import { isPossibleOffer } from './banker.js';
import { offerRound } from './quotas.js';
import { reduce } from './reduce.js';
import { dealtGame, giftInCase, otherCase, remainingValues, type GameState } from './state.js';

export type VerifyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly field: keyof SavedGamePayload; readonly rule: string };

/** The game as verifyGame reads it: the fields that decide whether it could have been played. */
export type VerifiableGame = Pick<
  SavedGamePayload,
  | 'firstCaseSelected'
  | 'playerCaseGiftId'
  | 'finalAmount'
  | 'gameOutcome'
  | 'bankerOfferAccepted'
  | 'roundsCompleted'
  | 'casesEliminated'
  | 'giftIdsUsed'
>;

function broken(field: keyof SavedGamePayload, rule: string): VerifyResult {
  return { ok: false, field, rule };
}

// Offers drawn while replaying are never compared: only the accepted amount is, against its bounds.
const REPLAY_RNG = () => 0.5;

function step(state: GameState, action: GameAction): { state: GameState; rejected?: string } {
  const result = reduce(state, action, REPLAY_RNG);
  return result.rejected ? { state, rejected: result.rejected.message } : { state: result.state };
}

/**
 * The server's check of a saved game (DECISIONS.md "Saved games"): the game is replayed through the same
 * reducer the board uses. Answers ok, or the field and the rule it broke.
 */
export function verifyGame(payload: VerifiableGame, allowedGiftIds: readonly number[]): VerifyResult {
  // The gifts: a permutation of the allowed set of 26.
  const allowed = new Set(allowedGiftIds);
  if (payload.giftIdsUsed.length !== GIFT_SET_SIZE) {
    return broken('giftIdsUsed', `giftIdsUsed must hold exactly ${GIFT_SET_SIZE} gifts`);
  }
  const seen = new Set<number>();
  const gifts: Gift[] = [];
  for (const id of payload.giftIdsUsed) {
    const gift = giftById(id);
    if (!gift) return broken('giftIdsUsed', `gift ${id} is not in the catalogue`);
    if (!allowed.has(id))
      return broken('giftIdsUsed', `gift ${id} is not in the gift set this game was played with`);
    if (seen.has(id)) return broken('giftIdsUsed', `gift ${id} is in more than one case`);
    seen.add(id);
    gifts.push(gift);
  }
  if (allowed.size !== GIFT_SET_SIZE)
    return broken('giftIdsUsed', `the allowed gift set must hold ${GIFT_SET_SIZE} gifts`);

  if (payload.bankerOfferAccepted !== (payload.gameOutcome === 'banker_accepted')) {
    return broken(
      'bankerOfferAccepted',
      'bankerOfferAccepted must be true exactly when gameOutcome is banker_accepted',
    );
  }

  // The player's case and its gift.
  let state = dealtGame(gifts, 'verify');
  const picked = step(state, { type: 'selectCase', caseNumber: payload.firstCaseSelected });
  if (picked.rejected) return broken('firstCaseSelected', picked.rejected);
  state = picked.state;
  if (giftInCase(state, payload.firstCaseSelected)?.id !== payload.playerCaseGiftId) {
    return broken(
      'playerCaseGiftId',
      `playerCaseGiftId must be the gift in case ${payload.firstCaseSelected}`,
    );
  }

  // The eliminations, round by round, refusing the offer between rounds.
  for (const caseNumber of payload.casesEliminated) {
    if (state.gamePhase === 'phone-ringing') state = step(state, { type: 'phoneAnswered' }).state;
    if (state.gamePhase === 'offer') state = step(state, { type: 'noDeal' }).state;
    const opened = step(state, { type: 'eliminateCase', caseNumber });
    if (opened.rejected) {
      return broken(
        'casesEliminated',
        `case ${caseNumber} could not be opened in round ${state.currentRound}: ${opened.rejected}`,
      );
    }
    state = opened.state;
  }
  if (state.gamePhase !== 'phone-ringing') {
    return broken(
      'casesEliminated',
      `round ${state.currentRound} needs ${state.casesToEliminateThisRound} cases opened, the game opened ${state.casesEliminatedThisRound}`,
    );
  }
  const offerValues = remainingValues(state);
  const round = offerRound(state.currentRound, state.casesRemaining);
  state = step(state, { type: 'phoneAnswered' }).state;

  if (payload.gameOutcome === 'banker_accepted') {
    if (payload.roundsCompleted !== state.currentRound) {
      return broken(
        'roundsCompleted',
        `roundsCompleted must be ${state.currentRound}, the round of the accepted offer`,
      );
    }
    if (!isPossibleOffer(payload.finalAmount, offerValues, round)) {
      return broken(
        'finalAmount',
        `the banker cannot offer ${payload.finalAmount} coins for this board in round ${round}`,
      );
    }
    return { ok: true };
  }

  // A won game reached the final choice: every case opened but the player's and one other.
  const finalChoice = step(state, { type: 'noDeal' });
  if (finalChoice.state.gamePhase !== 'final-choice') {
    return broken('casesEliminated', "a won game must open every case but the player's and one other");
  }
  if (payload.roundsCompleted !== FINAL_ROUND) {
    return broken(
      'roundsCompleted',
      `roundsCompleted must be ${FINAL_ROUND} for a game that reached the final choice`,
    );
  }
  const other = otherCase(finalChoice.state);
  const possible = [payload.firstCaseSelected, other].map((n) =>
    n === null ? undefined : giftInCase(finalChoice.state, n)?.coins,
  );
  if (!possible.includes(payload.finalAmount)) {
    return broken('finalAmount', 'a won amount must be the value of the case kept or swapped to');
  }
  return { ok: true };
}
