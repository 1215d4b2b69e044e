import {
  audienceEventSchema,
  caseCallIn,
  shownViewerName,
  voteIn,
  type AudienceEvent,
  type Clock,
  AUDIENCE_LIKES_PUSH_MS,
  giftRuleFor,
  giftWeight,
  type AudienceGift,
  type AudienceGiftEffect,
  type AudienceGiftRule,
  type AudienceLeaderboard,
  type AudienceMode,
  type AudienceSettings,
  type AudienceState,
  type LiveGamePublic,
} from '@dond/shared';
import type { Db } from '../../db/knex.js';
import { AppError } from '../../http/errors.js';
import { liveGamesRepo } from '../liveGames/liveGames.repo.js';
import type { LiveGamesService, Player } from '../liveGames/liveGames.service.js';
import type { LiveGameEvent, LiveGameEvents } from '../stage/liveGameEvents.js';
import {
  audienceRepo,
  STREAM_SCOPE,
  type ScoreIncrement,
  type ScoreRow,
  type StoredAudienceSettings,
} from './audience.repo.js';

/**
 * At most one `audience` push per streamer in this long (1,000 chat lines a second make fifty pushes): short
 * enough that a vote is on the stage well within 100 ms, long enough that a burst is not a push per line.
 */
export const AUDIENCE_PUSH_INTERVAL_MS = 20;
/** Message ids remembered per streamer to drop repeats (the newest this many; older ones are forgotten). */
export const RECENT_MESSAGE_IDS = 10_000;
/** How long a streamer's settings are taken from memory before they are read again (another instance's change). */
export const SETTINGS_TTL_MS = 2_000;
/** How often the viewers' votes and diamonds are written to the database (in one transaction). */
export const SCORES_FLUSH_MS = 1_000;

type Vote = 'deal' | 'noDeal';

/** A window of the chat: open while the game waits in one state (its id and seq). */
interface AudienceWindow {
  kind: 'vote' | 'call';
  gameId: string;
  seq: number;
  endsAt: number;
  timer: unknown;
  /** Each viewer's last vote, or last case called. */
  votes: Map<string, Vote>;
  calls: Map<string, number>;
  /** When each case was first called in the window (its order), for ties. */
  firstCalled: Map<number, number>;
  /** Votes given by gifts (weighted by their diamonds), added to the viewers' own. */
  giftVotes: Record<Vote, number>;
  /** Each viewer's gifts' weight, backing the case they call (held until they call one). */
  giftCalls: Map<string, number>;
  /** The cases a call may name: unopened, and not the player's own. */
  openable: Set<number>;
  /** This instance hears the streamer's bus while the window is open (chat lines, other instances' actions). */
  unsubscribe: () => void;
}

/** What the engine holds of one streamer in this process. */
interface Stream {
  player: Player | null;
  /** The streamer's live game this instance saw last: what an `audience` push is about when no window is open. */
  gameId: string | null;
  window: AudienceWindow | null;
  /** Recent message ids, oldest first (a Set keeps insertion order): the LRU of de-duplication. */
  seen: Set<string>;
  dropped: number;
  lastPush: number;
  pushTimer: unknown;
  /** The stream's likes in this run, and those not pushed yet (likes are pushed added up). */
  likes: number;
  likesPending: { viewerName: string; count: number } | null;
  likesTimer: unknown;
}

/** A viewer's pending increments, added to the database at the next flush. */
interface PendingScore {
  userId: number;
  gameId: string | null;
  viewerId: string;
  nickname: string;
  votes: number;
  diamonds: number;
}

export interface AudienceEngineDeps {
  db: Db;
  /** The windows' time and timers, the pushes' and the likes' (a manual clock in tests). */
  clock: Clock;
  /** The bus it listens to: each state this process applies (LiveGameEvents.listenToStates), chat, other instances. */
  events: LiveGameEvents;
  /** The app's live games service, through which a window's result is applied as the player's action. */
  games: LiveGamesService;
  log: (message: string, error?: unknown) => void;
}

const closedState = (mode: AudienceMode): AudienceState => ({
  mode,
  open: false,
  endsAt: null,
  votes: { deal: 0, noDeal: 0 },
  calls: {},
});

