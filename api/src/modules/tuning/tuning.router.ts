import {
  DEFAULT_TUNING_DOCUMENT,
  reportedIssue,
  tuningDocumentSchema,
  tuningProblems,
  tuningRollbackSchema,
  type PublishedTuning,
  type TuningChange,
  type TuningDocument,
  type TuningHistory,
} from '@dond/shared';
import express, { type Router } from 'express';
import type { z } from 'zod';
import { currentUser, requireAdmin } from '../../auth/guards.js';
import { AppError, notFound } from '../../http/errors.js';
import { objectBody, parseBody } from '../../http/validate.js';
import type { RouterContext } from '../../routerContext.js';
import { tuningRepo, type TuningChangeRow } from './tuning.repo.js';

/** What players get while nothing is published (or what is published no longer parses). */
export const DEFAULT_PUBLISHED_TUNING: PublishedTuning = {
  id: null,
  tuning: DEFAULT_TUNING_DOCUMENT,
  publishedAt: null,
  publishedBy: null,
};

export const noSuchChange = (id: number) => notFound(`There is no tuning change ${id}`);

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A stored document read with the current schema: its data, or the error that says why it no longer fits. */
function readDocument(row: TuningChangeRow): z.ZodSafeParseResult<TuningDocument> {
  let json: unknown;
  try {
    json = JSON.parse(row.document);
  } catch {
    json = undefined;
  }
  return tuningDocumentSchema.safeParse(json);
}

function published(row: TuningChangeRow, tuning: TuningDocument): PublishedTuning {
  return { id: Number(row.id), tuning, publishedAt: iso(row.published_at), publishedBy: row.username };
}

/**
 * A tuning document refused: 400 with the first problem (the field's path and the rule) as `error`, its path as
 * `field`, and every problem, one a line, as `details`.
 */
function badTuning(error: z.ZodError): AppError {
  const problems = tuningProblems(error);
  const field = reportedIssue(error.issues)?.field || undefined;
  return new AppError(
    400,
    problems[0] ?? 'The tuning is not valid',
    field,
    {},
    { details: problems.join('\n') },
  );
}

/** GET /api/tuning: the board's published animation tuning, for every player and stage (no sign-in). */
export function tuningRouter({ db, log }: RouterContext): Router {
  const repo = tuningRepo(db);
  const router = express.Router();
  // A change whose document no longer parses is logged once, not on every page load.
  const warned = new Set<number>();

  router.get('/', async (_req, res) => {
    const row = await repo.newest();
    if (!row) return void res.json(DEFAULT_PUBLISHED_TUNING);
    const read = readDocument(row);
    if (read.success) return void res.json(published(row, read.data));
    if (!warned.has(Number(row.id))) {
      warned.add(Number(row.id));
      log(
        `the published tuning (change ${row.id}) no longer parses: serving the defaults until a new one is published`,
        read.error,
      );
    }
    res.json(DEFAULT_PUBLISHED_TUNING);
  });
  return router;
}

/** /api/admin/tuning: publishing a tuning, the history of changes, and rolling back to one of them. */
export function adminTuningRouter({ db, now }: RouterContext): Router {
  const repo = tuningRepo(db);
  const router = express.Router();
  router.use(requireAdmin);

  router.put('/', async (req, res) => {
    const body = tuningDocumentSchema.safeParse(objectBody(req));
    if (!body.success) throw badTuning(body.error);
    const row = await repo.insert({ document: body.data, publishedBy: currentUser(req).id, now: now() });
    res.json(published(row, body.data));
  });

  router.get('/history', async (_req, res) => {
    const changes = (await repo.history()).map((row): TuningChange => ({
      id: Number(row.id),
      publishedAt: iso(row.published_at),
      publishedBy: row.username,
      rolledBackFrom: row.rolled_back_from === null ? null : Number(row.rolled_back_from),
    }));
    res.json({ changes } satisfies TuningHistory);
  });

  router.post('/rollback', async (req, res) => {
    const { id } = parseBody(tuningRollbackSchema, req);
    const earlier = await repo.find(id);
    if (!earlier) throw noSuchChange(id);
    const read = readDocument(earlier);
    if (!read.success) {
      throw new AppError(
        422,
        `The tuning of change ${id} no longer fits the current schema (${tuningProblems(read.error)[0]}): publish a new one instead`,
        'id',
      );
    }
    const row = await repo.insert({
      document: read.data,
      publishedBy: currentUser(req).id,
      now: now(),
      rolledBackFrom: id,
    });
    res.json(published(row, read.data));
  });
  return router;
}
