import { useEffect, useState } from 'react';
import { Box, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminUser } from '@dond/shared';
import { errorMessage, type AdminDataProvider } from '../dataProvider';
import { useToast } from '../layout';
import {
  expiryBadge,
  expiryBadgeColor,
  showsSubscriberToggle,
  statusBadge,
  statusBadgeColor,
  USER_MESSAGES as M,
  type UserList,
} from './rules';
import { UserActions } from './UserActions';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

/** One user in a dashboard list: fields, badges, the subscriber checkbox and the actions. */
export function UserRow({ user, list }: { user: AdminUser; list: UserList }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  // The box shows the click at once; the list's next read confirms it, a failure puts it back.
  const [subscriber, setSubscriber] = useState(user.isMonthlySubscriber);
  useEffect(() => setSubscriber(user.isMonthlySubscriber), [user.isMonthlySubscriber]);

  async function toggleSubscriber(checked: boolean) {
    setSaving(true);
    setSubscriber(checked);
    try {
      await dataProvider.setUserSubscriber(user.id, checked);
      toast({ title: M.successTitle, description: M.subscriber });
      refresh();
    } catch (error) {
      setSubscriber(!checked);
      toast({
        title: M.errorTitle,
        description: errorMessage(error, M.failedSubscriber),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const expiry = expiryBadge(user.expiryDate, Date.now());

  return (
    <Box
      component="li"
      data-testid={`user-row-${user.id}`}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography sx={{ fontWeight: 600 }}>{user.username}</Typography>
        <Chip
          size="small"
          color={statusBadgeColor(user)}
          label={statusBadge(user)}
          sx={{ textTransform: 'capitalize' }}
        />
        <Chip size="small" variant="outlined" color={expiryBadgeColor(expiry)} label={expiry} />
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
              checked={subscriber}
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
