import {
  backupKeyFor,
  markBackupSaved as markStoredBackupSaved,
  writeBackup as writeStoredBackup,
  type BackupStorage,
  type SavedGamePayload,
} from '@dond/shared';

// The game's backups live in this browser's local storage; the rules of the records are shared's, which the
// admin console's backups screen reads with too.

/** Keeps the game before any save attempt, so no result is lost; prunes to the newest 20. */
export function writeBackup(
  payload: SavedGamePayload,
  now: number,
  storage: BackupStorage = localStorage,
): string {
  return writeStoredBackup(payload, now, storage);
}

export function markBackupSaved(clientGameId: string, storage: BackupStorage = localStorage): void {
  markStoredBackupSaved(backupKeyFor(clientGameId), storage);
}
