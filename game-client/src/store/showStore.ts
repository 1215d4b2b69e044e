import { celebrationFor, type Celebration } from '@dond/shared';
import { create } from 'zustand';
import type { GameControllerState, Overlay } from '../game/controller';

/** The celebration on show (a burst of confetti and its banner), for the canvas and its DOM mirror. */
export interface ShowStore {
  celebration: { kind: Celebration; seq: number } | null;
  /** Shows a burst for `ms` (page time, so it ends on time however few frames a busy machine draws). */
  start(kind: Celebration, ms: number): void;
  /** Ends the burst `seq` (a newer one is left alone). */
  end(seq?: number): void;
}

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export const useShowStore = create<ShowStore>((set, get) => ({
  celebration: null,
  start(kind, ms) {
    clearTimeout(timer);
    const mine = ++seq;
    set({ celebration: { kind, seq: mine } });
    timer = setTimeout(() => get().end(mine), ms);
  },
  end(which) {
    const now = get().celebration;
    if (!now || (which !== undefined && now.seq !== which)) return;
    clearTimeout(timer);
    set({ celebration: null });
  },
}));

/** The overlays whose appearance the board may celebrate: the banker's call and the two reveals. */
const CELEBRATED: ReadonlySet<Overlay> = new Set(['phone', 'dealReveal', 'finalReveal']);

/**
 * What a change of the game store starts or ends: a celebration when a celebrated overlay appears and the
 * rules' helper says so, none once a new game is dealt. Pure, for the tests.
 */
export function celebrationChange(
  next: Pick<GameControllerState, 'overlay' | 'game'>,
  before: Pick<GameControllerState, 'overlay' | 'game'>,
): Celebration | 'end' | null {
  if (next.game.clientGameId !== before.game.clientGameId) return 'end';
  if (next.overlay === before.overlay || next.overlay === null || !CELEBRATED.has(next.overlay)) return null;
  return celebrationFor(next.game);
}
