import {
  DEFAULT_AUDIENCE_SOURCE_SETTINGS,
  type AudienceSources as AudienceSourcesAnswer,
  type AudienceSourceSettings,
} from '@dond/shared';
import { accountProblem } from '../../auth/account.js';
import type { Db } from '../../db/knex.js';
import { LOOPBACK_HOSTS, type HostAllowlist } from '../../http/hostAllowlist.js';
import { SESSION_USER_COLUMNS, toSessionUser, type SessionUserRow } from '../users/users.repo.js';
import type { AudienceEngine } from './audience.engine.js';
import { TikTokConnectorSource, type TikTokConnectorOptions } from './sources/connector.js';
import type { AudienceSource, Backoff, SourceCounters } from './sources/source.js';
import { TikFinitySource } from './sources/tikfinity.js';

type Kind = AudienceSource['kind'];
const KINDS: readonly Kind[] = ['tikfinity', 'tiktok'];
const STOPPED = { status: 'stopped' } as const;

interface SourcesRow {
  user_id: number;
  tikfinity_enabled: boolean | number;
  tikfinity_url: string;
  tiktok_enabled: boolean | number;
  tiktok_username: string;
}

export interface AudienceSourcesOptions {
  /** Back-off of the sources' reconnects (the sources' own default unless given). */
  backoff?: Partial<Backoff>;
  /** What the TikTok source is made with besides its username (tests give a library that stays offline). */
  tiktok?: Pick<TikTokConnectorOptions, 'library' | 'connectionOptions' | 'connectTimeoutMs'>;
  /** The hosts a TikFinity source may connect to (AUDIENCE_SOURCE_HOSTS); the loopback ones unless given. */
  hosts?: HostAllowlist;
}

interface Running {
  source: AudienceSource;
  /** What it was started with: the same settings saved again leave it running. */
  target: string;
}

const fromRow = (row: SourcesRow | undefined): AudienceSourceSettings =>
  row
    ? {
        tikfinity: { enabled: Boolean(row.tikfinity_enabled), url: row.tikfinity_url },
        tiktok: { enabled: Boolean(row.tiktok_enabled), username: row.tiktok_username },
      }
    : structuredClone(DEFAULT_AUDIENCE_SOURCE_SETTINGS);

/**
 * The streamers' event sources in this process (docs/decisions/0037-audience-sources.md): per streamer at most one
 * TikFinity source and one tiktok-live-connector source, each feeding the engine. One per process, owned by the
 * app; close() stops them all.
 */
