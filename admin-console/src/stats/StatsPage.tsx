import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useDataProvider, useGetList, useRefresh } from 'react-admin';
import {
  DAILY_GAMES_DEFAULT_DAYS,
  formatCoins,
  giftById,
  HISTORY_SCROLL_HEIGHT_PX,
  type GameRecord,
} from '@dond/shared';
import { failureMessage, GAMES_EXPORT_URL, type AdminDataProvider } from '../dataProvider';
import { Section, useToast } from '../layout';
import { DailyGamesChart } from './DailyGamesChart';
import { formatPlayedAt, outcomeLabel, rankMark, statCards } from './format';

/** SPEC 2 and 8's words on this screen. */
export const STATS_TEXT = {
  empty: 'No games have been played yet. Start playing to see statistics!',
  clearTitle: 'Clear All Statistics?',
  clearText:
    'This action cannot be undone. This will permanently delete all game statistics from the database. Are you sure you want to continue?',
  cleared: {
    title: 'Statistics Cleared',
    description: 'All game statistics have been deleted successfully.',
  },
  clearFailed: (message: string) => `Failed to clear statistics: ${message}`,
  exportStarted: { title: 'Export Started', description: 'Your CSV file is being downloaded.' },
} as const;

const PAGE_SIZES = [25, 50, 100];

type SortField = 'username' | 'firstCaseSelected' | 'roundsCompleted' | 'finalAmount' | 'playedAt';
type Sort = { field: SortField; order: 'ASC' | 'DESC' };

function PlayerGift({ giftId }: { giftId: number }) {
  const gift = giftById(giftId);
  if (!gift) return <>#{giftId}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <img src={gift.imageUrl} alt="" width={24} height={24} />
      <span style={{ whiteSpace: 'nowrap' }} title={formatCoins(gift.coins)}>
        {gift.name}
      </span>
    </Stack>
  );
}

