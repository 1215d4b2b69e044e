import {
  BACKUP_KEEP_NEWEST,
  BACKUP_KEY_PREFIX,
  backupKeyFor,
  localBackupRecordSchema,
  type LocalBackupRecord,
  type SavedGamePayload,
} from '@dond/shared';

/** Every game backup in local storage, newest first; unreadable entries are skipped. */
export function listBackups(
  storage: Storage = localStorage,
): Array<{ key: string; record: LocalBackupRecord }> {
  const out: Array<{ key: string; record: LocalBackupRecord }> = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(BACKUP_KEY_PREFIX)) continue;
    try {
      const parsed = localBackupRecordSchema.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
      if (parsed.success) out.push({ key, record: parsed.data });
    } catch {
      // A hand-edited or truncated entry: leave it for the admin to see in the raw storage.
    }
  }
  return out.sort((a, b) => b.record.backupTimestamp - a.record.backupTimestamp);
}

/** Keeps the game before any save attempt, so no result is lost; prunes to the newest 20. */
export function writeBackup(payload: SavedGamePayload, now: number, storage: Storage = localStorage): string {
  const key = backupKeyFor(payload.clientGameId);
  const record: LocalBackupRecord = { ...payload, backupTimestamp: now, saved: false };
  storage.setItem(key, JSON.stringify(record));
  for (const old of listBackups(storage).slice(BACKUP_KEEP_NEWEST)) storage.removeItem(old.key);
  return key;
}

export function markBackupSaved(clientGameId: string, storage: Storage = localStorage): void {
  const key = backupKeyFor(clientGameId);
  const raw = storage.getItem(key);
  if (!raw) return;
  storage.setItem(key, JSON.stringify({ ...(JSON.parse(raw) as LocalBackupRecord), saved: true }));
}
