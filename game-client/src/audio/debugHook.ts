import type { SoundCue } from '@dond/shared';
import type { SoundSettings, SoundSystem } from './soundSystem';

/** The read-only window into the sound that the browser tests use (window.__dondSound). */
export interface SoundDebugHook {
  settings(): SoundSettings;
  levels(): ReturnType<SoundSystem['levels']>;
  played(): SoundSystem['played'];
  /** When the tension bed under the banker's call started and stopped. */
  bedLog(): SoundSystem['bedLog'];
  /** The page's AudioContext, made while the page was idle: its state, when (page time, ms), and Tone's mix. */
  prepared(): { contextState: AudioContextState | null; preparedAt: number | null; engineBuilt: boolean };
  /** A cue, or one of its notes, rendered offline with the patch the game plays: mono samples. */
  renderCue(cue: SoundCue, noteIndex?: number, sampleRate?: number): Promise<number[]>;
}

declare global {
  interface Window {
    __dondSound?: SoundDebugHook;
  }
}
