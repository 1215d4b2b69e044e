import { SOUND_CUES, type CueNote, type SoundCue } from '@dond/shared';

/**
 * How every cue note is shaped (decision 0013): a 5 ms linear attack, full sustain, a 50 ms linear release,
 * so a note sounds for its duration plus the release and ends without a click. Linear curves make that
 * length measurable to the sample.
 */
export const CUE_ENVELOPE = {
  attack: 0.005,
  decay: 0.01,
  sustain: 1,
  release: 0.05,
  attackCurve: 'linear',
  releaseCurve: 'linear',
} as const;

/** Each note's gain: a four-note chord at this level still stays under full scale. */
export const CUE_NOTE_LEVEL = 0.2;

export const CUE_NAMES = Object.keys(SOUND_CUES) as SoundCue[];

/** The notes of a cue, as the game plays them and the tests render them. */
export function cueNotes(cue: SoundCue): readonly CueNote[] {
  return SOUND_CUES[cue];
}

/** When the last note of a cue has faded, in seconds after the cue starts. */
export function cueLengthSec(cue: SoundCue): number {
  return Math.max(...cueNotes(cue).map((n) => n.startSec + n.durationSec + CUE_ENVELOPE.release));
}