/**
 * The stream's audience (issue 20; docs/decisions/0036-audience-engine.md): takes the normalized events of a
 * streamer's sources, opens a window of the chat when the streamer's live game waits for a vote or a case, counts
 * it, and applies its result as the player's action through the live games service. One per app: it listens to
 * the app's bus for the states this process applies, and the service knows nothing of it.
 */
export class AudienceEngine {
  private readonly streams = new Map<number, Stream>();
  private readonly settingsCache = new Map<number, { settings: StoredAudienceSettings; at: number }>();
  private readonly pending = new Map<string, PendingScore>();
  private readonly repo: ReturnType<typeof audienceRepo>;
  private readonly flusher: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private flushing: Promise<void> = Promise.resolve();
  private order = 0;
  private closed = false;

  constructor(private readonly deps: AudienceEngineDeps) {
    this.repo = audienceRepo(deps.db);
    this.stopListening = deps.events.listenToStates({
      applied: (player, game) => this.gameChanged(player, game),
      read: (userId, game) => this.stateFor(userId, game),
    });
    this.flusher = setInterval(() => void this.flush(), SCORES_FLUSH_MS);
    this.flusher.unref();
  }

  private stream(userId: number): Stream {
    let stream = this.streams.get(userId);
    if (!stream) {
      stream = {
        player: null,
        gameId: null,
        window: null,
        seen: new Set(),
        dropped: 0,
        lastPush: 0,
        pushTimer: null,
        likes: 0,
        likesPending: null,
        likesTimer: null,
      };
      this.streams.set(userId, stream);
    }
    return stream;
  }

  // ---- settings ----------------------------------------------------------------------------------------------

  async settings(userId: number): Promise<StoredAudienceSettings> {
    const cached = this.settingsCache.get(userId);
    if (cached && this.deps.clock.now() - cached.at < SETTINGS_TTL_MS) return cached.settings;
    const settings = await this.repo.settings(userId);
    this.settingsCache.set(userId, { settings, at: this.deps.clock.now() });
    return settings;
  }

  async saveSettings(userId: number, settings: AudienceSettings): Promise<AudienceSettings> {
    await this.repo.saveSettings(userId, settings, this.deps.clock.now());
    this.settingsCache.delete(userId);
    // A window of another mode than the one chosen now closes, applying nothing.
    const window = this.streams.get(userId)?.window;
    if (window && window.kind !== settings.mode) {
      this.closeWindow(userId);
      this.schedulePush(userId);
    }
    return { mode: settings.mode, windowSeconds: settings.windowSeconds };
  }

  async blocklist(userId: number): Promise<string[]> {
    return [...(await this.settings(userId)).blockedWords];
  }

  async saveBlocklist(userId: number, words: readonly string[]): Promise<string[]> {
    const unique = [...new Set(words)];
    await this.repo.saveBlocklist(userId, unique, this.deps.clock.now());
    this.settingsCache.delete(userId);
    return unique;
  }

  async giftRules(userId: number): Promise<AudienceGiftRule[]> {
    return [...(await this.settings(userId)).giftRules];
  }

  async saveGiftRules(userId: number, rules: readonly AudienceGiftRule[]): Promise<AudienceGiftRule[]> {
    await this.repo.saveGiftRules(userId, rules, this.deps.clock.now());
    this.settingsCache.delete(userId);
    return [...rules];
  }

  // ---- the live game's state ---------------------------------------------------------------------------------

  /** The audience part of a game's public state, as this instance knows it. */
  async stateFor(userId: number, game: LiveGamePublic): Promise<AudienceState> {
    const { mode } = await this.settings(userId);
    const window = this.streams.get(userId)?.window;
    if (window && window.gameId === game.id && window.seq === game.seq) return this.windowState(mode, window);
    return closedState(mode);
  }

