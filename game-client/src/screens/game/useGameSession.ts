import {
  buildSavedGame,
  customGiftSetResponseSchema,
  resolveGiftSet,
  TIMINGS,
  type CurrentUser,
} from '@dond/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getQueryFn } from '../../api/request';
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
  const custom = useQuery({
    queryKey: ['/api/gifts/custom'],
    queryFn: getQueryFn({ on401: 'returnNull' }),
    enabled: user !== null,
    retry: false,
  });
  const customSet =
    customGiftSetResponseSchema.safeParse(custom.data ?? { customGiftSet: null }).data?.customGiftSet ?? null;
  const ready = user === null || !custom.isLoading;
  const customIds = customSet?.giftIds.join(',') ?? '';

  useEffect(() => {
    if (!ready) return;
    useGameStore.getState().startGame(resolveGiftSet(customIds ? customIds.split(',').map(Number) : null));
  }, [ready, customIds]);

  useEffect(() => {
    useGameStore
      .getState()
      .setCaseToastMs(viewMode === 'tablet' ? TIMINGS.caseToastTabletMs : TIMINGS.caseToastMs);
  }, [viewMode]);

  useEffect(() => () => useGameStore.getState().dispose(), []);

  // A finished game is saved once, and only for a signed-in player; a guest's game writes nothing.
  const savedIds = useRef(new Set<string>());
  const game = useGameStore((s) => s.game);
  useEffect(() => {
    if (!user || game.gameOutcome === null || savedIds.current.has(game.clientGameId)) return;
    const payload = buildSavedGame(game, {
      userId: user.id,
      username: user.username,
      customGiftSetId:
        customSet && game.briefcaseGifts.every((g) => customSet.giftIds.includes(g.id)) ? customSet.id : null,
    });
    if (!payload) return;
    savedIds.current.add(game.clientGameId);
    void saveFinishedGame(payload, queryClient);
  }, [game, user, customSet, queryClient]);
}
