import {
  DEFAULT_VOLUMES,
  MUSIC_INITIAL_VOLUME,
  MUSIC_VOLUME_SCALE,
  RING_VOLUME_SCALE,
  VOLUME_MAX,
  VOLUME_MIN,
} from '@dond/shared';

export type VolumeKind = keyof typeof DEFAULT_VOLUMES;

export interface Volumes {
  master: number;
  music: number;
  sfx: number;
  /** False until the player moves the Music slider: till then the track plays at its own 0.7. */
  musicTouched: boolean;
}

export const INITIAL_VOLUMES: Volumes = { ...DEFAULT_VOLUMES, musicTouched: false };

/**
 * The value of each gain node of the mix: master feeds the speakers; the effects bus and the music feed
 * master; the ring feeds the effects bus. So the ring sounds at master x sfx x 0.6, the music at master x
 * 0.7, then at master x half the music volume.
 */
export interface MixerGains {
  master: number;
  sfx: number;
  music: number;
  ring: number;
}

export function mixerGains(v: Volumes): MixerGains {
  return {
    master: v.master,
    sfx: v.sfx,
    music: v.musicTouched ? v.music * MUSIC_VOLUME_SCALE : MUSIC_INITIAL_VOLUME,
    ring: RING_VOLUME_SCALE,
  };
}

/** What reaches the speakers from each source, through the chain above. */
export function effectiveLevels(v: Volumes): { cues: number; ring: number; music: number } {
  const g = mixerGains(v);
  return { cues: g.master * g.sfx, ring: g.master * g.sfx * g.ring, music: g.master * g.music };
}

/** A slider's value, kept inside 0..1 and on its 0.1 steps. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return VOLUME_MIN;
  return Math.round(Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value)) * 10) / 10;
}
