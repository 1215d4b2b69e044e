import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminUser } from '@dond/shared';
import { errorMessage, type AdminDataProvider } from '../dataProvider';
import { useToast } from '../layout';
import { EXTEND_DAYS, REDUCE_DAYS, rowActions, USER_MESSAGES as M } from './rules';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A row's action buttons; each calls the data provider, toasts SPEC 8's text and refreshes the lists. */
export function UserActions({ user }: { user: AdminUser }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [email, setEmail] = useState('');
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

  const emailInvalid = email.trim() !== '' && !EMAIL_PATTERN.test(email.trim());
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
        <Button
          size="small"
          disabled={busy}
          onClick={() => {
            setEmail(user.email ?? '');
            setEmailOpen(true);
          }}
        >
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

      <Dialog open={emailOpen} onClose={() => setEmailOpen(false)}>
        <DialogTitle>Edit Email</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="email"
            label="Email"
            value={email}
            error={emailInvalid}
            helperText={emailInvalid ? 'Please enter a valid email address' : ' '}
            onChange={(event) => setEmail(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEmailOpen(false)}>Cancel</Button>
          <Button
            disabled={busy || emailInvalid}
            onClick={async () => {
              const value = email.trim() === '' ? null : email.trim();
              if (await run(() => dataProvider.setUserEmail(user.id, value), M.emailUpdated, M.failedEmail))
                setEmailOpen(false);
            }}
          >
            Save
          </Button>
        </DialogActions>
      </Dialog>

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
