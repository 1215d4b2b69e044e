import {
  backupKeyFor,
  markBackupSaved as markStoredBackupSaved,
  writeBackup as writeStoredBackup,
  type BackupStorage,
  type SavedGamePayload,
} from '@dond/shared';
import { browserStorage } from '../store/browserStorage';

// The game's backups live in this browser's local storage; the rules of the records are shared's, which the
// admin console's backups screen reads with too.

/** Keeps the game before any save attempt, so no result is lost; prunes to the newest 20. */
export function writeBackup(
  payload: SavedGamePayload,
  now: number,
  storage: BackupStorage | null = browserStorage('localStorage'),
): string {
  if (!storage) throw new Error('This browser refuses local storage (cookies blocked for this site)');
  return writeStoredBackup(payload, now, storage);
}

/** Never throws: the game is on the server by now, and a backup left unsaved only shows in the admin's list. */
export function markBackupSaved(
  clientGameId: string,
  storage: BackupStorage | null = browserStorage('localStorage'),
): void {
  try {
    if (storage) markStoredBackupSaved(backupKeyFor(clientGameId), storage);
  } catch (error) {
    console.error('Failed to mark the local backup saved:', error);
  }
}
