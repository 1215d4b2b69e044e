import {
  SAVE_MAX_ATTEMPTS,
  saveBackoffMs,
  saveGameResponseSchema,
  sessionValidateResponseSchema,
  TIMINGS,
  type SavedGamePayload,
} from '@dond/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson, HttpError } from '../api/request';
import { toast } from '../ui/toastStore';
import { markBackupSaved, writeBackup } from './backups';

export const SESSION_EXPIRED = 'Session expired - please log in again';

/** The words for a failed save: the server's error or details, else 'HTTP {status}', else the message. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? `HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

async function attemptSave(payload: SavedGamePayload) {
  // The session is checked first, so an expired one is named as such rather than as a bare 401.
  const session = await apiJson('GET', '/api/session/validate', undefined, sessionValidateResponseSchema);
  if (!session.valid) throw new Error(SESSION_EXPIRED);
  return apiJson('POST', '/api/games', payload, saveGameResponseSchema);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC.md sections 5, 7, 8: back the game up locally, then up to 3 attempts 1 s and 2 s apart. Success marks
 * the backup saved, refreshes the cached game lists and says so; the last failure leaves the backup unsaved
 * for an admin to recover and says that too.
 */
export async function saveFinishedGame(
  payload: SavedGamePayload,
  queryClient: QueryClient,
): Promise<boolean> {
  try {
    writeBackup(payload, Date.now());
  } catch (error) {
    console.error('Failed to back up the game locally:', error);
  }
  let lastError: unknown;
  for (let attempt = 1; attempt <= SAVE_MAX_ATTEMPTS; attempt++) {
    try {
      await attemptSave(payload);
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
      if (attempt < SAVE_MAX_ATTEMPTS) await wait(saveBackoffMs(attempt));
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
