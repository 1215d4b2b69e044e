import type { StoredBackup } from '@dond/shared';

/** SPEC 5 and 8's words on the backups screen. */
export const BACKUP_TEXT = {
  loadFailed: 'Failed to load game backups',
  recovered: {
    title: '✅ Game Recovered',
    description: 'The game has been successfully saved to the database.',
  },
  recoveryFailed: (message: string) => ({
    title: 'Recovery Failed',
    description: `Failed to recover game: ${message}`,
    variant: 'destructive' as const,
  }),
  deleted: { title: 'Backup Deleted', description: 'The game backup has been removed.' },
  exported: (count: number) => ({
    title: 'Export Complete',
    description: `Exported ${count} unsaved game backups`,
  }),
  deleteQuestion: 'Are you sure you want to delete this backup? This cannot be undone.',
} as const;

/** The unsaved backups and the saved ones, each kept newest first. */
export function splitBackups(backups: readonly StoredBackup[]): {
  unsaved: StoredBackup[];
  saved: StoredBackup[];
} {
  return {
    unsaved: backups.filter((b) => !b.record.saved),
    saved: backups.filter((b) => b.record.saved),
  };
}

/** dond-unsaved-backups-YYYYMMDD-HHMMSS.json, in UTC (the CSV export's stamp). */
export function exportFileName(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `dond-unsaved-backups-${stamp}.json`;
}

/**
 * The export file: when it was made and each unsaved backup as the game stored it, with its key. Each entry
 * is the body POST /api/admin/games/recover takes, plus backupTimestamp and saved.
 */
export function exportContent(unsaved: readonly StoredBackup[], now: number): string {
  return `${JSON.stringify(
    {
      exportedAt: new Date(now).toISOString(),
      count: unsaved.length,
      backups: unsaved.map(({ key, record }) => ({ backupKey: key, ...record })),
    },
    null,
    2,
  )}\n`;
}
