import { readStored } from './browserStorage';
import { VIEW_MODE_KEY } from './storageKeys';

/** How the board is laid out (decision 0016). */
export type ViewMode = 'desktop' | 'tablet' | 'mobile';

/**
 * The view mode a first visit gets from its viewport, in CSS pixels (decision 0016). Width decides: a phone
 * held upright is narrow (Mobile turns the page to give the board the long side), a tablet either way up or
 * a small laptop window is tablet-sized, anything from a 1280 px desktop up is Desktop.
 */
export const MOBILE_MAX_WIDTH = 600;
export const DESKTOP_MIN_WIDTH = 1280;

export function viewModeForViewport(width: number): ViewMode {
  if (width < MOBILE_MAX_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

export function storedViewMode(): ViewMode | null {
  const stored = readStored('localStorage', VIEW_MODE_KEY);
  return stored === 'desktop' || stored === 'tablet' || stored === 'mobile' ? stored : null;
}

/** The player's own choice, or else what suits the screen (decision 0016). */
export const readViewMode = (): ViewMode => storedViewMode() ?? viewModeForViewport(window.innerWidth);
