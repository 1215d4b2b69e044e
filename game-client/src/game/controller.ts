import {
  gameStateFromView,
  isGameInProgress,
  reduce,
  resolveGiftSet,
  TIMINGS,
  toGameAction,
  type GameEvent,
  type GameState,
  type Gift,
  type LiveAction,
  type LiveGamePublic,
} from '@dond/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserTransport, serverMessage, type ApiTransport } from '../api/request';
import {
  ActionRefused,
  continueAfterDeal,
  currentLiveGame,
  randomHex,
  remoteLink,
  retrying,
  startLiveGame,
  startLocalGame,
  waitingLink,
  type ActionStep,
  type GameLink,
  type ServerLink,
} from '../store/gameLink';
import { realClock, type Clock } from './clock';
import type { BoardEvent, BoardEventListener } from './events';

export type Overlay =
  | 'phone'
  | 'offer'
  | 'dealReveal'
  | 'finalDecision'
  | 'finalReveal'
  /** 'Start a new game?': NEW GAME or RESET while a game is in progress (issue 15). */
  | 'confirmNewGame';

/** The case-eliminated toast / gift-reveal popup state of SPEC.md section 2. */
export interface CaseReveal {
  isVisible: boolean;
  caseNumber: number;
  gift: Gift;
}

/** A signed-in player's games live on the server (issue 17): what the board needs to start them. */
export interface LiveOptions {
  customGiftSetId: number | null;
}

/** What a screen shows of its game. */
export interface GameControllerState {
  /** The board's state, from the game's public state (gameStateFromView). */
  game: GameState;
  /** The game's public state: all the board knows of it. */
  view: LiveGamePublic;
  /** Whether the game lives on the server (a signed-in player) rather than in this tab. */
  live: boolean;
  /** An action is being retried after a failed request ('Reconnecting...'). */
  reconnecting: boolean;
  /** The case a tap asked the server to open, until it answers. */
  pendingCase: number | null;
  gifts: readonly Gift[];
  /** On for 800 ms after any guarded action: further clicks are ignored. */
  locked: boolean;
  overlay: Overlay | null;
  caseReveal: CaseReveal | null;
  /** How long the case toast shows: 4 s, or 2 s on a tablet. */
  caseToastMs: number;
}

/**
 * Where a controller's games are dealt and played: the guest's session in the tab, the server's live games
 * (through `api`: the page's fetch, or a test's server), or none: a stage only follows a game played elsewhere.
 */
export type GamesLink =
  | { readonly kind: 'local'; readonly api: ApiTransport }
  | { readonly kind: 'live'; readonly customGiftSetId: number | null; readonly api: ApiTransport }
  | { readonly kind: 'watching'; readonly api: ApiTransport };

export const localGames = ({ api = browserTransport }: { api?: ApiTransport } = {}): GamesLink => ({
  kind: 'local',
  api,
});
export const liveGames = ({
  customGiftSetId = null,
  api = browserTransport,
}: { customGiftSetId?: number | null; api?: ApiTransport } = {}): GamesLink => ({
  kind: 'live',
  customGiftSetId,
  api,
});
export const watching = ({ api = browserTransport }: { api?: ApiTransport } = {}): GamesLink => ({
  kind: 'watching',
  api,
});

/** The timings a screen may set for its own game. */
export interface GameTuning {
  /** How long the case toast shows (TIMINGS.caseToastMs; the tablet's is shorter). */
  caseToastMs?: number;
  /** Every timer of the controller runs this many times slower (the studio's slowed-down sandbox). */
  timeScale?: number;
}

export interface GameController {
  getState(): GameControllerState;
  subscribe(listener: (state: GameControllerState, before: GameControllerState) => void): () => void;
  /** The state as a zustand store, for React's selectors (GameProvider). */
  readonly store: StoreApi<GameControllerState>;
  /** The controller's one event stream; answers the unsubscribe. */
  on(listener: BoardEventListener): () => void;
  /**
   * This screen's id, sent with each change it makes (X-Screen-Id) and with its stage stream (`?screen=`): the
   * server pushes no change back to the screen that made it.
   */
  readonly screenId: string;

