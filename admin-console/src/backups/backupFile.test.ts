import { describe, expect, it } from 'vitest';
import { listBackups, writeBackup, type SavedGamePayload } from '@dond/shared';
import { BACKUP_TEXT, exportContent, exportFileName, splitBackups } from './backupFile';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const payload = (n: number): SavedGamePayload => ({
  clientGameId: id(n),
  userId: 3,
  username: 'bob',
  customGiftSetId: null,
  firstCaseSelected: 5,
  playerCaseGiftId: 9,
  finalAmount: 100 * n,
  gameOutcome: 'won',
  bankerOfferAccepted: false,
  roundsCompleted: 10,
  casesEliminated: [],
  giftIdsUsed: Array.from({ length: 26 }, (_, i) => i + 1),
});

describe('the backups screen', () => {
  it('reads the game’s own backups from local storage, newest first, split into unsaved and saved', () => {
    localStorage.clear();
    writeBackup(payload(1), 1000, localStorage);
    writeBackup(payload(2), 3000, localStorage);
    writeBackup(payload(3), 2000, localStorage);
    localStorage.setItem(
      `game_backup_${id(1)}`,
      JSON.stringify({ ...payload(1), backupTimestamp: 1000, saved: true }),
    );
    const { unsaved, saved } = splitBackups(listBackups(localStorage));
    expect(unsaved.map((b) => b.record.finalAmount)).toEqual([200, 300]);
    expect(saved.map((b) => b.key)).toEqual([`game_backup_${id(1)}`]);
  });

  it('names the export with the time, in UTC', () => {
    expect(exportFileName(Date.parse('2025-06-01T09:08:07.654Z'))).toBe(
      'dond-unsaved-backups-20250601-090807.json',
    );
  });

  it('exports each unsaved backup with its key, as JSON', () => {
    localStorage.clear();
    const key = writeBackup(payload(4), 4000, localStorage);
    const file = JSON.parse(exportContent(listBackups(localStorage), Date.parse('2025-06-01T00:00:00Z')));
    expect(file).toEqual({
      exportedAt: '2025-06-01T00:00:00.000Z',
      count: 1,
      backups: [{ backupKey: key, ...payload(4), backupTimestamp: 4000, saved: false }],
    });
  });

  it('says what SPEC 8 says', () => {
    expect(BACKUP_TEXT.exported(3).description).toBe('Exported 3 unsaved game backups');
    expect(BACKUP_TEXT.recoveryFailed('HTTP 500').description).toBe('Failed to recover game: HTTP 500');
  });
});
