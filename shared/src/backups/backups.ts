import { BACKUP_KEEP_NEWEST, BACKUP_KEY_PREFIX } from '../constants.js';
import {
  backupKeyFor,
  localBackupRecordSchema,
  type LocalBackupRecord,
  type RecoverGameRequest,
  type SavedGamePayload,
} from '../schemas/games.js';

/** The part of the browser's Storage the backups use: the game passes localStorage, tests a Map-backed copy. */
export interface BackupStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredBackup {
  key: string;
  record: LocalBackupRecord;
}

/** Every game backup in the storage, newest first; entries that do not read as a backup are skipped. */
export function listBackups(storage: BackupStorage): StoredBackup[] {
  const out: StoredBackup[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(BACKUP_KEY_PREFIX)) continue;
    // A hand-edited or truncated entry is left alone, for the admin to see in the raw storage.
    const record = readBackup(key, storage);
    if (record) out.push({ key, record });
  }
  // Newest first; the key breaks a tie so the order never depends on the storage's own order.
  return out.sort(
    (a, b) => b.record.backupTimestamp - a.record.backupTimestamp || a.key.localeCompare(b.key),
  );
}

/** Keeps a finished game before any save attempt, so no result is lost; prunes to the newest 20. */
export function writeBackup(payload: SavedGamePayload, now: number, storage: BackupStorage): string {
  const key = backupKeyFor(payload.clientGameId);
  const record: LocalBackupRecord = { ...payload, backupTimestamp: now, saved: false };
  storage.setItem(key, JSON.stringify(record));
  for (const old of listBackups(storage).slice(BACKUP_KEEP_NEWEST)) storage.removeItem(old.key);
  return key;
}

/** Marks the backup under `key` saved once the server has the game; a missing or unreadable entry is left. */
export function markBackupSaved(key: string, storage: BackupStorage): void {
  const record = readBackup(key, storage);
  if (record) storage.setItem(key, JSON.stringify({ ...record, saved: true }));
}

/** The backup under `key`, or null when there is none or it does not read as a backup. */
export function readBackup(key: string, storage: BackupStorage): LocalBackupRecord | null {
  try {
    const parsed = localBackupRecordSchema.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The body of POST /api/admin/games/recover for a backup: its saved-game payload plus its key. A backup
 * without its player (userId or username null) is sent as it is, and the server names what is missing.
 */
export function recoverRequestFor({
  key,
  record,
}: StoredBackup): SavedGamePayload & Pick<RecoverGameRequest, 'backupKey'> {
  const { backupTimestamp: _timestamp, saved: _saved, ...payload } = record;
  return { ...payload, backupKey: key };
}