  tapCase(caseNumber: number): void;
  deal(): void;
  noDeal(): void;
  keepOrSwap(swap: boolean): void;
  closeDealReveal(): void;
  closeCaseReveal(): void;
  /**
   * Deals a first game at once (no delay, no toast), e.g. when the player's gift set is known; for a
   * signed-in player (`live`, or a controller on liveGames), resumes the unfinished game on the server, or
   * starts one there.
   */
  startGame(gifts: readonly Gift[], live?: LiveOptions): void;
  /**
   * The deal of a board drawn before the app (board/boardFirst.tsx): startGame now, and the game screen's own
   * first startGame on this controller with the same set and the same kind of game then keeps it instead of
   * dealing again.
   */
  startGameBeforeApp(gifts: readonly Gift[], live?: LiveOptions): void;
  /**
   * NEW GAME and RESET: while a game is in progress, the 'Start a new game?' confirmation first; otherwise
   * (or confirmed) after 100 ms a fresh shuffle of the set, every modal closed, and the toast.
   */
  newGame(gifts?: readonly Gift[]): void;
  /** The confirmation's 'New game'. */
  confirmNewGame(): void;
  /** The confirmation's 'Keep playing': the game goes on as it was. */
  keepPlaying(): void;
  setCaseToastMs(ms: number): void;
  /**
   * A stage or the control deck (issue 18): the board follows a game played elsewhere (on another screen of the
   * player's), one pushed public state at a time with the events the server's session emitted for it. The next
   * state of the game shown plays those events as the player's board played them (the toast, the phone, the
   * reveals); any other (the first, a new game, a state skipped, a state pushed without its events) is shown as
   * it stands, without replaying what led to it.
   */
  follow(view: LiveGamePublic, events?: readonly GameEvent[]): void;
  /** CONTINUE closed the DEAL's reveal of this game on another screen of the player's: close it here too. */
  followContinue(gameId: string): void;
  /**
   * The studio's sandbox holds a moment on show (a case's toast, the confirmation) that no play leads to by
   * itself: it stays until the next state.
   */
  pin(shown: Partial<Pick<GameControllerState, 'overlay' | 'caseReveal'>>): void;
  /** Clears every pending timer and drops every answer still on its way: when the screen is left. */
  dispose(): void;
}

/** How long a tapped case waits for the server's answer before it lifts. */
const PENDING_LIFT_AFTER_MS = 20;

/**
 * The events a board plays for an action: the session's, bar the offer being shown, which the board times itself
 * (the session answers the phone at once; the board rings for 2 s first).
 */
const toPlay = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'offerShown');

const dealKey = (gifts: readonly Gift[], live: LiveOptions | null) =>
  `${gifts.map((g) => g.id).join(',')}|${live ? `live ${live.customGiftSetId}` : 'guest'}`;

/**
 * A screen's game: the shared reducer, plus the timings of SPEC.md sections 4 and 9 on the given clock. All its
 * state lives in the instance, so each screen (the board, a stage, the deck, the studio's sandbox) owns one and
 * a test drives one headless (docs/decisions/0051).
 */