function SortHeader({
  field,
  sort,
  onSort,
  children,
  numeric,
}: {
  field: SortField;
  sort: Sort;
  onSort: (sort: Sort) => void;
  children: string;
  numeric?: boolean;
}) {
  const active = sort.field === field;
  return (
    <TableCell
      align={numeric ? 'right' : 'left'}
      sortDirection={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
    >
      <TableSortLabel
        active={active}
        direction={active && sort.order === 'ASC' ? 'asc' : 'desc'}
        onClick={() => onSort({ field, order: active && sort.order === 'DESC' ? 'ASC' : 'DESC' })}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * 'All Games History': one page of games at a time from the server (range, sort, Content-Range total), in a
 * box that scrolls at 600 px, so a million games cost one page's rows.
 */
function GamesHistory({ onTotal }: { onTotal: (total: number) => void }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const [sort, setSort] = useState<Sort>({ field: 'playedAt', order: 'DESC' });
  const { data, total, isPending, error } = useGetList<GameRecord>(
    'games',
    { pagination: { page: page + 1, perPage }, sort },
    { placeholderData: keepPreviousData, retry: false },
  );
  useEffect(() => {
    if (total !== undefined) onTotal(total);
  }, [total, onTotal]);
  const changeSort = (next: Sort) => {
    setSort(next);
    setPage(0);
  };

  return (
    <>
      <TableContainer sx={{ maxHeight: HISTORY_SCROLL_HEIGHT_PX }} data-testid="history-scroll">
        <Table stickyHeader size="small" aria-label="All Games History">
          <TableHead>
            <TableRow>
              <SortHeader field="username" sort={sort} onSort={changeSort}>
                Player
              </SortHeader>
              <SortHeader field="firstCaseSelected" sort={sort} onSort={changeSort} numeric>
                First Case
              </SortHeader>
              <TableCell>Player&apos;s Gift</TableCell>
              <SortHeader field="roundsCompleted" sort={sort} onSort={changeSort} numeric>
                Rounds
              </SortHeader>
              <TableCell>Outcome</TableCell>
              <SortHeader field="finalAmount" sort={sort} onSort={changeSort} numeric>
                Winnings
              </SortHeader>
              <SortHeader field="playedAt" sort={sort} onSort={changeSort}>
                Date
              </SortHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending && (
              <TableRow>
                <TableCell colSpan={7}>Loading...</TableCell>
              </TableRow>
            )}
            {error && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Alert severity="error">{`Failed to load the games: ${failureMessage(error)}`}</Alert>
                </TableCell>
              </TableRow>
            )}
            {data?.map((game) => (
              <TableRow key={game.id} hover>
                <TableCell>{game.username}</TableCell>
                <TableCell align="right">#{game.firstCaseSelected}</TableCell>
                <TableCell>
                  <PlayerGift giftId={game.playerCaseGiftId} />
                </TableCell>
                <TableCell align="right">{game.roundsCompleted}</TableCell>
                <TableCell>{outcomeLabel(game.gameOutcome, 'history')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCoins(game.finalAmount)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPlayedAt(game.playedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? 0}
        page={total !== undefined && page * perPage >= total && page > 0 ? 0 : page}
        rowsPerPage={perPage}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </>
  );
}

function TopWinnings({ games }: { games: GameRecord[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Top 10 Highest Winnings">
        <TableHead>
          <TableRow>
            <TableCell>Rank</TableCell>
            <TableCell>Player</TableCell>
            <TableCell align="right">First Case</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell align="right">Winnings</TableCell>
            <TableCell>Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {games.map((game, i) => (
            <TableRow key={game.id} selected={i < 3}>
              <TableCell sx={{ fontWeight: i < 3 ? 700 : undefined, whiteSpace: 'nowrap' }}>
                {rankMark(i + 1)}
              </TableCell>
              <TableCell>{game.username}</TableCell>
              <TableCell align="right">#{game.firstCaseSelected}</TableCell>
              <TableCell>{outcomeLabel(game.gameOutcome, 'top')}</TableCell>
              <TableCell align="right">{formatCoins(game.finalAmount)}</TableCell>
              <TableCell>{formatPlayedAt(game.playedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /admin/stats: SPEC 2 "Statistics screen", plus games per day as a chart. */
export function StatsPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [listed, setListed] = useState<number | null>(null);
  // SPEC 7: always read afresh when the screen opens.
  const stats = useQuery({
    queryKey: ['admin', 'games', 'stats'],
    queryFn: () => dataProvider.getGameStats(),
    refetchOnMount: 'always',
    retry: false,
  });
  const daily = useQuery({
    queryKey: ['admin', 'games', 'daily', DAILY_GAMES_DEFAULT_DAYS],
    queryFn: () => dataProvider.getDailyGames(DAILY_GAMES_DEFAULT_DAYS),
    refetchOnMount: 'always',
    retry: false,
  });

  async function clearAll() {
    setClearing(true);
    try {
      await dataProvider.clearGames();
      toast(STATS_TEXT.cleared);
      setConfirmClear(false);
      refresh();
    } catch (error) {
      toast({
        title: 'Error',
        description: STATS_TEXT.clearFailed(failureMessage(error)),
        variant: 'destructive',
      });
    } finally {
      setClearing(false);
    }
  }

  const noGames = stats.data?.totalGames === 0;

  return (
    <Box sx={{ py: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to="/">
          ← Back to Admin
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Game Statistics
        </Typography>
        <Button
          variant="outlined"
          component="a"
          href={GAMES_EXPORT_URL}
          download
          onClick={() => toast(STATS_TEXT.exportStarted)}
        >
          Export CSV
        </Button>
        <Button variant="contained" color="error" onClick={() => setConfirmClear(true)}>
          Clear All Stats
        </Button>
      </Stack>

      {stats.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {`Failed to load statistics: ${failureMessage(stats.error)}`}
        </Alert>
      )}
      {stats.isPending && <Typography sx={{ mt: 2 }}>Loading...</Typography>}
      {stats.data && (
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          }}
        >
          {statCards(stats.data, listed ?? stats.data.totalGames).map((card) => (
            <Card key={card.label} role="group" aria-label={card.label}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ whiteSpace: 'nowrap' }}>
                  {card.value}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}

      {noGames && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography color="text.secondary">{STATS_TEXT.empty}</Typography>
          </CardContent>
        </Card>
      )}
      {stats.data && !noGames && (
        <>
          <Section title={`Games per Day (last ${DAILY_GAMES_DEFAULT_DAYS} days)`}>
            {daily.data ? (
              <DailyGamesChart days={daily.data} />
            ) : daily.error ? (
              <Alert severity="error">{`Failed to load the chart: ${failureMessage(daily.error)}`}</Alert>
            ) : (
              <Typography>Loading...</Typography>
            )}
          </Section>
          <Section title="Top 10 Highest Winnings">
            <TopWinnings games={stats.data.topWinnings} />
          </Section>
          <Section title="All Games History">
            <GamesHistory onTotal={setListed} />
          </Section>
        </>
      )}

      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)}>
        <DialogTitle>{STATS_TEXT.clearTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{STATS_TEXT.clearText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={clearing} onClick={clearAll}>
            Clear All
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
