import { TIMINGS, type CurrentUser } from '@dond/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useGiftsForGame } from '../../api/gifts';
import type { GameController } from '../../game/controller';
import { saveFinishedLiveGames } from '../../save/saveGame';
import { toastBoardEvents } from '../../store/gameToasts';
import { useSessionStore } from '../../store/sessionStore';

/**
 * Ties the screen's game controller to the screen: deals from the player's own gift set (a signed-in player's
 * custom set, else the default), saves a finished game for a signed-in player, and clears every timer on leaving.
 */
export function useGameSession(user: CurrentUser | null, controller: GameController) {
  const queryClient = useQueryClient();
  const viewMode = useSessionStore((s) => s.viewMode);
  // A failed read (the session gone, the server down) plays the default set.
  const { gifts, customGiftSetId, isLoading } = useGiftsForGame(user !== null);

  // A signed-in player's games live on the server: resumed there if one is in progress, else dealt there.
  const signedIn = user !== null;
  useEffect(() => {
    if (!isLoading) controller.startGame(gifts, signedIn ? { customGiftSetId } : undefined);
  }, [controller, isLoading, gifts, signedIn, customGiftSetId]);

  useEffect(() => {
    controller.setCaseToastMs(viewMode === 'tablet' ? TIMINGS.caseToastTabletMs : TIMINGS.caseToastMs);
  }, [controller, viewMode]);

  useEffect(() => () => controller.dispose(), [controller]);

  // The toasts of the game's moments, from the game's events, as long as the screen is here.
  useEffect(() => toastBoardEvents(controller), [controller]);

  // A finished game is saved once, and only for a signed-in player's live game; a guest's writes nothing.
  const latest = useRef({ user, gifts, customGiftSetId, queryClient });
  latest.current = { user, gifts, customGiftSetId, queryClient };
  useEffect(() => saveFinishedLiveGames(controller, () => latest.current), [controller]);
}