export function createGameController({
  link: games = localGames(),
  clock = realClock,
  tuning = {},
}: { link?: GamesLink; clock?: Clock; tuning?: GameTuning } = {}): GameController {
  // getRandomValues, not randomUUID: a page on plain http has no randomUUID.
  const screenId = randomHex(12);
  const server: ServerLink = { api: games.api, clock, screenId };
  const timeScale = tuning.timeScale ?? 1;
  const listeners = new Set<BoardEventListener>();
  const emit = (events: readonly BoardEvent[]) => {
    for (const event of events) for (const listener of [...listeners]) listener(event);
  };

  let link: GameLink;
  let liveOptions: LiveOptions | null = null;
  /** The set and kind of the game dealt before the app (startGameBeforeApp), until the screen's first startGame. */
  let dealtBeforeApp: string | null = null;
  /** Bumped by every new game: an answer for an older game is dropped. */
  let generation = 0;
  /** A remote action waiting for its answer: no other is sent meanwhile (its seq would be stale). */
  let inFlight = false;
  const timers = new Set<unknown>();

  function schedule(ms: number, fn: () => void) {
    const handle = clock.setTimeout(() => {
      timers.delete(handle);
      fn();
    }, ms * timeScale);
    timers.add(handle);
  }

  function clearTimers() {
    for (const handle of timers) clock.clearTimeout(handle);
    timers.clear();
  }

  const defaultGifts = resolveGiftSet(null);
  const first = startLocalGame(defaultGifts);
  // A stage's board takes no action, not even on the game it shows before the streamer's comes in.
  link = games.kind === 'watching' ? waitingLink : first.link;
  const store = createStore<GameControllerState>(() => ({
    game: gameStateFromView(first.view, first.view.id),
    view: first.view,
    live: false,
    reconnecting: false,
    pendingCase: null,
    gifts: defaultGifts,
    locked: false,
    overlay: null,
    caseReveal: null,
    caseToastMs: tuning.caseToastMs ?? TIMINGS.caseToastMs,
  }));
  const get = store.getState;
  const set = store.setState;

  /** The board's state for a public state; ringing while a just-made offer waits for the phone. */
  function adopt(view: LiveGamePublic, events: readonly GameEvent[]) {
    const before = get();
    let game = gameStateFromView(view, view.id);
    if (events.some((e) => e.type === 'bankerCalling')) game = { ...game, gamePhase: 'phone-ringing' };
    set({ view, game });
    const over =
      game.gameOutcome !== null && (before.view.id !== view.id || before.game.gameOutcome === null);
    emit(over ? [...events, { type: 'gameOver', game, live: before.live, id: view.id }] : events);
  }

  /**
   * Sends a player's action to the game's link (a guest's session answers at once, the server in a few ms,
   * or after retries), then shows what it did, no earlier than `notBefore` (a clock time). false when the
   * rules refuse it here already (checked on the board's state: it is never sent).
   */
  function act(action: LiveAction, notBefore = 0): boolean {
    const { view, game } = get();
    if (inFlight || reduce(game, toGameAction(action), () => 0).rejected) return false;
    const gen = generation;
    const show = ({ view: after, events }: ActionStep) => {
      if (gen !== generation) return;
      const run = () => {
        if (gen !== generation) return;
        if (events === null) {
          showAsItStands(after);
          return;
        }
        play(after, toPlay(events));
      };
      const wait = notBefore - clock.now();
      if (wait > 0) schedule(wait / timeScale, run);
      else run();
    };
    let answer: ActionStep | Promise<ActionStep>;
    try {
      answer = link.act(view, action);
    } catch (error) {
      if (error instanceof ActionRefused) return false;
      throw error;
    }
    // The finger gets its sound at once; the case's gift comes with the answer (at once in the tab).
    if (action.case !== undefined) emit([{ type: 'caseTapped', caseNumber: action.case }]);
    if (!(answer instanceof Promise)) {
      show(answer);
      return true;
    }
    inFlight = true;
    // The tapped case lifts if the answer is not there within a frame: on a fast connection the gift comes
    // first, and a lift started meanwhile would only hold up the frame that shows it (software WebGL).
    const tapped = action.case;
    if (tapped !== undefined)
      schedule(PENDING_LIFT_AFTER_MS, () => inFlight && gen === generation && set({ pendingCase: tapped }));
    answer
      .then(show, (error: unknown) => {
        if (gen !== generation) return;
        const message = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
        emit([{ type: 'refused', title: 'That did not go through', message }]);
        void resync(gen);
      })
      .finally(() => {
        if (gen !== generation) return;
        inFlight = false;
        set({ pendingCase: null });
      });
    return true;
  }

  /** After a refused action: the server's state is the game's (another tab may have played on). */
  async function resync(gen: number) {
    const current = await currentLiveGame(server).catch(() => null);
    if (gen !== generation || !current) return;
    showAsItStands(current);
  }

  /** The next state of the game shown, with the events that led to it (the offer's showing left out). */
  function play(view: LiveGamePublic, played: readonly GameEvent[]) {
    adopt(view, played);
    afterEvents(played);
  }

  /** A state of the game shown whose way there is not known: as it stands, with the dialog it has open. */
  function showAsItStands(view: LiveGamePublic) {
    adopt(view, []);
    set({ overlay: overlayFor(view) });
  }

  function remoteHooks(gen: number) {
    return {
      stillWanted: () => gen === generation,
      onReconnecting(on: boolean) {
        set({ reconnecting: on });
        emit([{ type: on ? 'connectionLost' : 'connectionBack' }]);
      },
    };
  }

  /** A game shown from its public state as it stands: a resumed one, or one just dealt. */
  function begin(view: LiveGamePublic, makeLink: (gen: number) => GameLink, events: readonly GameEvent[]) {
    link = makeLink(++generation);
    inFlight = false;
    adopt(view, events);
    set({ overlay: overlayFor(view), caseReveal: null });
  }

  const remote = (gen: number) => remoteLink(remoteHooks(gen), server);

  /** Deals a new game where the player's games live: in this tab, or on the server (with retries). */
  async function dealNew(gifts: readonly Gift[]): Promise<void> {
    if (!liveOptions) {
      const local = startLocalGame(gifts);
      begin(local.view, () => local.link, [{ type: 'gameStarted' }]);
      return;
    }
    // A signed-in player's game is the server's or none: nothing is played in the tab meanwhile.
    const gen = ++generation;
    link = waitingLink;
    const { customGiftSetId } = liveOptions;
    const view = await fromServer(gen, 'Could not start a game', () =>
      startLiveGame(customGiftSetId, server),
    );
    if (view && gen === generation) begin(view, remote, [{ type: 'gameStarted' }]);
  }

  /**
   * The player's unfinished live game if there is one, else a new one. A read that fails for want of a
   * connection is tried again (never a new game instead: starting one would abandon the game in progress).
   */
  async function resumeOrDeal(gifts: readonly Gift[]): Promise<void> {
    const gen = ++generation;
    link = waitingLink;
    const current = await fromServer(gen, 'Could not load your game', () => currentLiveGame(server));
    if (current === undefined || gen !== generation) return;
    // A game nobody has touched yet, dealt from another set than the player's now (a set saved since), is dealt
    // again from this one: nothing of it is lost, and starting abandons it.
    const untouchedOtherSet = current?.seq === 0 && !sameGiftIds(current.giftIds, gifts);
    if (current && !untouchedOtherSet) begin(current, remote, []);
    else await dealNew(gifts);
  }

  /** A server call retried while the connection fails; undefined (said in a toast) if the server refused it. */
  async function fromServer<T>(gen: number, failure: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await retrying(call, remoteHooks(gen), clock);
    } catch (error) {
      if (gen === generation) {
        const message = serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
        emit([{ type: 'refused', title: failure, message }]);
      }
      return undefined;
    }
  }

  /** A guarded action: ignored while locked, and locks for 800 ms once it runs. */
  function guarded(run: () => boolean) {
    if (get().locked) return;
    if (!run()) return;
    set({ locked: true });
    schedule(TIMINGS.interactionLockMs, () => set({ locked: false }));
  }

  function afterEvents(events: readonly GameEvent[]) {
    for (const event of events) {
      if (event.type === 'caseEliminated') {
        set({ caseReveal: { isVisible: true, caseNumber: event.caseNumber, gift: event.gift } });
        const shown = event.caseNumber;
        schedule(get().caseToastMs, () => {
          if (get().caseReveal?.caseNumber === shown) set({ caseReveal: null });
        });
      }
      if (event.type === 'bankerCalling') {
        set({ overlay: 'phone' });
        schedule(TIMINGS.bankerSoundDelayMs, () => emit([{ type: 'bankerChord' }]));
        // The offer is made already; the board rings for 2 s before it shows it.
        schedule(TIMINGS.phoneOverlayMs, () => {
          const answered = reduce(get().game, { type: 'phoneAnswered' }, () => 0);
          if (answered.rejected) return;
          set({ game: answered.state, overlay: 'offer' });
          emit(answered.events);
        });
      }
      if (event.type === 'dealAccepted') {
        set({ overlay: 'dealReveal' });
      }
      if (event.type === 'roundStarted') {
        set({ overlay: null });
      }
      if (event.type === 'finalChoiceStarted') {
        set({ overlay: null });
        // Not over NEW GAME's confirmation: 'Keep playing' brings the decision back.
        schedule(TIMINGS.finalDialogDelayMs, () => {
          if (get().overlay === null) set({ overlay: 'finalDecision' });
        });
      }
      if (event.type === 'finalRevealed') {
        schedule(TIMINGS.revealDialogAfterRevealMs, () => set({ overlay: 'finalReveal' }));
      }
    }
  }

  /** A fresh shuffle of the set after 100 ms: every modal closed, then the toast. Locks like any action. */
  function startFresh(gifts?: readonly Gift[]) {
    guarded(() => {
      const set26 = gifts ?? get().gifts;
      clearTimers();
      set({ overlay: null, caseReveal: null, gifts: set26 });
      schedule(TIMINGS.newGameResetDelayMs, () => {
        void dealNew(set26).then(() => emit([{ type: 'newGameDealt' }]));
      });
      return true;
    });
  }

  const controller: GameController = {
    getState: get,
    screenId,
    subscribe: (listener) => store.subscribe(listener),
    store,
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    tapCase(caseNumber) {
      guarded(() => act({ type: get().game.gamePhase === 'selection' ? 'pick' : 'open', case: caseNumber }));
    },
    deal() {
      guarded(() => act({ type: 'deal' }));
    },
    noDeal() {
      guarded(() => act({ type: 'noDeal' }));
    },
    keepOrSwap(swap) {
      guarded(() => {
        if (get().game.gamePhase !== 'final-choice' || get().overlay !== 'finalDecision') return false;
        // The dialog closes at once; the reveal comes 0.5 s later, its dialog about 1 s after that.
        const revealAt = clock.now() + TIMINGS.finalChoiceToRevealMs * timeScale;
        if (!act({ type: swap ? 'swap' : 'keep' }, revealAt)) return false;
        set({ overlay: null });
        return true;
      });
    },
    closeDealReveal() {
      if (get().overlay !== 'dealReveal') return;
      set({ overlay: null });
      const { view, live } = get();
      if (live && liveOptions) void continueAfterDeal(view.id, server).catch(() => undefined);
    },
    followContinue(gameId) {
      const { view, live, overlay } = get();
      if (live && view.id === gameId && overlay === 'dealReveal') set({ overlay: null });
    },
    closeCaseReveal() {
      set({ caseReveal: null });
    },
    startGame(gifts, live) {
      const options = live ?? (games.kind === 'live' ? { customGiftSetId: games.customGiftSetId } : null);
      const before = dealtBeforeApp;
      dealtBeforeApp = null;
      if (before !== null && before === dealKey(gifts, options)) return;
      clearTimers();
      liveOptions = options;
      set({ gifts, live: options !== null, locked: false, overlay: null, caseReveal: null });
      // A game in progress on the server (a reload, a crash, another device) comes back exactly as it was.
      void (options ? resumeOrDeal(gifts) : dealNew(gifts));
    },
    startGameBeforeApp(gifts, live) {
      controller.startGame(gifts, live);
      dealtBeforeApp = dealKey(gifts, liveOptions);
    },
    newGame(gifts) {
      if (get().locked) return;
      const { game, overlay } = get();
      if (isGameInProgress(game)) {
        // Only from the board's own controls, which no other overlay leaves reachable.
        if (overlay === null) set({ overlay: 'confirmNewGame', caseReveal: null });
        return;
      }
      startFresh(gifts);
    },
    confirmNewGame() {
      if (get().overlay === 'confirmNewGame') startFresh();
    },
    keepPlaying() {
      if (get().overlay !== 'confirmNewGame') return;
      set({ overlay: get().game.gamePhase === 'final-choice' ? 'finalDecision' : null });
    },
    setCaseToastMs(ms) {
      set({ caseToastMs: ms });
    },
    follow(next, events) {
      // This screen's own action or new deal is on its way: its answer brings the state (a push of another
      // screen's change meanwhile makes this one's action a 409, which shows the server's state).
      if (inFlight || (liveOptions && link === waitingLink)) return;
      const { view, live } = get();
      const same = live && view.id === next.id;
      if (same && next.seq <= view.seq) return;
      if (!same || next.seq !== view.seq + 1 || !events) {
        clearTimers();
        set({ live: true, locked: false, caseReveal: null, pendingCase: null });
        // The player's own screens (the control deck beside the board) go on playing it; a stage only watches.
        begin(next, liveOptions ? remote : () => waitingLink, []);
        return;
      }
      const played = toPlay(events);
      for (const event of played)
        if (event.type === 'caseSelected' || event.type === 'caseEliminated')
          emit([{ type: 'caseTapped', caseNumber: event.caseNumber }]);
      const run = () => play(next, played);
      // As on the player's board: the decision closes with the tap, the reveal half a second later.
      if (played.some((e) => e.type === 'finalRevealed')) {
        set({ overlay: null });
        schedule(TIMINGS.finalChoiceToRevealMs, run);
      } else run();
    },
    pin(shown) {
      set(shown);
    },
    dispose() {
      clearTimers();
      generation++;
      inFlight = false;
      set({ locked: false, overlay: null, caseReveal: null, pendingCase: null });
    },
  };
  return controller;
}

/** Whether a game's 26 gift ids are these gifts', in any order. */
function sameGiftIds(ids: readonly number[], gifts: readonly Gift[]): boolean {
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b).join(',');
  return sorted(ids) === sorted(gifts.map((g) => g.id));
}

/** The dialog a game shows as it stands: the offer on the table, the final decision, or none. */
function overlayFor(view: LiveGamePublic): Overlay | null {
  if (view.phase === 'offer') return 'offer';
  if (view.phase === 'final-choice') return 'finalDecision';
  return null;
}