  /**
   * A new state of the player's game (from the player, or from the audience's own result): an open window of an
   * earlier state closes without applying anything (the streamer overrides it), and the window the new state
   * asks for opens. Answers the audience state to send with the game.
   */
  async gameChanged(player: Player, game: LiveGamePublic): Promise<AudienceState> {
    const stream = this.stream(player.id);
    stream.player = player;
    stream.gameId = game.id;
    const hadWindow = stream.window !== null;
    if (hadWindow) this.closeWindow(player.id);
    let settings: StoredAudienceSettings;
    try {
      settings = await this.settings(player.id);
    } catch (error) {
      // The action is applied already: its answer does not fail for the audience's sake; no window opens.
      this.deps.log('reading the audience settings failed', error);
      if (hadWindow) this.schedulePush(player.id);
      return closedState(this.settingsCache.get(player.id)?.settings.mode ?? 'off');
    }
    // Another state's window opened while the settings were read: the state answered last has the window.
    if (stream.window) this.closeWindow(player.id);
    const kind = windowKind(settings.mode, game);
    if (kind && !this.closed) this.openWindow(player.id, kind, game, settings.windowSeconds);
    const window = stream.window as AudienceWindow | null;
    // The game's push carries the state too; a screen that follows only the audience hears it as well.
    if (hadWindow || window) this.schedulePush(player.id);
    return window ? this.windowState(settings.mode, window) : closedState(settings.mode);
  }

  private openWindow(userId: number, kind: 'vote' | 'call', game: LiveGamePublic, seconds: number): void {
    const stream = this.stream(userId);
    const ms = seconds * 1000;
    const window: AudienceWindow = {
      kind,
      gameId: game.id,
      seq: game.seq,
      endsAt: this.deps.clock.now() + ms,
      timer: this.deps.clock.setTimeout(() => void this.endWindow(userId, window), ms),
      votes: new Map(),
      calls: new Map(),
      firstCalled: new Map(),
      giftVotes: { deal: 0, noDeal: 0 },
      giftCalls: new Map(),
      openable: new Set(
        game.cases.filter((c) => !c.opened && c.number !== game.playerCase).map((c) => c.number),
      ),
      unsubscribe: this.deps.events.subscribe(userId, (event) => this.heard(userId, window, event)),
    };
    stream.window = window;
  }

  /** Closes the streamer's open window, applying nothing. */
  private closeWindow(userId: number): void {
    const stream = this.streams.get(userId);
    const window = stream?.window;
    if (!stream || !window) return;
    this.deps.clock.clearTimeout(window.timer);
    window.unsubscribe();
    stream.window = null;
  }

  /** The window's time is up: its result is applied as the player's action; none (a tie, silence) applies nothing. */
  private async endWindow(userId: number, window: AudienceWindow): Promise<void> {
    const stream = this.streams.get(userId);
    if (!stream || stream.window !== window) return;
    this.closeWindow(userId);
    const action = resultOf(window);
    if (!action || !stream.player) {
      this.schedulePush(userId);
      return;
    }
    try {
      await this.deps.games.act(stream.player, window.gameId, { seq: window.seq, ...action });
    } catch (error) {
      // The game moved on another way at the same moment (the streamer's action won): nothing to apply.
      if (!(error instanceof AppError)) this.deps.log('applying the audience’s result failed', error);
      this.schedulePush(userId);
    }
  }

  /** What the open window hears on the streamer's bus: chat lines (from any instance), and the game moving on. */
  private heard(userId: number, window: AudienceWindow, event: LiveGameEvent): void {
    if (this.stream(userId).window !== window) return;
    if (event.type === 'audienceGiftInput') {
      if (this.countGift(window, event.viewerId, event.effect, event.weight)) this.schedulePush(userId);
      return;
    }
    if (event.type === 'audienceInput') {
      // A viewer's votes count once per window on the leaderboards, whatever they change to.
      const first =
        window.kind === 'vote' ? !window.votes.has(event.viewerId) : !window.calls.has(event.viewerId);
      if (!this.count(window, event.viewerId, event.comment)) return;
      if (first) this.score(userId, window.gameId, event, 1, 0);
      this.schedulePush(userId);
      return;
    }
    // An action taken on another instance: the streamer overrides this window.
    if (event.type === 'game' && (event.game.id !== window.gameId || event.game.seq > window.seq)) {
      this.closeWindow(userId);
      this.schedulePush(userId);
    }
  }

