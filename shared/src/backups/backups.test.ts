import { describe, expect, it } from 'vitest';
import { BACKUP_KEEP_NEWEST } from '../constants.js';
import type { SavedGamePayload } from '../schemas/games.js';
import {
  listBackups,
  markBackupSaved,
  readBackup,
  recoverRequestFor,
  writeBackup,
  type BackupStorage,
} from './backups.js';

/** Storage as the browser's behaves: insertion order, strings only. */
function memoryStorage(): BackupStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function payload(n: number): SavedGamePayload {
  return {
    clientGameId: id(n),
    userId: 7,
    username: 'alice',
    customGiftSetId: null,
    firstCaseSelected: 3,
    playerCaseGiftId: 12,
    finalAmount: 1000 + n,
    gameOutcome: 'banker_accepted',
    bankerOfferAccepted: true,
    roundsCompleted: 2,
    casesEliminated: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    giftIdsUsed: Array.from({ length: 26 }, (_, i) => i + 1),
  };
}

describe('local game backups', () => {
  it('lists them newest first, whatever order the storage keeps', () => {
    const storage = memoryStorage();
    writeBackup(payload(1), 2000, storage);
    writeBackup(payload(2), 1000, storage);
    writeBackup(payload(3), 3000, storage);
    storage.setItem('isMusicEnabled', 'true');
    expect(listBackups(storage).map((b) => b.record.finalAmount)).toEqual([1003, 1001, 1002]);
    expect(listBackups(storage)[0]?.key).toBe(`game_backup_${id(3)}`);
  });

  it('skips entries that are not backups: bad JSON, wrong shape', () => {
    const storage = memoryStorage();
    writeBackup(payload(1), 1000, storage);
    storage.setItem('game_backup_broken', '{"finalAmount":');
    storage.setItem('game_backup_other', JSON.stringify({ hello: 'world' }));
    expect(listBackups(storage).map((b) => b.key)).toEqual([`game_backup_${id(1)}`]);
    expect(readBackup('game_backup_broken', storage)).toBeNull();
    expect(readBackup('game_backup_missing', storage)).toBeNull();
  });

  it('keeps the newest 20', () => {
    const storage = memoryStorage();
    for (let n = 1; n <= BACKUP_KEEP_NEWEST + 3; n++) writeBackup(payload(n), n * 1000, storage);
    const kept = listBackups(storage);
    expect(kept).toHaveLength(BACKUP_KEEP_NEWEST);
    expect(kept.at(-1)?.record.finalAmount).toBe(1004);
  });

  it('marks one saved and leaves the rest', () => {
    const storage = memoryStorage();
    const key = writeBackup(payload(1), 1000, storage);
    writeBackup(payload(2), 2000, storage);
    markBackupSaved(key, storage);
    markBackupSaved('game_backup_missing', storage);
    expect(listBackups(storage).map((b) => [b.record.finalAmount, b.record.saved])).toEqual([
      [1002, false],
      [1001, true],
    ]);
  });

  it('makes the recovery call: the payload and the key, without the timestamp or the flag', () => {
    const storage = memoryStorage();
    writeBackup(payload(1), 1000, storage);
    const [backup] = listBackups(storage);
    expect(recoverRequestFor(backup!)).toEqual({ ...payload(1), backupKey: `game_backup_${id(1)}` });
  });
});
