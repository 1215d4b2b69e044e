import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TablePagination, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
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
    <Card role="group" aria-label={label} sx={{ flex: 1, minWidth: 160 }}>
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

/** How many rows a dashboard list shows at once; more are a page away. */
export const LIST_SIZE = 100;

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
  const [page, setPage] = useState(0);
  const { data, total, isPending, error } = useGetList<AdminUser>(
    resource,
    { pagination: { page: page + 1, perPage: LIST_SIZE }, sort: { field: 'createdAt', order: 'DESC' } },
    { placeholderData: keepPreviousData },
  );
  // After deletions the page may be past the end: show the last one there is.
  const lastPage = Math.max(0, Math.ceil((total ?? 0) / LIST_SIZE) - 1);
  if (total !== undefined && page > lastPage) setPage(lastPage);
  return (
    <Card component="section" aria-label={title} sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {isPending ? (
          <Typography>Loading...</Typography>
        ) : error || !data || data.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Box component="ul" aria-label={title} sx={{ p: 0, m: 0 }}>
            {data.map((user) => (
              <UserRow key={user.id} user={user} list={list} />
            ))}
          </Box>
        )}
        {(total ?? 0) > LIST_SIZE && (
          <TablePagination
            component="div"
            count={total ?? 0}
            page={Math.min(page, lastPage)}
            rowsPerPage={LIST_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next)}
          />
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