  /** Counts a chat line in the window; answers whether the counts changed. */
  private count(window: AudienceWindow, viewerId: string, comment: string): boolean {
    if (window.kind === 'vote') {
      const vote = voteIn(comment);
      if (!vote || window.votes.get(viewerId) === vote) return false;
      window.votes.set(viewerId, vote);
      return true;
    }
    const called = caseCallIn(comment);
    if (called === null || !window.openable.has(called) || window.calls.get(viewerId) === called)
      return false;
    window.calls.set(viewerId, called);
    if (!window.firstCalled.has(called)) window.firstCalled.set(called, this.order++);
    return true;
  }

  /** Counts a mapped gift in the window (votes in a vote window, a call's backing in a call window). */
  private countGift(window: AudienceWindow, viewerId: string, effect: AudienceGiftEffect, weight: number) {
    if (effect === 'call') {
      if (window.kind !== 'call') return false;
      window.giftCalls.set(viewerId, (window.giftCalls.get(viewerId) ?? 0) + weight);
      return window.calls.has(viewerId);
    }
    if (window.kind !== 'vote') return false;
    window.giftVotes[effect] += weight;
    return true;
  }

  private windowState(mode: AudienceMode, window: AudienceWindow): AudienceState {
    const { votes, calls } = tally(window);
    return {
      mode,
      open: true,
      endsAt: new Date(window.endsAt).toISOString(),
      votes,
      calls: Object.fromEntries(calls),
    };
  }

  // ---- events ------------------------------------------------------------------------------------------------

  /**
   * One event of the streamer's audience, from any source. A malformed event is dropped and counted (never
   * thrown); a message id seen lately is a repeat and changes nothing. Answers whether the event was taken.
   */
  async receive(userId: number, raw: unknown): Promise<boolean> {
    const parsed = audienceEventSchema.safeParse(raw);
    const stream = this.stream(userId);
    if (!parsed.success) {
      stream.dropped += 1;
      return false;
    }
    const event = parsed.data;
    if (stream.seen.has(event.msgId)) return false;
    stream.seen.add(event.msgId);
    if (stream.seen.size > RECENT_MESSAGE_IDS) stream.seen.delete(stream.seen.values().next().value!);
    if (event.type === 'chat') this.chat(userId, event);
    else if (event.type === 'gift') await this.gift(userId, event);
    else if (event.type !== 'join') await this.social(userId, event);
    return true;
  }

  /** Events dropped as malformed for the streamer, in this process. */
  droppedEvents(userId: number): number {
    return this.streams.get(userId)?.dropped ?? 0;
  }

  private chat(userId: number, event: Extract<AudienceEvent, { type: 'chat' }>): void {
    // Only a line that reads as a vote or a call goes on, to whichever instance holds the window (this one too).
    if (voteIn(event.comment) === null && caseCallIn(event.comment) === null) return;
    this.deps.events.publish(userId, {
      type: 'audienceInput',
      viewerId: event.viewerId,
      nickname: event.nickname,
      comment: event.comment,
    });
  }

  private async gift(userId: number, event: Extract<AudienceEvent, { type: 'gift' }>): Promise<void> {
    // For the game in progress when the scores are written (it may have been started on another instance).
    this.score(userId, null, event, 0, event.diamondCount * event.repeatCount);
    const { blockedWords, giftRules } = await this.settings(userId);
    const gift: AudienceGift = {
      viewerName: shownViewerName(event.nickname, blockedWords),
      giftId: event.giftId,
      giftName: event.giftName,
      diamondCount: event.diamondCount,
      repeatCount: event.repeatCount,
      ...(event.pictureUrl ? { pictureUrl: event.pictureUrl } : {}),
    };
    this.deps.events.publish(userId, { type: 'gift', gift });
    // A mapped gift goes, as a chat line does, to whichever instance holds the window.
    const rule = giftRuleFor(giftRules, event.giftName);
    if (rule)
      this.deps.events.publish(userId, {
        type: 'audienceGiftInput',
        viewerId: event.viewerId,
        effect: rule.effect,
        weight: giftWeight(event),
      });
  }

