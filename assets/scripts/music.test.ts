import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMp3 } from './mp3.js';
import { renderMusic, toPcm16, type StereoPcm } from './music.js';
import { MUSIC_LAYOUT, type MusicSectionName } from '@dond/shared';
import { PCM_TAG, sha256 } from './render-audio.js';

const file = fileURLToPath(new URL(`../../game-client/public/audio/${MUSIC_LAYOUT.file}`, import.meta.url));
const RATE = MUSIC_LAYOUT.sampleRate;

/** What the ear gets from a stretch of the loop: its loudness and its brightness. */
interface Figures {
  rms: number;
  /** sqrt(mean(step^2) / mean(x^2)): grows with the mean frequency (a spectral figure without an FFT). */
  brightness: number;
}

function figures(x: Float32Array, from: number, to: number): Figures {
  let energy = 0;
  let steps = 0;
  for (let i = from; i < to; i++) {
    energy += x[i]! ** 2;
    if (i > from) steps += (x[i]! - x[i - 1]!) ** 2;
  }
  return { rms: Math.sqrt(energy / (to - from)), brightness: Math.sqrt(steps / energy) };
}

/** The loop's typical loud step from one sample to the next: the 99th percentile. */
function typicalStep(x: Float32Array): number {
  const steps = new Float32Array(x.length - 1);
  for (let i = 1; i < x.length; i++) steps[i - 1] = Math.abs(x[i]! - x[i - 1]!);
  steps.sort();
  return steps[Math.floor(steps.length * 0.99)]!;
}

describe('the music loop', () => {
  const committed = fs.readFileSync(file);
  const mp3 = readMp3(committed);
  let pcm: StereoPcm;
  let mono: Float32Array;
  const bySection = new Map<MusicSectionName, Figures>();
  const sample = (sec: number) => Math.round(sec * RATE);

  beforeAll(() => {
    pcm = renderMusic();
    mono = pcm.left.map((l, i) => (l + pcm.right[i]!) / 2);
    for (const s of MUSIC_LAYOUT.sections)
      bySection.set(s.name, figures(mono, sample(s.startSec), sample(s.endSec)));
    console.log(
      [...bySection]
        .map(([name, f]) => `${name}: rms ${f.rms.toFixed(3)}, brightness ${f.brightness.toFixed(3)}`)
        .join('\n'),
    );
  }, 120_000);

  it('is an MP3 of at least 60 s, 44.1 kHz stereo, under 1.5 MB (read from its frames, not decoded)', () => {
    console.log(
      `${MUSIC_LAYOUT.file}: ${mp3.frames} frames, ${mp3.samples} samples = ${mp3.seconds} s, ${mp3.sampleRate} Hz, ` +
        `${mp3.channels} channels, ${mp3.bitrates.join('/')} kbit/s, ${committed.length} bytes`,
    );
    expect(mp3.sampleRate).toBe(44_100);
    expect(mp3.channels).toBe(2);
    expect(mp3.seconds).toBeGreaterThanOrEqual(60);
    // Gapless: the LAME tag trims the encoder's delay and padding to exactly the loop.
    expect(mp3.samples).toBe(MUSIC_LAYOUT.seconds * RATE);
    expect(committed.length).toBeLessThan(1_500_000);
  });

  it('was encoded from exactly what the script renders', { timeout: 30_000 }, () => {
    expect(mp3.tags[PCM_TAG]).toBe(sha256(toPcm16(pcm)));
  });

  it('is laid out intro, main, lift, tension, turnaround, end to end', () => {
    expect(MUSIC_LAYOUT.sections.map((s) => s.name)).toEqual([
      'intro',
      'main',
      'lift',
      'tension',
      'turnaround',
    ]);
    MUSIC_LAYOUT.sections.forEach((s, i) =>
      expect(s.startSec).toBe(i === 0 ? 0 : MUSIC_LAYOUT.sections[i - 1]!.endSec),
    );
    expect(MUSIC_LAYOUT.tension).toEqual({ name: 'tension', startSec: 40, endSec: 56 });
    expect(pcm.left.length).toBe(MUSIC_LAYOUT.seconds * RATE);
  });

  it('is stereo, not the same signal twice', () => {
    let diff = 0;
    for (let i = 0; i < pcm.left.length; i += 7) diff += (pcm.left[i]! - pcm.right[i]!) ** 2;
    expect(Math.sqrt(diff / (pcm.left.length / 7))).toBeGreaterThan(0.01);
  });

  it('has sections that sound different: a soft intro, a full main, a dark and quiet tension', () => {
    const f = (name: MusicSectionName) => bySection.get(name)!;
    expect(f('intro').rms).toBeLessThan(f('main').rms * 0.8);
    expect(f('tension').rms).toBeLessThan(f('main').rms * 0.8);
    expect(f('tension').rms).toBeLessThan(f('lift').rms * 0.8);
    // The tension is by far the darkest section: a drone and a heartbeat, no tune, no cymbals.
    for (const other of ['intro', 'main', 'lift', 'turnaround'] as const)
      expect(f('tension').brightness).toBeLessThan(f(other).brightness * 0.5);
    // The main and the lift are the loudest: the full band.
    for (const other of ['intro', 'tension', 'turnaround'] as const)
      expect(Math.min(f('main').rms, f('lift').rms)).toBeGreaterThan(f(other).rms);
  });

  it('holds the tension where the layout says: every bar of 40-56 s is darker than every bar elsewhere', () => {
    const bars = MUSIC_LAYOUT.seconds / MUSIC_LAYOUT.secondsPerBar;
    const perBar = Array.from({ length: bars }, (_, bar) => {
      const from = bar * MUSIC_LAYOUT.secondsPerBar;
      return { from, ...figures(mono, sample(from), sample(from + MUSIC_LAYOUT.secondsPerBar)) };
    });
    const { startSec, endSec } = MUSIC_LAYOUT.tension;
    const inside = perBar.filter((b) => b.from >= startSec && b.from < endSec);
    const outside = perBar.filter((b) => b.from < startSec || b.from >= endSec);
    expect(inside).toHaveLength(8);
    expect(Math.max(...inside.map((b) => b.brightness))).toBeLessThan(
      Math.min(...outside.map((b) => b.brightness)),
    );
  });

  it('loops without a click, and so does the tension section on its own', { timeout: 30_000 }, () => {
    const { startSec, endSec } = MUSIC_LAYOUT.tension;
    for (const x of [pcm.left, pcm.right]) {
      const typical = typicalStep(x);
      const jump = (last: number, next: number) => Math.abs(x[next]! - x[last]!);
      expect(jump(x.length - 1, 0)).toBeLessThanOrEqual(typical);
      expect(jump(sample(endSec) - 1, sample(startSec))).toBeLessThanOrEqual(typical);
      // Into and out of the tension in the file too.
      for (const at of [startSec, endSec])
        expect(jump(sample(at) - 1, sample(at))).toBeLessThanOrEqual(typical);
    }
  });

  it('ends the tension in silence, so a loop of it never replays another section’s tail', () => {
    const { endSec } = MUSIC_LAYOUT.tension;
    const tail = figures(mono, sample(endSec - 0.01), sample(endSec));
    expect(tail.rms).toBeLessThan(bySection.get('tension')!.rms * 0.02);
  });
});
