import { create } from 'zustand';
import { readStored, writeStored } from './browserStorage';
import { GUEST_KEY, VIEW_MODE_KEY } from './storageKeys';
import { readViewMode, storedViewMode, viewModeForViewport, type ViewMode } from './viewMode';

// The type lives with the rules that choose a mode; re-exported for the screens that read it from here.
export type { ViewMode };
export const VIEW_MODES: ReadonlyArray<{ mode: ViewMode; label: string; hint: string }> = [
  { mode: 'desktop', label: 'Desktop', hint: 'The full board for a desktop or an OBS capture' },
  { mode: 'tablet', label: 'iPad (BETA)', hint: 'Rows of five cases and a collapsible controls panel' },
  { mode: 'mobile', label: 'Mobile (BETA)', hint: 'Turns the whole page for a phone held sideways' },
];

interface SessionState {
  /** Playing without an account ('Play as guest'): kept for the tab, never saved anywhere else. */
  isGuest: boolean;
  viewMode: ViewMode;
  playAsGuest(): void;
  leaveGuest(): void;
  setViewMode(mode: ViewMode): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  isGuest: readStored('sessionStorage', GUEST_KEY) === '1',
  viewMode: readViewMode(),
  playAsGuest() {
    writeStored('sessionStorage', GUEST_KEY, '1');
    set({ isGuest: true });
  },
  leaveGuest() {
    writeStored('sessionStorage', GUEST_KEY, null);
    set({ isGuest: false });
  },
  // A streamer's layout survives a reload.
  setViewMode(viewMode) {
    writeStored('localStorage', VIEW_MODE_KEY, viewMode);
    set({ viewMode });
  },
}));

// Until the player picks a mode, the mode keeps following the screen (a window resized, a device turned).
window.addEventListener('resize', () => {
  if (storedViewMode() !== null) return;
  const viewMode = viewModeForViewport(window.innerWidth);
  if (useSessionStore.getState().viewMode !== viewMode) useSessionStore.setState({ viewMode });
});