  /** A follow or a share is pushed at once; likes are added up and pushed at most every AUDIENCE_LIKES_PUSH_MS. */
  private async social(userId: number, event: Extract<AudienceEvent, { type: 'like' | 'follow' | 'share' }>) {
    const stream = this.stream(userId);
    const { blockedWords } = await this.settings(userId);
    const viewerName = shownViewerName(event.nickname, blockedWords);
    if (event.type !== 'like') {
      this.deps.events.publish(userId, {
        type: 'social',
        social: { kind: event.type, viewerName, count: 1, likes: stream.likes },
      });
      return;
    }
    if (event.likeCount === 0) return;
    stream.likes += event.likeCount;
    stream.likesPending = { viewerName, count: (stream.likesPending?.count ?? 0) + event.likeCount };
    if (stream.likesTimer || this.closed) return;
    stream.likesTimer = this.deps.clock.setTimeout(() => {
      stream.likesTimer = null;
      const pending = stream.likesPending;
      stream.likesPending = null;
      if (!pending) return;
      this.deps.events.publish(userId, {
        type: 'social',
        social: { kind: 'like', viewerName: pending.viewerName, count: pending.count, likes: stream.likes },
      });
    }, AUDIENCE_LIKES_PUSH_MS);
  }

  // ---- pushes ------------------------------------------------------------------------------------------------

  /** An `audience` push now, or at the end of the streamer's 100 ms if one went out within them. */
  private schedulePush(userId: number): void {
    const stream = this.stream(userId);
    if (stream.pushTimer || this.closed) return;
    const wait = stream.lastPush + AUDIENCE_PUSH_INTERVAL_MS - this.deps.clock.now();
    if (wait <= 0) {
      void this.push(userId);
      return;
    }
    stream.pushTimer = this.deps.clock.setTimeout(() => {
      stream.pushTimer = null;
      void this.push(userId);
    }, wait);
  }

  private async push(userId: number): Promise<void> {
    const stream = this.stream(userId);
    stream.lastPush = this.deps.clock.now();
    const gameId = stream.window?.gameId ?? stream.gameId;
    if (!gameId) return;
    try {
      const { mode } = await this.settings(userId);
      const window = stream.window;
      const audience = window ? this.windowState(mode, window) : closedState(mode);
      this.deps.events.publish(userId, { type: 'audience', gameId, audience });
    } catch (error) {
      this.deps.log('an audience push failed', error);
    }
  }

  // ---- leaderboards ------------------------------------------------------------------------------------------

  /** Adds to a viewer's pending score; `gameId` null: the streamer's game in progress, looked up at the flush. */
  private score(
    userId: number,
    gameId: string | null,
    viewer: { viewerId: string; nickname: string },
    votes: number,
    diamonds: number,
  ): void {
    const key = `${userId}\u0000${gameId ?? ''}\u0000${viewer.viewerId}`;
    const pending = this.pending.get(key);
    if (pending) {
      pending.votes += votes;
      pending.diamonds += diamonds;
      pending.nickname = viewer.nickname;
    } else {
      this.pending.set(key, {
        userId,
        gameId,
        viewerId: viewer.viewerId,
        nickname: viewer.nickname,
        votes,
        diamonds,
      });
    }
  }

  /** Writes the pending scores: each to the viewer's row of the game and of the stream. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    try {
      const inProgress = new Map<number, string | null>();
      for (const p of batch) {
        if (p.gameId === null && !inProgress.has(p.userId)) {
          inProgress.set(p.userId, (await liveGamesRepo(this.deps.db).current(p.userId))?.id ?? null);
        }
      }
      const increments: ScoreIncrement[] = [];
      for (const p of batch) {
        const base = {
          userId: p.userId,
          viewerId: p.viewerId,
          nickname: p.nickname,
          votes: p.votes,
          diamonds: p.diamonds,
        };
        increments.push({ ...base, gameId: STREAM_SCOPE });
        const gameId = p.gameId ?? inProgress.get(p.userId) ?? null;
        if (gameId) increments.push({ ...base, gameId });
      }
      await this.repo.addScores(increments, this.deps.clock.now());
    } catch (error) {
      // Nothing of the batch was written (one transaction): it waits for the next flush, added to what came since.
      this.deps.log('writing the audience’s scores failed', error);
      for (const p of batch) this.score(p.userId, p.gameId, p, p.votes, p.diamonds);
      return;
    }
    // The stages show the leaderboards as they change: once per write, for each streamer whose scores moved.
    for (const userId of new Set(batch.map((p) => p.userId))) {
      try {
        this.deps.events.publish(userId, { type: 'leaderboard', leaderboard: await this.boards(userId) });
      } catch (error) {
        this.deps.log('reading the audience’s leaderboards failed', error);
      }
    }
  }

  /** The leaderboards with every score received so far written. */
  async leaderboard(userId: number): Promise<AudienceLeaderboard> {
    await this.flush();
    return this.boards(userId);
  }

