import { useState } from 'react';
import { Box, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AdminUser } from '@dond/shared';
import { errorMessage, type AdminDataProvider } from '../dataProvider';
import { expiryBadge, showsSubscriberToggle, statusBadge, USER_MESSAGES as M, type UserList } from './rules';
import { UserActions } from './UserActions';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

/** One user in a dashboard list: fields, badges, the subscriber checkbox and the actions. */
export function UserRow({ user, list }: { user: AdminUser; list: UserList }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);

  async function toggleSubscriber(checked: boolean) {
    setSaving(true);
    try {
      await dataProvider.setUserSubscriber(user.id, checked);
      notify(`${M.successTitle} ${M.subscriber}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(`${M.errorTitle}: ${errorMessage(error, M.failedSubscriber)}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box
      component="li"
      data-testid={`user-row-${user.id}`}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography sx={{ fontWeight: 600 }}>{user.username}</Typography>
        <Chip size="small" label={statusBadge(user)} />
        <Chip size="small" variant="outlined" label={expiryBadge(user.expiryDate, Date.now())} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Registered: {formatDate(user.createdAt)}
        {user.email ? ` · Email: ${user.email}` : ''}
        {user.expiryDate ? ` · Expires: ${formatDate(user.expiryDate)}` : ''}
        {list === 'all'
          ? ` · Last login: ${user.lastLoginAt ? new Date(user.lastLoginAt).toLocaleString() : 'Never'}`
          : ''}
      </Typography>
      {showsSubscriberToggle(user, list) && (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={user.isMonthlySubscriber}
              disabled={saving}
              onChange={(event) => toggleSubscriber(event.target.checked)}
            />
          }
          label="Monthly Subscriber"
        />
      )}
      <UserActions user={user} />
    </Box>
  );
}
