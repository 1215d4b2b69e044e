import type { TuningDocument } from '@dond/shared';
import type { Db } from '../../db/knex.js';

/** A row of tuning_changes, with its publisher's username (null when the account is gone). */
export interface TuningChangeRow {
  id: number;
  document: string;
  published_by: number | null;
  published_at: number | string;
  rolled_back_from: number | null;
  username: string | null;
}

/** The history lists at most this many changes, newest first. */
export const TUNING_HISTORY_LIMIT = 100;

/** The published tunings of the board (issue 19): append-only, the newest row is the one players get. */
export function tuningRepo(db: Db) {
  const changes = () =>
    db<TuningChangeRow>('tuning_changes as t')
      .leftJoin('users as u', 'u.id', 't.published_by')
      .select('t.id', 't.document', 't.published_by', 't.published_at', 't.rolled_back_from', 'u.username');

  return {
    /** The change players get now, or undefined when nothing was ever published. */
    async newest(): Promise<TuningChangeRow | undefined> {
      return (await changes().orderBy('t.id', 'desc').first()) as TuningChangeRow | undefined;
    },

    async find(id: number): Promise<TuningChangeRow | undefined> {
      return (await changes().where('t.id', id).first()) as TuningChangeRow | undefined;
    },

    /** The newest changes first, without their documents. */
    async history(limit = TUNING_HISTORY_LIMIT): Promise<Omit<TuningChangeRow, 'document'>[]> {
      return db('tuning_changes as t')
        .leftJoin('users as u', 'u.id', 't.published_by')
        .select('t.id', 't.published_by', 't.published_at', 't.rolled_back_from', 'u.username')
        .orderBy('t.id', 'desc')
        .limit(limit);
    },

    /** Publishes a document as a new change; answers the change as stored. */
    async insert(input: {
      document: TuningDocument;
      publishedBy: number;
      now: number;
      rolledBackFrom?: number;
    }): Promise<TuningChangeRow> {
      const [id] = (await db('tuning_changes').insert({
        document: JSON.stringify(input.document),
        published_by: input.publishedBy,
        published_at: input.now,
        rolled_back_from: input.rolledBackFrom ?? null,
      })) as number[];
      return (await this.find(Number(id)))!;
    },
  };
}