  /** The leaderboards as written: the top voters and gifters of the game on the stage and of the stream. */
  private async boards(userId: number): Promise<AudienceLeaderboard> {
    const [{ blockedWords }, shown] = await Promise.all([
      this.settings(userId),
      liveGamesRepo(this.deps.db).latestShown(userId),
    ]);
    const named = (rows: { voters: ScoreRow[]; gifters: ScoreRow[] }) => ({
      voters: rows.voters.map((r) => ({
        viewerName: shownViewerName(r.nickname, blockedWords),
        votes: r.votes,
      })),
      gifters: rows.gifters.map((r) => ({
        viewerName: shownViewerName(r.nickname, blockedWords),
        diamonds: r.diamonds,
      })),
    });
    const [game, stream] = await Promise.all([
      shown ? this.repo.top(userId, shown.id) : Promise.resolve({ voters: [], gifters: [] }),
      this.repo.top(userId, STREAM_SCOPE),
    ]);
    return { game: named(game), stream: named(stream) };
  }

  /** Stops every window and push (nothing is applied) and writes the pending scores: the server is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    clearInterval(this.flusher);
    for (const [userId, stream] of this.streams) {
      this.closeWindow(userId);
      if (stream.pushTimer) this.deps.clock.clearTimeout(stream.pushTimer);
      if (stream.likesTimer) this.deps.clock.clearTimeout(stream.likesTimer);
      stream.pushTimer = null;
      stream.likesTimer = null;
    }
    await this.flush();
  }
}

/** The window a game's state asks for in a mode: a vote on an offer, a call while cases are to be opened. */
function windowKind(mode: AudienceMode, game: LiveGamePublic): 'vote' | 'call' | null {
  if (game.result) return null;
  if (mode === 'vote' && game.phase === 'offer') return 'vote';
  if (mode === 'call' && game.phase === 'elimination' && game.casesToOpen > 0) return 'call';
  return null;
}

/**
 * The window's counts: each viewer's vote plus the gifts' weighted votes; per case, its callers plus the weight of
 * their gifts (`calls` in the order the cases were first called).
 */
function tally(window: AudienceWindow): { votes: Record<Vote, number>; calls: Map<number, number> } {
  const votes = { ...window.giftVotes };
  for (const vote of window.votes.values()) votes[vote] += 1;
  const calls = new Map<number, number>();
  const first = [...window.firstCalled.entries()].sort((a, b) => a[1] - b[1]);
  for (const [number] of first) calls.set(number, 0);
  for (const [viewerId, number] of window.calls)
    calls.set(number, (calls.get(number) ?? 0) + 1 + (window.giftCalls.get(viewerId) ?? 0));
  for (const [number, count] of calls) if (count === 0) calls.delete(number);
  return { votes, calls };
}

/** The window's result: the majority's vote (none on a tie), or the most-called case (the first called on a tie). */
function resultOf(
  window: AudienceWindow,
): { type: 'deal' | 'noDeal' } | { type: 'open'; case: number } | null {
  const { votes, calls } = tally(window);
  if (window.kind === 'vote') {
    if (votes.deal === votes.noDeal) return null;
    return { type: votes.deal > votes.noDeal ? 'deal' : 'noDeal' };
  }
  let best: number | null = null;
  // In the order first called: a later case wins only with more calls.
  for (const [number, count] of calls) if (best === null || count > calls.get(best)!) best = number;
  return best === null ? null : { type: 'open', case: best };
}
