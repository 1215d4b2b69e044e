import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, useGetIdentity, useGetList, useLogout } from 'react-admin';
import type { AdminUser } from '@dond/shared';
import { UserRow, type UserList } from '../users';

/** A count read from a list's Content-Range total: one row fetched, the server counts. */
function useCount(resource: string, filter: object = {}) {
  const { total } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return total ?? 0;
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card sx={{ flex: 1, minWidth: 160 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** How many rows a dashboard list shows at once. */
const LIST_SIZE = 100;

function UsersCard({
  title,
  resource,
  list,
  empty,
}: {
  title: string;
  resource: string;
  list: UserList;
  empty: string;
}) {
  const { data, isPending, error } = useGetList<AdminUser>(resource, {
    pagination: { page: 1, perPage: LIST_SIZE },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {isPending ? (
          <Typography>Loading...</Typography>
        ) : error || !data || data.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {data.map((user) => (
              <UserRow key={user.id} user={user} list={list} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin: welcome, counts, links to the other screens, and both user lists (SPEC 2 "Admin dashboard"). */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const total = useCount('users');
  const approved = useCount('users', { status: 'approved' });
  const pending = useCount('users/pending');

  return (
    <Box sx={{ py: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        useFlexGap
        spacing={1}
      >
        <Typography variant="h5" component="h1">
          Welcome, {identity?.fullName ?? ''}
        </Typography>
        <Button variant="outlined" onClick={() => logout()}>
          Logout
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
        <StatCard label="Total Users" value={total} />
        <StatCard label="Approved" value={approved} />
        <StatCard label="Pending" value={pending} />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" component={Link} to="/stats">
          Game Stats
        </Button>
        <Button variant="contained" component={Link} to="/backups">
          Game Backups
        </Button>
      </Stack>
      <UsersCard
        title="Pending Account Approvals"
        resource="users/pending"
        list="pending"
        empty="No pending approvals at this time."
      />
      <UsersCard title="All Users" resource="users" list="all" empty="No users found." />
    </Box>
  );
}
