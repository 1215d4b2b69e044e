import { create } from 'zustand';
import { GUEST_KEY } from './storageKeys';

export type ViewMode = 'desktop' | 'tablet' | 'mobile';
export const VIEW_MODES: ReadonlyArray<{ mode: ViewMode; label: string; hint: string }> = [
  { mode: 'desktop', label: 'Desktop', hint: 'The full board for a desktop or an OBS capture' },
  { mode: 'tablet', label: 'iPad (BETA)', hint: 'Rows of five cases and a collapsible controls panel' },
  { mode: 'mobile', label: 'Mobile (BETA)', hint: 'Turns the whole page for a phone held sideways' },
];

const VIEW_KEY = 'dond.viewMode';

function readViewMode(): ViewMode {
  const stored = localStorage.getItem(VIEW_KEY);
  return stored === 'tablet' || stored === 'mobile' ? stored : 'desktop';
}

interface SessionState {
  /** Playing without an account ('Play as guest'): kept for the tab, never saved anywhere else. */
  isGuest: boolean;
  viewMode: ViewMode;
  playAsGuest(): void;
  leaveGuest(): void;
  setViewMode(mode: ViewMode): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  isGuest: sessionStorage.getItem(GUEST_KEY) === '1',
  viewMode: readViewMode(),
  playAsGuest() {
    sessionStorage.setItem(GUEST_KEY, '1');
    set({ isGuest: true });
  },
  leaveGuest() {
    sessionStorage.removeItem(GUEST_KEY);
    set({ isGuest: false });
  },
  // A streamer's layout survives a reload.
  setViewMode(viewMode) {
    localStorage.setItem(VIEW_KEY, viewMode);
    set({ viewMode });
  },
}));
