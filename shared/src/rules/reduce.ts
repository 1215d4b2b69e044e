import { FINAL_ROUND, GIFT_SET_SIZE } from '../constants.js';
import type { Gift } from '../gifts/catalogue.js';
import { sortByCoins } from '../gifts/giftSet.js';
import { shuffle, type Rng } from '../random.js';
import type { GameAction, GameEvent, Rejection, RejectionReason } from './actions.js';
import { bankerOffer } from './banker.js';
import { casesToEliminate, isRoundComplete, offerRound } from './quotas.js';
import {
  dealtGame,
  giftInCase,
  isValidCaseNumber,
  otherCase,
  remainingValues,
  type GamePhase,
  type GameState,
} from './state.js';

export interface ReduceResult {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
  /** Set when the action was not allowed: the state is then the one passed in, unchanged. */
  readonly rejected?: Rejection;
}

function reject(state: GameState, reason: RejectionReason, message: string): ReduceResult {
  return { state, events: [], rejected: { reason, message } };
}

function requirePhase(state: GameState, phase: GamePhase, action: string): ReduceResult | null {
  return state.gamePhase === phase
    ? null
    : reject(
        state,
        'wrong-phase',
        `${action} is only possible in the ${phase} phase, not in ${state.gamePhase}`,
      );
}

/** The one place a rule of the game is decided: (state, action, rng) -> state plus events. */
export function reduce(state: GameState, action: GameAction, rng: Rng): ReduceResult {
  switch (action.type) {
    case 'newGame': {
      const ids = new Set(action.gifts.map((gift) => gift.id));
      if (action.gifts.length !== GIFT_SET_SIZE || ids.size !== GIFT_SET_SIZE) {
        return reject(
          state,
          'invalid-gift-set',
          `a game needs ${GIFT_SET_SIZE} distinct gifts, got ${ids.size}`,
        );
      }
      return { state: newGame(action.gifts, action.clientGameId, rng), events: [{ type: 'gameStarted' }] };
    }

    case 'selectCase': {
      const wrong = requirePhase(state, 'selection', 'choosing your case');
      if (wrong) return wrong;
      if (state.selectedCase !== null)
        return reject(state, 'case-already-chosen', 'your case is already chosen');
      if (!isValidCaseNumber(action.caseNumber)) {
        return reject(state, 'no-such-case', `there is no case ${action.caseNumber}`);
      }
      return {
        state: {
          ...state,
          selectedCase: action.caseNumber,
          casesRemaining: state.casesRemaining - 1,
          gamePhase: 'elimination',
          casesToEliminateThisRound: casesToEliminate(state.currentRound, state.casesRemaining - 1),
          casesEliminatedThisRound: 0,
        },
        events: [{ type: 'caseSelected', caseNumber: action.caseNumber }],
      };
    }

    case 'eliminateCase': {
      const wrong = requirePhase(state, 'elimination', 'opening a case');
      if (wrong) return wrong;
      const n = action.caseNumber;
      if (!isValidCaseNumber(n)) return reject(state, 'no-such-case', `there is no case ${n}`);
      if (n === state.selectedCase)
        return reject(state, 'own-case', `case ${n} is your case and cannot be opened`);
      if (state.eliminatedCases.includes(n))
        return reject(state, 'already-eliminated', `case ${n} is already open`);
      const gift = giftInCase(state, n);
      if (!gift) return reject(state, 'no-such-case', `there is no case ${n}`);

      let next: GameState = {
        ...state,
        eliminatedCases: [...state.eliminatedCases, n],
        casesRemaining: state.casesRemaining - 1,
        casesEliminatedThisRound: state.casesEliminatedThisRound + 1,
      };
      const events: GameEvent[] = [{ type: 'caseEliminated', caseNumber: n, gift }];
      if (
        isRoundComplete(next.casesEliminatedThisRound, next.casesToEliminateThisRound) ||
        next.casesRemaining <= 1
      ) {
        const round = offerRound(next.currentRound, next.casesRemaining);
        const offer = bankerOffer(remainingValues(next), round, rng);
        next = {
          ...next,
          gamePhase: 'phone-ringing',
          bankerOffer: offer,
          offerHistory: [...next.offerHistory, offer],
        };
        events.push({ type: 'bankerCalling', offer, round });
      }
      return { state: next, events };
    }

    case 'phoneAnswered': {
      const wrong = requirePhase(state, 'phone-ringing', 'answering the banker');
      if (wrong) return wrong;
      return {
        state: { ...state, gamePhase: 'offer' },
        events: [{ type: 'offerShown', offer: state.bankerOffer }],
      };
    }

    case 'deal': {
      const wrong = requirePhase(state, 'offer', 'DEAL');
      if (wrong) return wrong;
      const playerGift = state.selectedCase === null ? undefined : giftInCase(state, state.selectedCase);
      if (!playerGift)
        return reject(state, 'wrong-phase', 'there is no case of yours to compare the deal with');
      return {
        state: {
          ...state,
          gamePhase: 'finished',
          gameOutcome: 'banker_accepted',
          finalAmount: state.bankerOffer,
          finalCase: state.selectedCase,
        },
        events: [{ type: 'dealAccepted', amount: state.bankerOffer, playerGift }],
      };
    }

    case 'noDeal': {
      const wrong = requirePhase(state, 'offer', 'NO DEAL');
      if (wrong) return wrong;
      if (state.casesRemaining <= 1) {
        const other = otherCase(state);
        if (state.selectedCase === null || other === null) {
          return reject(state, 'wrong-phase', 'the final choice needs your case and one other');
        }
        return {
          state: { ...state, gamePhase: 'final-choice', currentRound: FINAL_ROUND },
          events: [{ type: 'finalChoiceStarted', playerCase: state.selectedCase, otherCase: other }],
        };
      }
      const round = state.currentRound + 1;
      const toEliminate = casesToEliminate(round, state.casesRemaining);
      return {
        state: {
          ...state,
          gamePhase: 'elimination',
          currentRound: round,
          casesToEliminateThisRound: toEliminate,
          casesEliminatedThisRound: 0,
        },
        events: [{ type: 'roundStarted', round, casesToEliminate: toEliminate }],
      };
    }

    case 'finalChoice': {
      const wrong = requirePhase(state, 'final-choice', 'keeping or swapping');
      if (wrong) return wrong;
      const caseNumber = action.swap ? otherCase(state) : state.selectedCase;
      const gift = caseNumber === null ? undefined : giftInCase(state, caseNumber);
      if (caseNumber === null || !gift)
        return reject(state, 'wrong-phase', 'there is no case to keep or swap to');
      return {
        state: {
          ...state,
          gamePhase: 'final-reveal',
          wasSwapped: action.swap,
          gameOutcome: 'won',
          finalAmount: gift.coins,
          finalCase: caseNumber,
        },
        events: [{ type: 'finalRevealed', swapped: action.swap, caseNumber, gift, amount: gift.coins }],
      };
    }
  }
}

/** Start a game: the set sorted by coins, then shuffled into the cases. */
export function newGame(gifts: readonly Gift[], clientGameId: string, rng: Rng): GameState {
  return dealtGame(shuffle(sortByCoins(gifts), rng), clientGameId);
}
