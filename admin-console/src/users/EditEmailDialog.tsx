import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { userEmailRequestSchema } from '@dond/shared';

/**
 * Edit Email: checked on every change by the server's own schema (a valid address, or empty to remove it);
 * Save sends the address, or null for empty. Loaded when first opened: the schema library stays out of the
 * dashboard's first load.
 */
export default function EditEmailDialog({
  initial,
  busy,
  onCancel,
  onSave,
}: {
  initial: string;
  busy: boolean;
  onCancel: () => void;
  onSave: (email: string | null) => void;
}) {
  const [email, setEmail] = useState(initial);
  const checked = userEmailRequestSchema.safeParse({ email: email.trim() });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid email');

  return (
    <Dialog open onClose={onCancel}>
      <DialogTitle>Edit Email</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="email"
          label="Email"
          value={email}
          error={problem !== null}
          helperText={problem ?? ' '}
          onChange={(event) => setEmail(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          disabled={busy || !checked.success}
          onClick={() => checked.success && onSave(checked.data.email)}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
