import { buildSavedGame, TIMINGS, type CurrentUser } from '@dond/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useGiftsForGame } from '../../api/gifts';
import { saveFinishedGame } from '../../save/saveGame';
import { useGameStore } from '../../store/gameStore';
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

  // A finished game is saved once, and only for a signed-in player; a guest's game writes nothing.
  const savedIds = useRef(new Set<string>());
  const game = useGameStore((s) => s.game);
  const live = useGameStore((s) => s.live);
  useEffect(() => {
    if (!user || !live || game.gameOutcome === null || savedIds.current.has(game.clientGameId)) return;
    // The set's id only when this game was dealt from it.
    const fromSavedSet = game.briefcaseGifts.every((g) => gifts.some((own) => own.id === g.id));
    const payload = buildSavedGame(game, {
      userId: user.id,
      username: user.username,
      customGiftSetId: fromSavedSet ? customGiftSetId : null,
    });
    if (!payload) return;
    savedIds.current.add(game.clientGameId);
    // The server recorded the game as its last action landed: the save asks for that record (issue 17).
    void saveFinishedGame({ ...payload, liveGameId: game.clientGameId }, queryClient);
  }, [game, user, live, gifts, customGiftSetId, queryClient]);
}
