import { buildSavedGame, TIMINGS, type CurrentUser } from '@dond/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useGiftsForGame } from '../../api/gifts';
import { saveFinishedGame } from '../../save/saveGame';
import { onBoardEvent } from '../../store/boardEvents';
import { useGameStore } from '../../store/gameStore';
import { toastBoardEvents } from '../../store/gameToasts';
import { useSessionStore } from '../../store/sessionStore';

/**
 * Ties the game store to the screen: deals from the player's own gift set (a signed-in player's custom set,
 * else the default), saves a finished game for a signed-in player, and clears every timer on leaving.
 */
export function useGameSession(user: CurrentUser | null) {
  const queryClient = useQueryClient();
  const viewMode = useSessionStore((s) => s.viewMode);
  // A failed read (the session gone, the server down) plays the default set.
  const { gifts, customGiftSetId, isLoading } = useGiftsForGame(user !== null);

  // A signed-in player's games live on the server: resumed there if one is in progress, else dealt there.
  const signedIn = user !== null;
  useEffect(() => {
    if (!isLoading) useGameStore.getState().startGame(gifts, signedIn ? { customGiftSetId } : undefined);
  }, [isLoading, gifts, signedIn, customGiftSetId]);

  useEffect(() => {
    useGameStore
      .getState()
      .setCaseToastMs(viewMode === 'tablet' ? TIMINGS.caseToastTabletMs : TIMINGS.caseToastMs);
  }, [viewMode]);

  useEffect(() => () => useGameStore.getState().dispose(), []);

  // The toasts of the game's moments, from the board's events, as long as the screen is here.
  useEffect(() => toastBoardEvents(), []);

  // A finished game is saved once, and only for a signed-in player's live game; a guest's writes nothing.
  const latest = useRef({ user, gifts, customGiftSetId, queryClient });
  latest.current = { user, gifts, customGiftSetId, queryClient };
  useEffect(() => {
    const saved = new Set<string>();
    return onBoardEvent((event) => {
      const { user: player, gifts: own, customGiftSetId: setId, queryClient: client } = latest.current;
      if (event.type !== 'gameOver' || !event.live || !player || saved.has(event.id)) return;
      const { game } = event;
      // The set's id only when this game was dealt from it.
      const fromSavedSet = game.briefcaseGifts.every((g) => own.some((gift) => gift.id === g.id));
      const payload = buildSavedGame(game, {
        userId: player.id,
        username: player.username,
        customGiftSetId: fromSavedSet ? setId : null,
      });
      if (!payload) return;
      saved.add(event.id);
      // The server recorded the game as its last action landed: the save asks for that record (issue 17).
      void saveFinishedGame({ ...payload, liveGameId: event.id }, client);
    });
  }, []);
}
