import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { Link, useDataProvider, useLogout, useRefresh } from 'react-admin';
import {
  formatCoins,
  listBackups,
  markBackupSaved,
  recoverRequestFor,
  type StoredBackup,
} from '@dond/shared';
import { failureMessage, type AdminDataProvider } from '../dataProvider';
import { Section, useToast } from '../layout';
import { outcomeLabel } from '../stats/format';
import { BACKUP_TEXT, exportContent, exportFileName, splitBackups } from './backupFile';

function download(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One backup: whose game, when, and SPEC 2's outcome, final amount, first case and rounds. */
function BackupSummary({ backup }: { backup: StoredBackup }) {
  const { record } = backup;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{record.username ?? 'Unknown player'}</Typography>
        <Typography variant="body2" color="text.secondary">
          {new Date(record.backupTimestamp).toLocaleString()}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={`Outcome: ${outcomeLabel(record.gameOutcome, 'top')}`} />
        <Chip size="small" label={`Final amount: ${formatCoins(record.finalAmount)}`} />
        <Chip size="small" label={`First case: #${record.firstCaseSelected}`} />
        <Chip size="small" label={`Rounds: ${record.roundsCompleted}`} />
      </Stack>
    </>
  );
}

function BackupItem({ backup, children }: { backup: StoredBackup; children: ReactNode }) {
  return (
    <Box
      component="li"
      aria-label={`Backup of ${backup.record.username ?? 'an unknown player'}, ${backup.key}`}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <BackupSummary backup={backup} />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** 'Unsaved Games' or 'Successfully Saved': a titled list of backups, each with its own buttons. */
function BackupList({
  title,
  backups,
  actions,
}: {
  title: string;
  backups: readonly StoredBackup[];
  actions: (backup: StoredBackup) => ReactNode;
}) {
  if (backups.length === 0) return null;
  return (
    <Section title={title}>
      <Box component="ul" aria-label={title} sx={{ p: 0, m: 0 }}>
        {backups.map((backup) => (
          <BackupItem key={backup.key} backup={backup}>
            {actions(backup)}
          </BackupItem>
        ))}
      </Box>
    </Section>
  );
}

/**
 * /admin/backups: the game's backups in this browser's local storage (the console shares the game's origin),
 * newest first. An unsaved one can be recovered to the database on behalf of its player, or deleted; a saved
 * one can be cleaned up.
 */
export function BackupsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const logout = useLogout();
  const [backups, setBackups] = useState<StoredBackup[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [recovering, setRecovering] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<StoredBackup | null>(null);
  // A second click on Recover before the first answers must not send a second call.
  const inFlight = useRef(new Set<string>());

  const load = useCallback(() => {
    try {
      setBackups(listBackups(window.localStorage));
    } catch (error) {
      console.error('Failed to load game backups:', error);
      setBackups([]);
      toast({ title: 'Error', description: BACKUP_TEXT.loadFailed, variant: 'destructive' });
    } finally {
      setLoaded(true);
    }
  }, [toast]);

  useEffect(() => {
    load();
    // A game played in another tab of this browser shows up without a click.
    window.addEventListener('storage', load);
    return () => window.removeEventListener('storage', load);
  }, [load]);

  const { unsaved, saved } = splitBackups(backups);

  async function recover(backup: StoredBackup) {
    if (inFlight.current.has(backup.key)) return;
    inFlight.current.add(backup.key);
    setRecovering(new Set(inFlight.current));
    try {
      // Answers the stored game whether this call made it or the server already had it (same clientGameId).
      await dataProvider.recoverGame(recoverRequestFor(backup));
      markBackupSaved(backup.key, window.localStorage);
      toast(BACKUP_TEXT.recovered);
      refresh();
    } catch (error) {
      toast(BACKUP_TEXT.recoveryFailed(failureMessage(error)));
    } finally {
      inFlight.current.delete(backup.key);
      setRecovering(new Set(inFlight.current));
      load();
    }
  }

  function remove(backup: StoredBackup) {
    window.localStorage.removeItem(backup.key);
    toast(BACKUP_TEXT.deleted);
    load();
  }

  function exportUnsaved() {
    const now = Date.now();
    download(exportFileName(now), exportContent(unsaved, now), 'application/json');
    toast(BACKUP_TEXT.exported(unsaved.length));
  }

  return (
    <Box sx={{ py: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Game Backup Recovery
        </Typography>
        <Button variant="outlined" onClick={load}>
          Refresh
        </Button>
        {unsaved.length > 0 && (
          <Button variant="outlined" onClick={exportUnsaved}>
            Export Unsaved
          </Button>
        )}
        <Button variant="outlined" component={Link} to="/">
          Back to Admin
        </Button>
        <Button variant="outlined" onClick={() => logout()}>
          Logout
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Backups live in this browser&apos;s storage: open this page on the computer where the games were
        played.
      </Typography>

      {loaded &&
        (unsaved.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {unsaved.length === 1
              ? '1 unsaved game found. Recover it to the database so it counts in the statistics.'
              : `${unsaved.length} unsaved games found. Recover them to the database so they count in the statistics.`}
          </Alert>
        ) : (
          <Card sx={{ mt: 2, borderLeft: 6, borderColor: 'success.main' }}>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ color: 'success.main' }}>
                ✓ All Clear!
              </Typography>
              <Typography color="text.secondary">
                No unsaved games in this browser: every backed-up game is in the database.
              </Typography>
            </CardContent>
          </Card>
        ))}

      <BackupList
        title="Unsaved Games"
        backups={unsaved}
        actions={(backup) => (
          <>
            <Button
              variant="contained"
              size="small"
              disabled={recovering.has(backup.key)}
              onClick={() => recover(backup)}
            >
              {recovering.has(backup.key) ? 'Recovering...' : 'Recover to Database'}
            </Button>
            <Button
              color="error"
              size="small"
              disabled={recovering.has(backup.key)}
              onClick={() => setToDelete(backup)}
            >
              Delete
            </Button>
          </>
        )}
      />
      <BackupList
        title="Successfully Saved"
        backups={saved}
        actions={(backup) => (
          <Button size="small" onClick={() => remove(backup)}>
            Clean Up
          </Button>
        )}
      />

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)}>
        <DialogTitle>Delete Backup</DialogTitle>
        <DialogContent>
          <DialogContentText>{BACKUP_TEXT.deleteQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (toDelete) remove(toDelete);
              setToDelete(null);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
