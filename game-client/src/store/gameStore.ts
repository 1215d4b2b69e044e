import {
  createRng,
  GAME_TOASTS,
  isGameInProgress,
  reduce,
  resolveGiftSet,
  roundStartsToast,
  TIMINGS,
  newGame as dealNewGame,
  type GameAction,
  type GameEvent,
  type GameState,
  type Gift,
  type Rng,
} from '@dond/shared';
import { create } from 'zustand';
import { toast } from '../ui/toastStore';

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

export interface GameStore {
  game: GameState;
  gifts: readonly Gift[];
  /** On for 800 ms after any guarded action: further clicks are ignored. */
  locked: boolean;
  overlay: Overlay | null;
  caseReveal: CaseReveal | null;
  /** Events of the last action, with a counter so listeners (sound, animation) see each batch once. */
  events: { seq: number; list: readonly GameEvent[] };
  /** How long the case toast shows: 4 s, or 2 s on a tablet. */
  caseToastMs: number;

  tapCase(caseNumber: number): void;
  deal(): void;
  noDeal(): void;
  keepOrSwap(swap: boolean): void;
  closeDealReveal(): void;
  closeCaseReveal(): void;
  /** Deals a first game at once (no delay, no toast), e.g. when the player's gift set is known. */
  startGame(gifts: readonly Gift[]): void;
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
  /** Clears every pending timer: when the screen is left. */
  dispose(): void;
}

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;
let rng: Rng = createRng(randomSeed());
const timers = new Set<ReturnType<typeof setTimeout>>();

function schedule(ms: number, fn: () => void) {
  const id = setTimeout(() => {
    timers.delete(id);
    fn();
  }, ms);
  timers.add(id);
}

function clearTimers() {
  for (const id of timers) clearTimeout(id);
  timers.clear();
}

/** The board's one source of truth: the shared reducer, plus the timings of SPEC.md sections 4 and 9. */
export const useGameStore = create<GameStore>((set, get) => {
  /** Runs an action through the reducer; answers the events, or null when the rules refused it. */
  function apply(action: GameAction): readonly GameEvent[] | null {
    const result = reduce(get().game, action, rng);
    if (result.rejected) return null;
    set((s) => ({ game: result.state, events: { seq: s.events.seq + 1, list: result.events } }));
    return result.events;
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
        schedule(TIMINGS.phoneOverlayMs, () => {
          if (apply({ type: 'phoneAnswered' })) set({ overlay: 'offer' });
        });
      }
      if (event.type === 'dealAccepted') {
        set({ overlay: 'dealReveal' });
        toast(GAME_TOASTS.gameComplete);
      }
      if (event.type === 'roundStarted') {
        set({ overlay: null });
        toast(roundStartsToast(event.round, event.casesToEliminate));
      }
      if (event.type === 'finalChoiceStarted') {
        set({ overlay: null });
        toast(GAME_TOASTS.finalDecision);
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
      set({ overlay: null, caseReveal: null });
      schedule(TIMINGS.newGameResetDelayMs, () => {
        rng = createRng(randomSeed());
        const fresh = reduce(
          get().game,
          { type: 'newGame', gifts: set26, clientGameId: crypto.randomUUID() },
          rng,
        );
        if (fresh.rejected) return;
        set((s) => ({
          game: fresh.state,
          gifts: set26,
          events: { seq: s.events.seq + 1, list: fresh.events },
        }));
        toast(GAME_TOASTS.newGame);
      });
      return true;
    });
  }

  const defaultGifts = resolveGiftSet(null);
  return {
    game: dealNewGame(defaultGifts, crypto.randomUUID(), rng),
    gifts: defaultGifts,
    locked: false,
    overlay: null,
    caseReveal: null,
    events: { seq: 0, list: [] },
    caseToastMs: TIMINGS.caseToastMs,

    tapCase(caseNumber) {
      guarded(() => {
        const phase = get().game.gamePhase;
        const events = apply({ type: phase === 'selection' ? 'selectCase' : 'eliminateCase', caseNumber });
        if (!events) return false;
        afterEvents(events);
        return true;
      });
    },
    deal() {
      guarded(() => {
        const events = apply({ type: 'deal' });
        if (events) afterEvents(events);
        return events !== null;
      });
    },
    noDeal() {
      guarded(() => {
        const events = apply({ type: 'noDeal' });
        if (events) afterEvents(events);
        return events !== null;
      });
    },
    keepOrSwap(swap) {
      guarded(() => {
        if (get().game.gamePhase !== 'final-choice' || get().overlay !== 'finalDecision') return false;
        set({ overlay: null });
        // The dialog closes at once; the reveal comes 0.5 s later, its dialog about 1 s after that.
        schedule(TIMINGS.finalChoiceToRevealMs, () => {
          const events = apply({ type: 'finalChoice', swap });
          if (events) afterEvents(events);
        });
        return true;
      });
    },
    closeDealReveal() {
      if (get().overlay === 'dealReveal') set({ overlay: null });
    },
    closeCaseReveal() {
      set({ caseReveal: null });
    },
    startGame(gifts) {
      clearTimers();
      rng = createRng(randomSeed());
      set((s) => ({
        game: dealNewGame(gifts, crypto.randomUUID(), rng),
        gifts,
        locked: false,
        overlay: null,
        caseReveal: null,
        events: { seq: s.events.seq + 1, list: [{ type: 'gameStarted' }] },
      }));
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
    dispose() {
      clearTimers();
      set({ locked: false, overlay: null, caseReveal: null });
    },
  };
});
