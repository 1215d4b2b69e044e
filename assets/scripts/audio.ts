/**
 * The game's two sound files, synthesised sample by sample (no tools, no samples of anyone else's): the
 * looping music track and the phone ring. Pure and deterministic: the same bytes on every run, so the
 * committed files can be checked against this code (npm run check:audio -w assets).
 */
import { createRng } from '@dond/shared';

export const SAMPLE_RATE = 22_050;

export interface Track {
  /** The file's name under game-client/public/audio/. */
  file: string;
  /** The loop's length: the file holds exactly this many seconds. */
  seconds: number;
  render(): Float32Array;
}

const TAU = 2 * Math.PI;

/**
 * Adds a voice into `out`, wrapping past the end to the start, so whatever rings over the loop point
 * sounds at the start of the next pass: the loop has no seam.
 */
function addVoice(out: Float32Array, startSec: number, lengthSec: number, sample: (t: number) => number) {
  const first = Math.round(startSec * SAMPLE_RATE);
  const count = Math.round(lengthSec * SAMPLE_RATE);
  for (let i = 0; i < count; i++) {
    const index = (first + i) % out.length;
    out[index] = out[index]! + sample(i / SAMPLE_RATE);
  }
}

function normalise(out: Float32Array, peak: number): Float32Array {
  let max = 0;
  for (const x of out) max = Math.max(max, Math.abs(x));
  if (max > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i]! / max) * peak;
  return out;
}

const BEAT_SEC = 0.5; // 120 beats a minute
/** Am, F, C, G: two beats each, as [bass root, three chord notes] in Hz. */
const PROGRESSION: ReadonlyArray<readonly [number, number, number, number]> = [
  [110, 220, 261.63, 329.63],
  [87.31, 174.61, 220, 261.63],
  [130.81, 261.63, 329.63, 392],
  [98, 196, 246.94, 293.66],
];

/** Four seconds of a suspenseful game-show groove: soft pad chords, a plucked bass, off-beat hi-hats. */
function renderMusic(): Float32Array {
  const out = new Float32Array(MUSIC.seconds * SAMPLE_RATE);
  // The hi-hat's noise from the game's own seeded PRNG, so the file is the same at every render.
  const random = createRng(26);
  PROGRESSION.forEach(([root, ...chord], bar) => {
    const barStart = bar * 2 * BEAT_SEC;
    for (const f of chord) {
      // The pad swells in and fades over its two beats and a little past them.
      addVoice(out, barStart, 1.2, (t) => {
        const env = Math.min(1, t / 0.08) * Math.exp(-1.2 * t);
        return 0.07 * env * (Math.sin(TAU * f * t) + 0.3 * Math.sin(TAU * 2 * f * t));
      });
    }
    for (let eighth = 0; eighth < 4; eighth++) {
      const f = eighth === 3 ? root * 1.5 : root;
      addVoice(out, barStart + eighth * (BEAT_SEC / 2), 0.3, (t) => {
        const env = Math.min(1, t / 0.005) * Math.exp(-9 * t);
        return 0.22 * env * (Math.sin(TAU * f * t) + Math.sin(TAU * 3 * f * t) / 9);
      });
    }
  });
  for (let beat = 0; beat < MUSIC.seconds / BEAT_SEC; beat++) {
    let last = 0;
    addVoice(out, beat * BEAT_SEC + BEAT_SEC / 2, 0.08, (t) => {
      // Differenced noise: the highs of a closed hi-hat.
      const n = random() * 2 - 1;
      const hiss = n - last;
      last = n;
      return 0.05 * Math.exp(-60 * t) * hiss;
    });
  }
  return normalise(out, 0.8);
}

/** Two seconds: two bursts of a bell phone's trill (440 and 480 Hz struck 20 times a second), then a pause. */
function renderRing(): Float32Array {
  const out = new Float32Array(RING.seconds * SAMPLE_RATE);
  for (const start of [0, 0.6]) {
    addVoice(out, start, 0.4, (t) => {
      const fade = Math.min(1, t / 0.01, (0.4 - t) / 0.01);
      const trill = 0.5 + 0.5 * Math.sin(TAU * 20 * t - Math.PI / 2);
      return fade * trill * 0.5 * (Math.sin(TAU * 440 * t) + Math.sin(TAU * 480 * t));
    });
  }
  return normalise(out, 0.8);
}

export const MUSIC: Track = { file: 'music-loop.wav', seconds: 4, render: renderMusic };
export const RING: Track = { file: 'phone-ring.wav', seconds: 2, render: renderRing };
export const TRACKS = [MUSIC, RING] as const;

/** 16-bit PCM mono WAV bytes. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((x, i) =>
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, x)) * 32767), true),
  );
  return bytes;
}
