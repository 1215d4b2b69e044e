import {
  CASE_COUNT,
  GAME_OUTCOMES,
  TOP_WINNINGS_COUNT,
  type DailyGames,
  type GameOutcome,
  type GameRecord,
  type GameStats,
  type GamesListFilter,
} from '@dond/shared';
import type { Knex } from 'knex';
import { translatingDriverErrors } from '../../db/driverErrors.js';
import type { Db } from '../../db/knex.js';
import { fetchPage, type ListRequest, type Page } from '../../http/listQuery.js';
import { toGameRecord, type GameRow } from '../games/games.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A LIKE pattern for "starts with", with the wildcards of the text escaped by '!'. */
const startsWith = (text: string) => `${text.toLowerCase().replace(/[!%_]/g, '!$&')}%`;

/** The games of the admin console: the list, the statistics, the daily chart, clearing and the export. */
export function adminGamesRepo(db: Db) {
  const games = () => db<GameRow>('games');

  /** Accounts whose username starts with the search, regardless of case (username_key is lower-cased). */
  const matchingAccounts = (pattern: string) =>
    db('users').select('id').whereRaw("username_key LIKE ? ESCAPE '!'", [pattern]);
  // Games of deleted accounts keep only their username.
  const formerPlayerMatches = (pattern: string) => (q: Knex.QueryBuilder) =>
    q.whereNull('user_id').andWhereRaw("LOWER(username) LIKE ? ESCAPE '!'", [pattern]);

  return translatingDriverErrors({
    /**
     * A page of the admin list. Without a search, each sort walks its own index (see the migration); the
     * outcome filter rides the playedAt index that starts with the outcome, and for the other sorts it is
     * checked on each game the walk meets. With a username search, SQLite (which keeps no statistics) cannot
     * tell a search matching a handful of games from one matching most of them, so the choice is made here
     * from index-only counts: start from the matching players' games (the user_id index), or walk the sort
     * index checking each game's player, whichever visits fewer rows. A one-letter search stays quick.
     */
    async page(list: ListRequest<GamesListFilter>): Promise<Page<GameRecord>> {
      const { q, gameOutcome } = list.filter;
      const outcomeLeads = list.sortColumn === 'played_at';
      // `indexed` false hides the outcome from the index choice (LOWER of a lower-case value is the value).
      const ofOutcome = (indexed: boolean) => {
        if (!gameOutcome) return games();
        return indexed
          ? games().where('game_outcome', gameOutcome)
          : games().whereRaw('LOWER(game_outcome) = ?', [gameOutcome]);
      };
      if (!q && (!gameOutcome || outcomeLeads)) {
        const page = await fetchPage<GameRow>(ofOutcome(true), list);
        return { rows: page.rows.map(toGameRecord), total: page.total };
      }
      const inScope = await countOf(ofOutcome(true));
      let total = inScope;
      let source = ofOutcome(false);
      if (q) {
        const pattern = startsWith(q);
        const formerGames = await countOf(games().where(formerPlayerMatches(pattern)));
        // An OR stops MySQL from running the IN as a join, so deleted accounts join in only when they matter.
        const ofPlayers = (userId: 'user_id' | 'COALESCE(user_id, 0)') => (w: Knex.QueryBuilder) => {
          w.whereRaw(`${userId} IN ?`, [matchingAccounts(pattern)]);
          if (formerGames > 0) w.orWhere(formerPlayerMatches(pattern));
        };
        // From the players' games, or (COALESCE tests the same but hides user_id from the index choice) along
        // the sort index.
        const fromPlayers = () => ofOutcome(false).where(ofPlayers('user_id'));
        const fromIndex = () => ofOutcome(outcomeLeads).where(ofPlayers('COALESCE(user_id, 0)'));
        const playersGames = await countOf(games().where(ofPlayers('user_id')));
        total = gameOutcome
          ? await countOf(playersGames <= inScope ? fromPlayers() : fromIndex())
          : playersGames;
        if (total === 0) return { rows: [], total };
        // The walk visits about (first + limit) x walked / total games; starting from the players visits theirs.
        const walked = outcomeLeads || !gameOutcome ? inScope : await countOf(games());
        source = (list.first + list.limit) * (walked / total) < playersGames ? fromIndex() : fromPlayers();
      }
      // Ordered as fetchPage orders, for a total counted another way.
      const direction = list.order === 'ASC' ? 'asc' : 'desc';
      source.orderBy(list.sortColumn, direction);
      if (list.sortColumn !== list.uniqueColumn) source.orderBy(list.uniqueColumn, direction);
      const rows = (await source.offset(list.first).limit(list.limit)) as GameRow[];
      return { rows: rows.map(toGameRecord), total };
    },

    /**
     * The statistics from indexes only, never the rows: the games, coins and deals come from one count and
     * sum for each outcome and first case (equality ranges of games_stats_idx, quicker than a GROUP BY).
     */
    async stats(): Promise<GameStats> {
      const cells = GAME_OUTCOMES.flatMap((outcome) =>
        Array.from({ length: CASE_COUNT }, (_, i) =>
          games()
            .select(db.raw('? as outcome, ? as first_case', [outcome, i + 1]))
            .count({ games: '*' })
            .sum({ winnings: 'final_amount' })
            .where({ game_outcome: outcome, first_case_selected: i + 1 }),
        ),
      );
      const [firstCell, ...otherCells] = cells;
      const byCell = (await firstCell!.unionAll(otherCells)) as unknown as Array<{
        outcome: GameOutcome;
        first_case: number | string;
        games: number | string;
        winnings: number | string | null;
      }>;
      const [players] = (await db.select({
        withAccount: db('users')
          .count('*')
          .whereExists(games().select(db.raw('1')).whereRaw('games.user_id = users.id')),
        // A deleted account's games keep only its name.
        formerAccounts: games().countDistinct('username').whereNull('user_id'),
      })) as Array<{ withAccount: number | string; formerAccounts: number | string }>;
      const top = await games()
        .orderBy('final_amount', 'desc')
        .orderBy('id', 'desc')
        .limit(TOP_WINNINGS_COUNT);

      let totalGames = 0;
      let totalWinnings = 0;
      let deals = 0;
      const byFirstCase = new Map<number, number>();
      for (const cell of byCell) {
        const count = Number(cell.games);
        const firstCase = Number(cell.first_case);
        totalGames += count;
        totalWinnings += Number(cell.winnings ?? 0);
        if (cell.outcome === 'banker_accepted') deals += count;
        byFirstCase.set(firstCase, (byFirstCase.get(firstCase) ?? 0) + count);
      }
      let mostCommonFirstCase: number | null = null;
      let mostGames = 0;
      // In case order, so a tie goes to the lower case number.
      for (let firstCase = 1; firstCase <= CASE_COUNT; firstCase++) {
        const count = byFirstCase.get(firstCase) ?? 0;
        if (count > mostGames) {
          mostCommonFirstCase = firstCase;
          mostGames = count;
        }
      }
      return {
        totalGames,
        totalPlayers: Number(players?.withAccount ?? 0) + Number(players?.formerAccounts ?? 0),
        averageWinnings: totalGames === 0 ? 0 : twoDecimals(totalWinnings / totalGames),
        bankerAcceptanceRate: percent(deals, totalGames),
        mostCommonFirstCase,
        topWinnings: top.map(toGameRecord),
      };
    },

    /** Games and winnings per UTC day for the last `days` days (today included), oldest first, empty days too. */
    async daily(days: number, now: number): Promise<DailyGames> {
      const firstDay = now - (now % DAY_MS) - (days - 1) * DAY_MS;
      // One row per day from a recursive CTE, each counted by its own range read of the (played_at,
      // final_amount) index: no sort. Grouping the games by their day instead made SQLite sort every game of
      // the range in a temp B-tree (a year of 1,000,000 games: 164 ms; this way 52 ms, `npm run bench`).
      // Plain SQL that both engines run as is.
      const lastDay = firstDay + (days - 1) * DAY_MS;
      const ofTheDay = `from games where played_at >= day_start and played_at < day_start + ${DAY_MS}`;
      const rows = (await db
        .withRecursive(
          'days',
          ['day_start'],
          db.raw(`select ? union all select day_start + ${DAY_MS} from days where day_start < ?`, [
            firstDay,
            lastDay,
          ]),
        )
        .from('days')
        .select(
          'day_start',
          db.raw(`(select count(*) ${ofTheDay}) as games`),
          db.raw(`(select sum(final_amount) ${ofTheDay}) as winnings`),
        )
        .orderBy('day_start')) as Array<{
        day_start: number | string;
        games: number | string;
        winnings: number | string | null;
      }>;
      return rows.map((row) => ({
        day: utcDay(Number(row.day_start)),
        games: Number(row.games),
        totalWinnings: Number(row.winnings ?? 0),
      }));
    },

    /** Deletes every game; answers how many there were. */
    async clear(): Promise<number> {
      return games().del();
    },

    /** The next games after `afterId` in id order: the export reads the table in these pages. */
    async exportPage(afterId: number, size: number): Promise<GameRow[]> {
      return games().where('id', '>', afterId).orderBy('id', 'asc').limit(size);
    },
  });
}

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}