export class AudienceSources {
  private readonly running = new Map<number, Partial<Record<Kind, Running>>>();
  /** Saves of one streamer run one after the other, so two at once cannot leave two sources of a kind. */
  private readonly queues = new Map<number, Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly deps: {
      db: Db;
      engine: AudienceEngine;
      now: () => number;
      log: (message: string, error?: unknown) => void;
      options?: AudienceSourcesOptions;
    },
  ) {}

  /** Where this process's TikFinity sources may connect (the router refuses other URLs with a 400). */
  get hosts(): HostAllowlist {
    return this.deps.options?.hosts ?? LOOPBACK_HOSTS;
  }

  async settings(userId: number): Promise<AudienceSourceSettings> {
    return fromRow(await this.deps.db<SourcesRow>('audience_sources').where({ user_id: userId }).first());
  }

  /** The settings, each source's state (null: none runs in this process) and its counts. */
  async describe(userId: number): Promise<AudienceSourcesAnswer> {
    const settings = await this.settings(userId);
    const mine = this.running.get(userId) ?? {};
    const counters = (kind: Kind) => {
      const c: Partial<SourceCounters> = mine[kind]?.source.counters ?? {};
      return { received: c.events ?? 0, ignored: c.ignored ?? 0, malformed: c.malformed ?? 0 };
    };
    return {
      settings,
      // Off: stopped; on but not running in this process (another instance runs it): null.
      state: {
        tikfinity: mine.tikfinity?.source.state ?? (settings.tikfinity.enabled ? null : STOPPED),
        tiktok: mine.tiktok?.source.state ?? (settings.tiktok.enabled ? null : STOPPED),
      },
      counters: { tikfinity: counters('tikfinity'), tiktok: counters('tiktok') },
    };
  }

  /** Keeps the settings, then starts, restarts or stops each source to match. */
  save(userId: number, settings: AudienceSourceSettings): Promise<AudienceSourcesAnswer> {
    return this.serially(userId, async () => {
      const row = {
        tikfinity_enabled: settings.tikfinity.enabled,
        tikfinity_url: settings.tikfinity.url,
        tiktok_enabled: settings.tiktok.enabled,
        tiktok_username: settings.tiktok.username,
        updated_at: this.deps.now(),
      };
      await this.deps
        .db('audience_sources')
        .insert({ user_id: userId, ...row })
        .onConflict('user_id')
        .merge(row);
      // An account disabled while this save waited in line keeps its settings and runs nothing.
      await this.apply(userId, (await this.mayRun(userId)) ? settings : null);
      return this.describe(userId);
    });
  }

  /** At boot: starts every source a streamer left enabled, if their account may still play; answers how many streamers. */
  async resume(): Promise<number> {
    const rows = await this.deps
      .db<SourcesRow>('audience_sources')
      .where({ tikfinity_enabled: true })
      .orWhere({ tiktok_enabled: true });
    let resumed = 0;
    for (const row of rows) {
      const userId = Number(row.user_id);
      await this.serially(userId, async () => {
        if (!(await this.mayRun(userId))) return;
        await this.apply(userId, fromRow(row));
        resumed += 1;
      });
    }
    return resumed;
  }

  /** Stops the streamer's sources in this process at once (their account may no longer play); the settings stay. */
  stopFor(userId: number): Promise<void> {
    return this.serially(userId, () => this.apply(userId, null));
  }

  /** Stops every source; nothing starts after. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.queues.values()]);
    const all = [...this.running.values()].flatMap((mine) => KINDS.map((kind) => mine[kind]?.source));
    this.running.clear();
    await Promise.all(all.map((source) => source?.stop()));
  }

  private serially<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const before = this.queues.get(userId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(run);
    this.queues.set(userId, next);
    const forget = () => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    };
    next.then(forget, forget);
    return next;
  }

  /** Whether the account exists and may play now: the sign-in's own rule (approved, not expired). */
  private async mayRun(userId: number): Promise<boolean> {
    const row = await this.deps
      .db<SessionUserRow>('users')
      .where({ id: userId })
      .first(...SESSION_USER_COLUMNS);
    return row !== undefined && accountProblem(toSessionUser(row), this.deps.now()) === null;
  }

  private async stopUnlessMayRun(userId: number): Promise<void> {
    try {
      if (!(await this.mayRun(userId))) await this.stopFor(userId);
    } catch (error) {
      this.deps.log('audience: checking the account of a reconnecting source failed', error);
    }
  }

  /** Starts, restarts or stops each source to match `settings` (null: none runs). */
  private async apply(userId: number, settings: AudienceSourceSettings | null): Promise<void> {
    const targets: Record<Kind, string | null> = {
      tikfinity: settings?.tikfinity.enabled ? settings.tikfinity.url : null,
      tiktok: settings?.tiktok.enabled && settings.tiktok.username ? settings.tiktok.username : null,
    };
    const mine = this.running.get(userId) ?? {};
    this.running.set(userId, mine);
    for (const kind of KINDS) {
      const current = mine[kind];
      const target = this.closed ? null : targets[kind];
      if (current && current.target === target) continue;
      if (current) {
        delete mine[kind];
        await current.source.stop();
      }
      if (target === null) continue;
      let source: AudienceSource;
      try {
        source = this.make(userId, kind, target);
      } catch (error) {
        // A URL the schema let through and the source does not take (a port past 65535): nothing runs.
        this.deps.log(`audience: the ${kind} source could not be made`, error);
        continue;
      }
      mine[kind] = { source, target };
      // Before each reconnect: an account that expired meanwhile, or was ended on another instance, stops here.
      source.onState((state) => {
        if (state.status === 'reconnecting') void this.stopUnlessMayRun(userId);
      });
      source.start();
    }
    if (!mine.tikfinity && !mine.tiktok) this.running.delete(userId);
  }

  private make(userId: number, kind: Kind, target: string): AudienceSource {
    const onEvent = (event: unknown) => {
      this.deps.engine
        .receive(userId, event)
        .catch((error: unknown) => this.deps.log(`audience: an event of ${kind} was lost`, error));
    };
    const { backoff, tiktok, hosts } = this.deps.options ?? {};
    return kind === 'tikfinity'
      ? new TikFinitySource({ url: target, onEvent, backoff, hosts })
      : new TikTokConnectorSource({ ...tiktok, username: target, onEvent, backoff });
  }
}
