import type { SavedGamePayload } from '../schemas/games.js';
import { giftInCase, type GameState } from './state.js';

export interface SaveOwner {
  readonly userId: number | null;
  readonly username: string | null;
  readonly customGiftSetId: number | null;
}

/** The payload of POST /api/games for a game that has ended; null while it is still going. */
export function buildSavedGame(state: GameState, owner: SaveOwner): SavedGamePayload | null {
  if (state.gameOutcome === null || state.finalAmount === null || state.selectedCase === null) return null;
  const playerGift = giftInCase(state, state.selectedCase);
  if (!playerGift) return null;
  return {
    clientGameId: state.clientGameId,
    userId: owner.userId,
    username: owner.username,
    customGiftSetId: owner.customGiftSetId,
    firstCaseSelected: state.selectedCase,
    playerCaseGiftId: playerGift.id,
    finalAmount: state.finalAmount,
    gameOutcome: state.gameOutcome,
    bankerOfferAccepted: state.gameOutcome === 'banker_accepted',
    // The round of the accepted offer for a deal, FINAL_ROUND for a game that reached the final choice.
    roundsCompleted: state.currentRound,
    casesEliminated: [...state.eliminatedCases],
    giftIdsUsed: state.briefcaseGifts.map((gift) => gift.id),
  };
}
