// ra-data-simple-rest's list conventions, for any list route: `range`, `sort` and `filter` in the query
// string, the page as a JSON array, and `Content-Range: <resource> <first>-<last>/<total>` for the total.
// Use: `const list = parseListQuery(req, SPEC)`, filter a Knex query with `list.filter`, then
// `const page = await fetchPage(query, list)`, `setContentRange(res, list, page)`, `res.json(page.rows...)`.
import { listQuerySchema, MAX_PAGE_SIZE, reportedIssue } from '@dond/shared';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest } from './errors.js';
import { parseQuery } from './validate.js';

export type SortOrder = 'ASC' | 'DESC';

/** What one list route accepts. */
export interface ListSpec<Filter> {
  /** The name in the Content-Range header, e.g. 'users'. */
  resource: string;
  /** The fields a client may sort by, each mapped to its database column (nothing else reaches ORDER BY). */
  sortable: Readonly<Record<string, string>>;
  defaultSort: readonly [field: string, order: SortOrder];
  /** The filter object's schema; its errors name the field as `filter.<key>`. */
  filter: z.ZodType<Filter>;
  /** Column that breaks ties so pages never overlap or skip a row; defaults to 'id'. */
  uniqueColumn?: string;
}

export interface ListRequest<Filter> {
  resource: string;
  first: number;
  /** Rows on a page: the range's span, or MAX_PAGE_SIZE when the client sends no range. */
  limit: number;
  sortColumn: string;
  order: SortOrder;
  uniqueColumn: string;
  filter: Filter;
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** Reads `range`, `sort` and `filter` from the query string; bad input is a 400 naming the parameter. */
export function parseListQuery<Filter>(req: Request, spec: ListSpec<Filter>): ListRequest<Filter> {
  const query = parseQuery(listQuerySchema, req);
  const [first, last] = query.range ?? [0, MAX_PAGE_SIZE - 1];
  const [field, order] = query.sort ?? spec.defaultSort;
  const sortColumn = spec.sortable[field];
  if (!Object.hasOwn(spec.sortable, field) || sortColumn === undefined) {
    throw badRequest(`sort must be one of ${Object.keys(spec.sortable).join(', ')}`, 'sort');
  }
  const filter = spec.filter.safeParse(query.filter ?? {});
  if (!filter.success) {
    const issue = reportedIssue(filter.error.issues);
    throw badRequest(
      issue?.message ?? 'filter is not valid',
      issue?.field ? `filter.${issue.field}` : 'filter',
    );
  }
  return {
    resource: spec.resource,
    first,
    limit: last - first + 1,
    sortColumn,
    order,
    uniqueColumn: spec.uniqueColumn ?? 'id',
    filter: filter.data,
  };
}

/** One page of an already filtered query, in the requested order, with the filtered total. */
export async function fetchPage<Row>(
  query: Knex.QueryBuilder,
  list: ListRequest<unknown>,
): Promise<Page<Row>> {
  const counted = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  const direction = list.order === 'ASC' ? 'asc' : 'desc';
  const ordered = query.clone().orderBy(list.sortColumn, direction);
  if (list.sortColumn !== list.uniqueColumn) ordered.orderBy(list.uniqueColumn, direction);
  const rows = (await ordered.offset(list.first).limit(list.limit)) as Row[];
  return { rows, total: Number(counted?.total ?? 0) };
}

// `users 0-24/319`; a page past the end (or of nothing) has no range: `users */319`, as RFC 9110 writes it.
export function setContentRange(res: Response, list: ListRequest<unknown>, page: Page<unknown>): void {
  const range = page.rows.length === 0 ? '*' : `${list.first}-${list.first + page.rows.length - 1}`;
  res.set('Content-Range', `${list.resource} ${range}/${page.total}`);
}
