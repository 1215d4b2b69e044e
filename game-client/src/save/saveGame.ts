import {
  buildSavedGame,
  SAVE_MAX_ATTEMPTS,
  saveBackoffMs,
  saveGameResponseSchema,
  sessionValidateResponseSchema,
  TIMINGS,
  type CurrentUser,
  type Gift,
  type SavedGamePayload,
} from '@dond/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson, browserTransport, HttpError, type ApiTransport } from '../api/request';
import { realClock, type Clock } from '../game/clock';
import type { GameController } from '../game/controller';
import { toast } from '../ui/toastStore';
import { markBackupSaved, writeBackup } from './backups';

export const SESSION_EXPIRED = 'Session expired - please log in again';

/** The words for a failed save: the server's error or details, else 'HTTP {status}', else the message. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? `HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

async function attemptSave(payload: SavedGamePayload, api: ApiTransport) {
  // The session is checked first, so an expired one is named as such rather than as a bare 401.
  const session = await apiJson(
    'GET',
    '/api/session/validate',
    undefined,
    sessionValidateResponseSchema,
    api,
  );
  if (!session.valid) throw new Error(SESSION_EXPIRED);
  return apiJson('POST', '/api/games', payload, saveGameResponseSchema, api);
}

/** Where the save's calls go and on which clock its retries wait: the page's, or a headless test's. */
export interface SaveLink {
  api?: ApiTransport;
  clock?: Clock;
}

/**
 * SPEC.md sections 5, 7, 8: back the game up locally, then up to 3 attempts 1 s and 2 s apart. Success marks
 * the backup saved, refreshes the cached game lists and says so; the last failure leaves the backup unsaved
 * for an admin to recover and says that too.
 */
export async function saveFinishedGame(
  payload: SavedGamePayload,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  { api = browserTransport, clock = realClock }: SaveLink = {},
): Promise<boolean> {
  try {
    writeBackup(payload, clock.now());
  } catch (error) {
    console.error('Failed to back up the game locally:', error);
  }
  let lastError: unknown;
  for (let attempt = 1; attempt <= SAVE_MAX_ATTEMPTS; attempt++) {
    try {
      await attemptSave(payload, api);
      markBackupSaved(payload.clientGameId);
      await Promise.all(
        ['/api/admin/games', '/api/admin/games/stats', '/api/games/my-games'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
      toast({ title: 'Game Saved!', description: 'Your game result has been recorded successfully.' });
      return true;
    } catch (error) {
      lastError = error;
      if (attempt < SAVE_MAX_ATTEMPTS)
        await new Promise<void>((resolve) => clock.setTimeout(resolve, saveBackoffMs(attempt)));
    }
  }
  toast({
    title: 'Game Not Saved',
    description: `Failed to save your game after multiple attempts: ${saveFailureMessage(lastError)}. Your result is backed up locally. Contact support to recover it.`,
    variant: 'destructive',
    duration: TIMINGS.saveFailureToastMs,
  });
  return false;
}

/** Who plays on the screen, as it stands when a game ends. */
export interface SavePlayer {
  user: CurrentUser | null;
  /** The player's own set, and its id when it is a saved one. */
  gifts: readonly Gift[];
  customGiftSetId: number | null;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
}

/**
 * Saves each live game of a signed-in player once, as the screen's controller says it is over; a guest's game
 * writes nothing. Answers the unsubscribe.
 */
export function saveFinishedLiveGames(
  controller: Pick<GameController, 'on'>,
  player: () => SavePlayer,
  link: SaveLink = {},
): () => void {
  const saved = new Set<string>();
  return controller.on((event) => {
    const { user, gifts, customGiftSetId, queryClient } = player();
    if (event.type !== 'gameOver' || !event.live || !user || saved.has(event.id)) return;
    const { game } = event;
    // The set's id only when this game was dealt from it.
    const fromSavedSet = game.briefcaseGifts.every((g) => gifts.some((gift) => gift.id === g.id));
    const payload = buildSavedGame(game, {
      userId: user.id,
      username: user.username,
      customGiftSetId: fromSavedSet ? customGiftSetId : null,
    });
    if (!payload) return;
    saved.add(event.id);
    // The server recorded the game as its last action landed: the save asks for that record (issue 17).
    void saveFinishedGame({ ...payload, liveGameId: event.id }, queryClient, link);
  });
}
