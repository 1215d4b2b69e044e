import {
  dailyGamesQuerySchema,
  gamesListFilterSchema,
  recoverGameRequestSchema,
  type ClearGamesResponse,
  type GamesListFilter,
} from '@dond/shared';
import express, { type Response, type Router } from 'express';
import type { RouterContext } from '../../routerContext.js';
import { requireAdmin } from '../../auth/guards.js';
import { csvRow, type CsvValue } from '../../http/csv.js';
import { conflict, notFound } from '../../http/errors.js';
import { parseListQuery, setContentRange, type ListSpec } from '../../http/listQuery.js';
import { parseBody, parseQuery } from '../../http/validate.js';
import type { GameRow } from '../games/games.repo.js';
import { saveGame } from '../games/games.service.js';
import { usersRepo } from '../users/users.repo.js';
import { adminGamesRepo } from './adminGames.repo.js';

export const GAMES_LIST: ListSpec<GamesListFilter> = {
  resource: 'games',
  sortable: {
    id: 'id',
    playedAt: 'played_at',
    finalAmount: 'final_amount',
    username: 'username',
    firstCaseSelected: 'first_case_selected',
    roundsCompleted: 'rounds_completed',
  },
  defaultSort: ['playedAt', 'DESC'],
  filter: gamesListFilterSchema,
};

export const PLAYER_GONE = 'The player of this backup no longer exists';

/** The export's columns: a game record's fields, lists as JSON. */
const EXPORT_COLUMNS: ReadonlyArray<[header: string, value: (row: GameRow) => CsvValue]> = [
  ['id', (r) => Number(r.id)],
  ['clientGameId', (r) => r.client_game_id],
  ['userId', (r) => (r.user_id === null ? null : Number(r.user_id))],
  ['username', (r) => r.username],
  ['customGiftSetId', (r) => (r.custom_gift_set_id === null ? null : Number(r.custom_gift_set_id))],
  ['firstCaseSelected', (r) => Number(r.first_case_selected)],
  ['playerCaseGiftId', (r) => Number(r.player_case_gift_id)],
  ['roundsCompleted', (r) => Number(r.rounds_completed)],
  ['gameOutcome', (r) => r.game_outcome],
  ['bankerOfferAccepted', (r) => Boolean(r.banker_offer_accepted)],
  ['finalAmount', (r) => Number(r.final_amount)],
  ['casesEliminated', (r) => r.cases_eliminated],
  ['giftIdsUsed', (r) => r.gift_ids_used],
  ['playedAt', (r) => new Date(Number(r.played_at)).toISOString()],
];
/** Rows read per query: big enough to be quick, small enough that memory stays flat whatever the table holds. */
const EXPORT_PAGE_SIZE = 1000;

/** dond-games-YYYYMMDD-HHMMSS.csv, in UTC. */
export function exportFileName(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `dond-games-${stamp}.csv`;
}

/** /api/admin/games: the games list, statistics, clearing, the CSV export and recovering backups. */
export function adminGamesRouter(ctx: RouterContext): Router {
  const router = express.Router();
  router.use(requireAdmin);
  const repo = adminGamesRepo(ctx.db);

  router.get('/', async (req, res) => {
    const list = parseListQuery(req, GAMES_LIST);
    const page = await repo.page(list);
    setContentRange(res, list, page);
    res.json(page.rows);
  });

  router.get('/stats', async (_req, res) => {
    res.json(await repo.stats());
  });

  router.get('/daily', async (req, res) => {
    const { days } = parseQuery(dailyGamesQuerySchema, req);
    res.json(await repo.daily(days, ctx.now()));
  });

  router.delete('/', async (_req, res) => {
    const answer: ClearGamesResponse = { deleted: await repo.clear() };
    res.json(answer);
  });

  // Read in id order, a page at a time, each page written only once the client has taken the last: memory
  // stays flat for any number of games, and on SQLite other requests get the connection between pages.
  router.get('/export', async (_req, res) => {
    let page = await repo.exportPage(0, EXPORT_PAGE_SIZE);
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(ctx.now())}"`,
    });
    res.write(csvRow(EXPORT_COLUMNS.map(([header]) => header)));
    while (page.length > 0) {
      if (!(await drained(res))) return;
      res.write(page.map((row) => csvRow(EXPORT_COLUMNS.map(([, value]) => value(row)))).join(''));
      if (page.length < EXPORT_PAGE_SIZE) break;
      page = await repo.exportPage(Number(page[page.length - 1]!.id), EXPORT_PAGE_SIZE);
    }
    res.end();
  });

  router.post('/recover', async (req, res) => {
    const backup = parseBody(recoverGameRequestSchema, req);
    const player = await usersRepo(ctx.db).findById(backup.userId);
    if (!player) throw notFound(PLAYER_GONE);
    if (player.username !== backup.username) {
      throw conflict(
        `This backup's username ${backup.username} is not the username of player ${backup.userId}`,
        'username',
      );
    }
    // The same rules and the same idempotency as the player's own save.
    const result = await saveGame(ctx.db, { id: player.id, username: player.username }, backup, ctx.now());
    res.status(result.created ? 201 : 200).json(result);
  });

  return router;
}

/** Waits until the client has taken what was written; false if it went away instead. */
function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  // Asked afresh each time: the buffer may have drained while the next page was being read.
  if (!res.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
