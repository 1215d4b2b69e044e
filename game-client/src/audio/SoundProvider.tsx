import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SoundCue } from '@dond/shared';
import { browserStorage } from '../store/browserStorage';
import { afterBoardSettles, preparedContext } from './audioContext';
import './debugHook';
import { AUDIO_MESSAGES } from './messages';
import type { VolumeKind } from './mixer';
import { SoundSystem, type EngineLoader, type Preparer, type SoundSettings } from './soundSystem';
import { useGameSounds } from './useGameSounds';

const SoundContext = createContext<SoundSystem | null>(null);

/** The first pointer or key press anywhere resumes the audio and loads Tone (browsers want a gesture for audio). */
const GESTURES = ['pointerdown', 'keydown'] as const;

/**
 * Sound for the game screen: the audio context and the files once the board is playable and the page idle,
 * Tone on the first gesture, cues on the game's events, pause while the tab is hidden; all of it stops when
 * the screen is left.
 */
export function SoundProvider({
  children,
  loadEngine,
  preparer,
}: {
  children: ReactNode;
  loadEngine?: EngineLoader;
  preparer?: Preparer;
}) {
  const [system] = useState(
    () => new SoundSystem(browserStorage('localStorage') ?? undefined, loadEngine, preparer),
  );

  useEffect(() => afterBoardSettles(() => void system.prepare()), [system]);

  useEffect(() => {
    const unlock = () => {
      for (const type of GESTURES) window.removeEventListener(type, unlock, true);
      void system.unlock();
    };
    for (const type of GESTURES) window.addEventListener(type, unlock, true);
    const onVisibility = () => system.setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    window.__dondSound = {
      settings: () => system.getSettings(),
      levels: () => system.levels(),
      played: () => [...system.played],
      bedLog: () => [...system.bedLog],
      prepared: () => {
        const { context, preparedAt } = preparedContext();
        return { contextState: context?.state ?? null, preparedAt, engineBuilt: system.engineBuilt };
      },
      renderCue: (cue, noteIndex, sampleRate) =>
        import('./toneEngine').then((m) => m.renderCue(cue, noteIndex, sampleRate)),
    };
    return () => {
      for (const type of GESTURES) window.removeEventListener(type, unlock, true);
      document.removeEventListener('visibilitychange', onVisibility);
      delete window.__dondSound;
      system.dispose();
    };
  }, [system]);

  useGameSounds(system);

  return <SoundContext.Provider value={system}>{children}</SoundContext.Provider>;
}

export interface UseSound {
  settings: SoundSettings;
  sfx: { play(cue: SoundCue): void };
  setVolume(kind: VolumeKind, value: number): void;
  setMusicEnabled(on: boolean): void;
}

export function useSound(): UseSound {
  const system = useContext(SoundContext);
  if (!system) throw new Error(AUDIO_MESSAGES.outsideProvider);
  const settings = useSyncExternalStore(system.subscribe, system.getSettings);
  return {
    settings,
    sfx: { play: (cue) => system.play(cue) },
    setVolume: (kind, value) => system.setVolume(kind, value),
    setMusicEnabled: (on) => system.setMusicEnabled(on),
  };
}
