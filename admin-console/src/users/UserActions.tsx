import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminUser } from '@dond/shared';
import { errorMessage, type AdminDataProvider } from '../dataProvider';
import { useToast } from '../layout';
import { EXTEND_DAYS, REDUCE_DAYS, rowActions, USER_MESSAGES as M } from './rules';

const EditEmailDialog = lazy(() => import('./EditEmailDialog'));

/** A row's action buttons; each calls the data provider, toasts SPEC 8's text and refreshes the lists. */
export function UserActions({ user }: { user: AdminUser }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const actions = rowActions(user);
  if (actions.length === 0) return null;

  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await call();
      toast({ title: M.successTitle, description: success });
      refresh();
      return true;
    } catch (error) {
      toast({ title: M.errorTitle, description: errorMessage(error, failure), variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const has = (action: (typeof actions)[number]) => actions.includes(action);

  return (
    // Lower-case labels: '+7d' and '-1d' read as days, not as '+7D'.
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', '& .MuiButton-root': { textTransform: 'none' } }}
    >
      {has('approve') && (
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            run(() => dataProvider.setUserStatus(user.id, 'approved'), M.approved, M.failedStatus)
          }
        >
          Approve
        </Button>
      )}
      {has('reject') && (
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            run(() => dataProvider.setUserStatus(user.id, 'rejected'), M.rejected, M.failedStatus)
          }
        >
          Reject
        </Button>
      )}
      {has('editEmail') && (
        <Button size="small" disabled={busy} onClick={() => setEmailOpen(true)}>
          Edit Email
        </Button>
      )}
      {has('extend') &&
        EXTEND_DAYS.map((days) => (
          <Button
            key={`extend-${days}`}
            size="small"
            disabled={busy}
            onClick={() =>
              run(() => dataProvider.extendUserExpiry(user.id, days), M.extended(days), M.failedExtend)
            }
          >
            +{days}d
          </Button>
        ))}
      {has('reduce') &&
        REDUCE_DAYS.map((days) => (
          <Button
            key={`reduce-${days}`}
            size="small"
            disabled={busy}
            onClick={() =>
              run(() => dataProvider.reduceUserExpiry(user.id, days), M.reduced(days), M.failedReduce)
            }
          >
            -{days}d
          </Button>
        ))}
      {has('disable') && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => run(() => dataProvider.disableUser(user.id), M.disabled, M.failedDisable)}
        >
          Disable
        </Button>
      )}
      {has('delete') && (
        <Button size="small" color="error" disabled={busy} onClick={() => setDeleteOpen(true)}>
          Delete
        </Button>
      )}

      {emailOpen && (
        <Suspense fallback={null}>
          <EditEmailDialog
            initial={user.email ?? ''}
            busy={busy}
            onCancel={() => setEmailOpen(false)}
            onSave={async (email) => {
              if (await run(() => dataProvider.setUserEmail(user.id, email), M.emailUpdated, M.failedEmail))
                setEmailOpen(false);
            }}
          />
        </Suspense>
      )}

      <Dialog open={deleteOpen} onClose={() => setDeleteOpen(false)}>
        <DialogTitle>{M.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{M.deleteText(user.username)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleteOpen(false)}>Cancel</Button>
          <Button
            color="error"
            disabled={busy}
            onClick={async () => {
              if (await run(() => dataProvider.deleteUser(user.id), M.deleted, M.failedDelete))
                setDeleteOpen(false);
            }}
          >
            {M.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
