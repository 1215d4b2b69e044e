import { MUSIC_LAYOUT } from '@dond/shared';

/** SPEC.md section 8: audio failures are only logged, with these words. */
export const AUDIO_MESSAGES = {
  initFailed: 'Failed to initialize audio:',
  resumeFailed: 'Failed to resume audio:',
  musicFailed: 'Failed to play music:',
  ringFailed: 'Failed to play ringing:',
  outsideProvider: 'useSound must be used within a SoundProvider',
} as const;

/** The local-storage key of the music toggle (SPEC.md section 4 "Music"). */
export const MUSIC_ENABLED_KEY = 'isMusicEnabled';

/** The rendered files of assets/scripts/render-audio.ts, served from game-client/public. */
export const AUDIO_FILES = {
  music: `/audio/${MUSIC_LAYOUT.file}`,
  ring: '/audio/phone-ring.wav',
} as const;

export function readMusicEnabled(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(MUSIC_ENABLED_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function saveMusicEnabled(storage: Pick<Storage, 'setItem'> | undefined, on: boolean): void {
  try {
    storage?.setItem(MUSIC_ENABLED_KEY, String(on));
  } catch {
    // A storage that refuses (private mode, quota) only loses the choice, never the game.
  }
}
