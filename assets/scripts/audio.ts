/**
 * The phone ring, synthesised sample by sample (no tools, no samples of anyone else's), and the WAV encoder.
 * Pure and deterministic: the same bytes on every run, so the committed file can be checked against this
 * code (npm run check:audio -w assets). The music loop is music.ts.
 */

/** The ring's rate: a trill of 440 and 480 Hz needs no more. */
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

export const RING: Track = { file: 'phone-ring.wav', seconds: 2, render: renderRing };

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
