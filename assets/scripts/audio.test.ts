import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeWav, RING, SAMPLE_RATE } from './audio.js';

const dir = fileURLToPath(new URL('../../game-client/public/audio/', import.meta.url));

/** The samples of a 16-bit mono WAV, as -1..1. */
function decodeWav(bytes: Buffer): { sampleRate: number; channels: number; samples: Float32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(40, true) / 2;
  const samples = new Float32Array(length);
  for (let i = 0; i < length; i++) samples[i] = view.getInt16(44 + i * 2, true) / 32767;
  return { sampleRate: view.getUint32(24, true), channels: view.getUint16(22, true), samples };
}

describe.each([RING])('$file', (track) => {
  const committed = fs.readFileSync(dir + track.file);

  it('is committed exactly as the script renders it', () => {
    expect(Buffer.compare(committed, Buffer.from(encodeWav(track.render())))).toBe(0);
  });

  it('holds exactly its loop length, mono 16-bit, under 300 KB', () => {
    const { sampleRate, channels, samples } = decodeWav(committed);
    expect(sampleRate).toBe(SAMPLE_RATE);
    expect(channels).toBe(1);
    expect(samples.length).toBe(track.seconds * SAMPLE_RATE);
    expect(committed.length).toBeLessThan(300 * 1024);
  });

  it('loops without a click: the jump from the last sample to the first is like any other step', () => {
    const { samples } = decodeWav(committed);
    const steps = samples
      .slice(1)
      .map((x, i) => Math.abs(x - samples[i]!))
      .sort();
    const typicalLoud = steps[Math.floor(steps.length * 0.99)]!;
    const seam = Math.abs(samples[0]! - samples.at(-1)!);
    expect(seam).toBeLessThanOrEqual(typicalLoud);
  });
});
