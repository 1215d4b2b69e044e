/**
 * The game's music loop, synthesised sample by sample from our own instruments (no samples, no tools): 64 s
 * of a game-show cue at 120 bpm in A minor, 44.1 kHz stereo, in five sections (shared/src/audio/musicLayout.ts):
 *
 *   intro       0-8 s   timpani, bells and strings on Am F C E, a snare roll and a riser into
 *   main        8-24 s  four-on-the-floor drums, bouncing bass, brass stabs and the lead tune
 *   lift       24-40 s  a second tune an octave up over held brass, ending on a hit and a tom fill
 *   tension    40-56 s  no tune: a low drone, tremolo strings, a ticking clock and a heartbeat;
 *                       it starts and ends in silence so that it loops on its own (the banker's bed)
 *   turnaround 56-64 s  the groove again, a final hit, and strings that fall back into the intro
 *
 * Pure and deterministic: the same samples on every run (noise from the game's seeded PRNG), so the
 * committed MP3 can be checked against this code without decoding it (render-audio.ts, music.test.ts).
 */
import { createRng } from '@dond/shared';
import { MUSIC_LAYOUT, type MusicSectionName } from '@dond/shared';

const RATE = MUSIC_LAYOUT.sampleRate;
const TAU = 2 * Math.PI;
const BAR = MUSIC_LAYOUT.secondsPerBar;
const BEAT = BAR / 4;
const EIGHTH = BEAT / 2;
const SIXTEENTH = BEAT / 4;
/** Every sound stays under this frequency: no aliasing from our additive oscillators. */
const TOP_HZ = 12_000;

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const section = (name: MusicSectionName) => MUSIC_LAYOUT.sections.find((s) => s.name === name)!;
/** Start of bar `n` (0-based) of a section, plus beats. */
const at = (name: MusicSectionName, bar: number, beats = 0) =>
  section(name).startSec + bar * BAR + beats * BEAT;

export interface StereoPcm {
  left: Float32Array;
  right: Float32Array;
}

interface VoiceOptions {
  /** -1 left .. 1 right (equal power). */
  pan?: number;
  gain?: number;
  /** How much goes to the reverb. */
  send?: number;
  /** Nothing of the voice sounds from this time on; it fades out over the 15 ms before. */
  until?: number;
}

/** A sound as a function of its own time in seconds. */
type Sample = (t: number) => number;

/** Sums voices into the loop; a voice ringing past the end sounds at the start: the loop has no seam. */
class Mix {
  readonly length = Math.round(MUSIC_LAYOUT.seconds * RATE);
  readonly left = new Float32Array(this.length);
  readonly right = new Float32Array(this.length);
  readonly sendLeft = new Float32Array(this.length);
  readonly sendRight = new Float32Array(this.length);

  add(startSec: number, lengthSec: number, sample: Sample, options: VoiceOptions = {}): void {
    const { pan = 0, gain = 1, send = 0, until } = options;
    const angle = ((pan + 1) * Math.PI) / 4;
    const gl = Math.cos(angle) * gain * Math.SQRT2;
    const gr = Math.sin(angle) * gain * Math.SQRT2;
    const first = Math.round(startSec * RATE);
    let count = Math.round(lengthSec * RATE);
    const fade = 0.015 * RATE;
    const stop = until === undefined ? Infinity : Math.round(until * RATE) - first;
    count = Math.min(count, stop);
    for (let i = 0; i < count; i++) {
      let x = sample(i / RATE);
      if (stop - i < fade) x *= (stop - i) / fade;
      const index = (first + i) % this.length;
      this.left[index]! += x * gl;
      this.right[index]! += x * gr;
      if (send) {
        this.sendLeft[index]! += x * gl * send;
        this.sendRight[index]! += x * gr * send;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Instruments: each answers a sample function for one note.

/** sum over k of weights[k - 1] * sin(k * phase), by the Chebyshev recurrence (one sine and one cosine a sample). */
function harmonics(phase: number, weights: Float64Array): number {
  const c2 = 2 * Math.cos(phase);
  let prev = 0;
  let cur = Math.sin(phase);
  let sum = 0;
  for (let k = 0; k < weights.length; k++) {
    sum += weights[k]! * cur;
    const next = c2 * cur - prev;
    prev = cur;
    cur = next;
  }
  return sum;
}

/** sum over k of ratio^(k - 1) / k * sin(k * phase): a saw whose highs fall away as ratio drops below 1. */
function dampedSaw(phase: number, count: number, ratio: number): number {
  const c2 = 2 * Math.cos(phase);
  let prev = 0;
  let cur = Math.sin(phase);
  let sum = 0;
  let gain = 1;
  for (let k = 1; k <= count; k++) {
    sum += (gain / k) * cur;
    gain *= ratio;
    const next = c2 * cur - prev;
    prev = cur;
    cur = next;
  }
  return sum;
}

/** The weights of the first `count` harmonics. */
const weights = (count: number, weight: (k: number) => number) =>
  Float64Array.from({ length: count }, (_, i) => weight(i + 1));

const partials = (freq: number, max: number) => Math.max(1, Math.min(max, Math.floor(TOP_HZ / freq)));

/** Attack, then held, then a release ending exactly at `length`. */
function envelope(t: number, length: number, attack: number, release: number): number {
  if (t < attack) return t / attack;
  const left = length - t;
  if (left < release) return Math.max(0, left / release);
  return 1;
}

function kick(depth = 1): Sample {
  return (t) => {
    const phase = TAU * (48 * t + (95 * (1 - Math.exp(-28 * t))) / 28);
    return depth * Math.exp(-7 * t) * Math.sin(phase) * Math.min(1, t / 0.002);
  };
}

/** Noise from the seeded PRNG, with a one-pole high-pass of `brightness` (0..1). */
function noise(seed: number, brightness: number): () => number {
  const random = createRng(seed);
  let last = 0;
  return () => {
    const n = random() * 2 - 1;
    const out = n - brightness * last;
    last = n;
    return out;
  };
}

let seeds = 1;

function snare(): Sample {
  const hiss = noise(seeds++, 0.7);
  return (t) =>
    0.55 * Math.exp(-22 * t) * Math.sin(TAU * 185 * t) +
    0.6 * Math.exp(-16 * t) * hiss() * Math.min(1, t / 0.001);
}

function hat(open: boolean): Sample {
  const hiss = noise(seeds++, 0.98);
  return (t) => (open ? Math.exp(-11 * t) : Math.exp(-65 * t)) * hiss() * Math.min(1, t / 0.0005);
}

function crash(): Sample {
  const hiss = noise(seeds++, 0.9);
  return (t) => Math.exp(-2.2 * t) * hiss() * Math.min(1, t / 0.002);
}

/** A timpani-like tom: a falling pitch and a long body. */
function tom(freq: number, decay = 5): Sample {
  return (t) => {
    const phase = TAU * freq * (t + (0.4 * (1 - Math.exp(-25 * t))) / 25);
    return Math.exp(-decay * t) * (Math.sin(phase) + 0.25 * Math.sin(1.5 * phase)) * Math.min(1, t / 0.003);
  };
}

/** The clock's tick: a woodblock. */
function tick(freq: number): Sample {
  return (t) => Math.exp(-70 * t) * (Math.sin(TAU * freq * t) + 0.5 * Math.sin(TAU * freq * 1.47 * t));
}

function bell(freq: number): Sample {
  return (t) =>
    Math.exp(-2.5 * t) *
    Math.min(1, t / 0.002) *
    (Math.sin(TAU * freq * t) +
      0.45 * Math.exp(-5 * t) * Math.sin(TAU * freq * 2.76 * t) +
      0.2 * Math.exp(-9 * t) * Math.sin(TAU * freq * 5.4 * t));
}

/** A plucked synth bass: a saw whose upper harmonics die away first, over a sine sub. */
function bass(freq: number, length: number): Sample {
  const saw = weights(partials(freq, 10), (k) => 1 / k);
  return (t) => {
    const env = envelope(t, length, 0.004, 0.03) * (0.55 + 0.45 * Math.exp(-6 * t));
    const bright = 0.8 * Math.exp(-10 * t) + 0.12;
    const sine = Math.sin(TAU * freq * t);
    // The fundamental at full strength, the harmonics above it at `bright`.
    const tone = (1 - bright) * sine + bright * harmonics(TAU * freq * t, saw);
    return env * (0.6 * tone + 0.5 * sine);
  };
}

/** Brass: a saw that brightens as it swells, detuned by `cents`. */
function brass(freq: number, length: number, cents: number, attack = 0.03): Sample {
  const f = freq * 2 ** (cents / 1200);
  const n = partials(f, 14);
  return (t) => {
    const env = envelope(t, length, attack, 0.08) * (0.8 + 0.2 * Math.exp(-4 * t));
    const open = 0.35 + 0.65 * Math.min(1, t / (attack * 2));
    return env * dampedSaw(TAU * f * t, n, Math.exp(-(1.1 - open) * 0.9));
  };
}

/** Strings: a soft saw with a slow bow and vibrato; `tremolo` bows it in sixteenths. */
function strings(freq: number, length: number, cents: number, tremolo = false): Sample {
  const f = freq * 2 ** (cents / 1200);
  const w = weights(partials(f, 9), (k) => 1 / k ** 1.4);
  return (t) => {
    const env = envelope(t, length, tremolo ? 0.08 : 0.35, 0.35);
    const bow = tremolo ? 0.55 + 0.45 * Math.cos(TAU * (1 / SIXTEENTH) * t) : 1;
    const vib = (0.003 * Math.sin(TAU * 5.2 * t)) / (TAU * 5.2);
    return env * bow * harmonics(TAU * f * (t + vib), w);
  };
}

/** The lead: a hollow square with vibrato that comes in after the attack. */
function lead(freq: number, length: number): Sample {
  const w = weights(partials(freq, 11), (k) => (k % 2 === 1 ? 1 / k : 0.18 / k));
  return (t) => {
    const env = envelope(t, length, 0.01, 0.06);
    const depth = 0.004 * Math.min(1, Math.max(0, (t - 0.15) / 0.2));
    const vib = (depth * Math.sin(TAU * 5.6 * t)) / (TAU * 5.6);
    return env * harmonics(TAU * freq * (t + vib), w);
  };
}

/** The tension's drone: a low organ-like tone that breathes in and out; silent at both ends. */
function drone(freq: number, length: number): Sample {
  return (t) => {
    const env = envelope(t, length, 0.4, 0.4) * (0.75 + 0.25 * Math.sin((TAU * t) / (2 * BAR) - Math.PI / 2));
    return (
      env *
      (Math.sin(TAU * freq * t) + 0.5 * Math.sin(TAU * 2 * freq * t) + 0.2 * Math.sin(TAU * 3 * freq * t))
    );
  };
}

/** Rising noise and a rising whistle: the build into a section. */
function riser(length: number): Sample {
  const hiss = noise(seeds++, 0.95);
  return (t) => {
    const x = t / length;
    const env = x * x * envelope(t, length, 0.01, 0.02);
    const phase = TAU * 300 * ((length / Math.log(8)) * (8 ** x - 1));
    return env * (0.6 * hiss() + 0.25 * Math.sin(phase));
  };
}

// ---------------------------------------------------------------------------------------------------------
// The score.

type Chord = readonly number[];
/** Chord voicings (MIDI) and bass roots. */
const CHORDS: Record<string, { notes: Chord; root: number }> = {
  Am: { notes: [57, 60, 64], root: 33 },
  F: { notes: [57, 60, 65], root: 29 },
  C: { notes: [55, 60, 64], root: 36 },
  G: { notes: [55, 59, 62], root: 31 },
  Dm: { notes: [57, 62, 65], root: 38 },
  E: { notes: [56, 59, 64], root: 28 },
  Em: { notes: [55, 59, 64], root: 28 },
  Esus: { notes: [57, 59, 64], root: 28 },
};

/** A tune: per bar, notes as [eighth, MIDI, length in eighths]. */
type Tune = ReadonlyArray<ReadonlyArray<readonly [number, number, number]>>;

const MAIN_CHORDS = ['Am', 'F', 'C', 'G', 'Am', 'F', 'Dm', 'E'];
const MAIN_TUNE: Tune = [
  [
    [0, 76, 2],
    [2, 81, 2],
    [4, 79, 1],
    [5, 76, 1],
    [6, 72, 2],
  ],
  [
    [0, 74, 1],
    [1, 72, 1],
    [2, 69, 2],
    [4, 72, 2],
    [6, 77, 2],
  ],
  [
    [0, 76, 3],
    [3, 79, 1],
    [4, 76, 1],
    [5, 74, 1],
    [6, 72, 2],
  ],
  [
    [0, 74, 2],
    [2, 71, 2],
    [4, 67, 2],
    [6, 71, 2],
  ],
  [
    [0, 76, 2],
    [2, 81, 2],
    [4, 79, 1],
    [5, 76, 1],
    [6, 72, 2],
  ],
  [
    [0, 77, 2],
    [2, 81, 2],
    [4, 84, 2],
    [6, 81, 1],
    [7, 77, 1],
  ],
  [
    [0, 77, 2],
    [2, 74, 2],
    [4, 69, 2],
    [6, 74, 2],
  ],
  [
    [0, 76, 4],
    [4, 80, 2],
    [6, 83, 2],
  ],
];
const LIFT_CHORDS = ['F', 'G', 'Em', 'Am', 'F', 'G', 'Esus', 'E'];
const LIFT_TUNE: Tune = [
  [
    [0, 81, 3],
    [3, 79, 1],
    [4, 77, 2],
    [6, 76, 2],
  ],
  [
    [0, 74, 3],
    [3, 76, 1],
    [4, 79, 4],
  ],
  [
    [0, 79, 2],
    [2, 76, 2],
    [4, 71, 2],
    [6, 76, 2],
  ],
  [
    [0, 72, 3],
    [3, 71, 1],
    [4, 69, 4],
  ],
  [
    [0, 81, 2],
    [2, 84, 2],
    [4, 83, 2],
    [6, 81, 2],
  ],
  [
    [0, 79, 2],
    [2, 83, 2],
    [4, 86, 4],
  ],
  [
    [0, 88, 6],
    [6, 86, 1],
    [7, 83, 1],
  ],
  [[0, 80, 2]],
];
const INTRO_CHORDS = ['Am', 'F', 'C', 'E'];
const TURNAROUND_CHORDS = ['Am', 'F', 'G', 'E'];

function playTune(mix: Mix, start: number, tune: Tune, options: VoiceOptions & { octave?: number }) {
  tune.forEach((notes, bar) => {
    for (const [eighth, midi, eighths] of notes) {
      const length = eighths * EIGHTH * 0.92;
      const f = hz(midi + 12 * (options.octave ?? 0));
      mix.add(start + bar * BAR + eighth * EIGHTH, length + 0.1, lead(f, length), options);
    }
  });
}

function padChord(mix: Mix, start: number, length: number, chord: Chord, gain: number, until?: number) {
  chord.forEach((midi, i) => {
    for (const [cents, pan] of [
      [-7, -0.7],
      [7, 0.7],
    ] as const)
      mix.add(start, length, strings(hz(midi), length, cents), {
        pan: pan * (0.6 + i * 0.2),
        gain,
        send: 0.35,
        until,
      });
  });
}

function brassChord(mix: Mix, start: number, length: number, chord: Chord, gain: number, until?: number) {
  for (const midi of chord) {
    for (const [cents, pan] of [
      [-6, -0.45],
      [6, 0.45],
    ] as const)
      mix.add(start, length + 0.1, brass(hz(midi + 12), length, cents), { pan, gain, send: 0.2, until });
  }
}

/** Kick on every beat, snare on 2 and 4, closed hats on the eighths, an open hat on each off-beat. */
function groove(mix: Mix, start: number, bars: number, until?: number) {
  for (let bar = 0; bar < bars; bar++) {
    const b = start + bar * BAR;
    for (let beat = 0; beat < 4; beat++) {
      mix.add(b + beat * BEAT, 0.5, kick(), { gain: 0.9, until });
      if (beat % 2 === 1)
        mix.add(b + beat * BEAT, 0.4, snare(), { gain: 0.42, send: 0.15, pan: 0.05, until });
      mix.add(b + beat * BEAT, 0.08, hat(false), { gain: 0.1, pan: 0.35, until });
      mix.add(b + beat * BEAT + EIGHTH, 0.35, hat(true), { gain: 0.09, pan: 0.35, until });
    }
  }
}

function bouncingBass(mix: Mix, start: number, chords: readonly string[], until?: number) {
  chords.forEach((name, bar) => {
    const root = CHORDS[name]!.root;
    for (let e = 0; e < 8; e++) {
      const midi = root + (e % 2 === 1 ? 12 : 0);
      mix.add(start + bar * BAR + e * EIGHTH, EIGHTH, bass(hz(midi), EIGHTH * 0.9), { gain: 0.42, until });
    }
  });
}

function renderIntro(mix: Mix) {
  INTRO_CHORDS.forEach((name, bar) => {
    const { notes, root } = CHORDS[name]!;
    const b = at('intro', bar);
    mix.add(b, 1.2, tom(hz(root + 12)), { gain: 0.55, send: 0.3 });
    padChord(mix, b, BAR + 0.3, notes, 0.05);
    // Bells arpeggiate the chord an octave and two up, softly.
    const arp = [
      notes[0]!,
      notes[1]!,
      notes[2]!,
      notes[1]! + 12,
      notes[2]! + 12,
      notes[1]! + 12,
      notes[2]!,
      notes[1]!,
    ];
    arp.forEach((midi, e) =>
      mix.add(b + e * EIGHTH, 1.4, bell(hz(midi + 12)), {
        gain: 0.07 + 0.01 * bar,
        pan: e % 2 ? 0.5 : -0.5,
        send: 0.4,
      }),
    );
  });
  // Bar 4: a snare roll that swells, and the riser, into the main groove.
  const roll = at('intro', 3);
  for (let i = 0; i < 16; i++)
    mix.add(roll + i * SIXTEENTH, 0.3, snare(), { gain: 0.06 + 0.3 * (i / 15) ** 2, send: 0.15 });
  mix.add(roll, BAR, riser(BAR), { gain: 0.22, send: 0.3 });
}

function renderMain(mix: Mix) {
  const start = at('main', 0);
  mix.add(start, 3, crash(), { gain: 0.16, pan: -0.3, send: 0.2 });
  groove(mix, start, 8);
  bouncingBass(mix, start, MAIN_CHORDS);
  MAIN_CHORDS.forEach((name, bar) => {
    const { notes } = CHORDS[name]!;
    const b = start + bar * BAR;
    padChord(mix, b, BAR, notes, 0.025);
    // The game-show stabs: on the one and on the "and" of two.
    brassChord(mix, b, 0.18, notes, 0.05);
    brassChord(mix, b + 1.5 * BEAT, 0.18, notes, 0.05);
  });
  playTune(mix, start, MAIN_TUNE, { gain: 0.12, send: 0.25, pan: 0.05 });
}

function renderLift(mix: Mix) {
  const start = at('lift', 0);
  const end = section('lift').endSec;
  mix.add(start, 3, crash(), { gain: 0.16, pan: 0.3, send: 0.2 });
  groove(mix, start, 7, end);
  LIFT_CHORDS.forEach((name, bar) => {
    const { notes, root } = CHORDS[name]!;
    const b = start + bar * BAR;
    if (bar < 7) {
      brassChord(mix, b, BAR * 0.95, notes, 0.028, end);
      padChord(
        mix,
        b,
        BAR,
        notes.map((m) => m + 12),
        0.02,
        end,
      );
      // Syncopated bass: one, the "and" of two, four.
      for (const [beats, len] of [
        [0, 1.25],
        [1.5, 1],
        [3, 0.75],
      ] as const)
        mix.add(b + beats * BEAT, len * BEAT, bass(hz(root), len * BEAT * 0.9), { gain: 0.5, until: end });
    }
  });
  playTune(mix, start, LIFT_TUNE, { gain: 0.1, send: 0.3, pan: -0.05, until: end });
  // Bells double the tune an octave up.
  playBells(mix, start, LIFT_TUNE, end);
  // The last bar: one hit on E, then a falling tom fill, and silence by the tension.
  const last = at('lift', 7);
  brassChord(mix, last, 0.5, CHORDS.E!.notes, 0.06, end);
  mix.add(last, 0.6, kick(), { gain: 1, until: end });
  mix.add(last, 2, crash(), { gain: 0.14, until: end });
  mix.add(last, 0.8, bass(hz(28), 0.7), { gain: 0.55, until: end });
  [52, 50, 47, 45, 43, 40].forEach((midi, i) =>
    mix.add(last + 2 * BEAT + i * (BEAT / 3), 0.6, tom(hz(midi), 9), {
      gain: 0.35,
      pan: 0.5 - i * 0.2,
      until: end,
    }),
  );
}

function playBells(mix: Mix, start: number, tune: Tune, until: number) {
  tune.forEach((notes, bar) => {
    for (const [eighth, midi] of notes)
      mix.add(start + bar * BAR + eighth * EIGHTH, 1.2, bell(hz(midi + 12)), {
        gain: 0.035,
        pan: 0.4,
        send: 0.4,
        until,
      });
  });
}

/** Bars of the tension, two at a time: Am, Bb over A, Am, then E with a flat ninth over G sharp. */
const TENSION_CLUSTERS: readonly Chord[] = [
  [45, 52, 57, 60],
  [45, 53, 58, 62],
  [45, 52, 57, 60],
  [44, 52, 56, 62, 65],
];

function renderTension(mix: Mix) {
  const { startSec: start, endSec: end } = section('tension');
  const length = end - start;
  // Every voice here ends before the section does, and nothing else sounds in it: it loops on its own.
  mix.add(start, length, drone(55, length), { gain: 0.3, until: end });
  mix.add(start, length, drone(82.5, length), { gain: 0.08, pan: 0.2, until: end });
  TENSION_CLUSTERS.forEach((chord, pair) => {
    const b = start + pair * 2 * BAR;
    chord.forEach((midi, i) => {
      const len = 2 * BAR - 0.05;
      mix.add(b, len, strings(hz(midi + 12), len, i % 2 ? 5 : -5, true), {
        gain: 0.035,
        pan: -0.6 + (1.2 * i) / (chord.length - 1),
        until: end,
      });
    });
  });
  for (let bar = 0; bar < 8; bar++) {
    const b = start + bar * BAR;
    // A heartbeat, a ticking clock, and a pulse on A.
    mix.add(b, 0.4, kick(0.8), { gain: 0.7, until: end });
    mix.add(b + 0.28, 0.4, kick(0.5), { gain: 0.5, until: end });
    for (let beat = 0; beat < 4; beat++)
      mix.add(b + beat * BEAT, 0.06, tick(beat % 2 ? 1650 : 2200), {
        gain: 0.06,
        pan: beat % 2 ? 0.5 : -0.5,
      });
    for (let e = 0; e < 8; e++)
      mix.add(b + e * EIGHTH, EIGHTH * 0.6, bass(55, EIGHTH * 0.55), {
        gain: 0.22 + (e === 0 ? 0.1 : 0),
        until: end,
      });
    if (bar >= 4)
      for (let s = 0; s < 16; s++)
        mix.add(b + s * SIXTEENTH, 0.05, hat(false), {
          gain: 0.03 + 0.02 * (s % 4 === 0 ? 1 : 0),
          pan: 0.4,
          until: end,
        });
  }
}

function renderTurnaround(mix: Mix) {
  const start = at('turnaround', 0);
  mix.add(start, 3, crash(), { gain: 0.18, pan: -0.3, send: 0.2 });
  groove(mix, start, 2);
  bouncingBass(mix, start, TURNAROUND_CHORDS.slice(0, 2));
  TURNAROUND_CHORDS.slice(0, 2).forEach((name, bar) => {
    const { notes } = CHORDS[name]!;
    brassChord(mix, start + bar * BAR, 0.18, notes, 0.05);
    brassChord(mix, start + bar * BAR + 1.5 * BEAT, 0.18, notes, 0.05);
  });
  playTune(mix, start, MAIN_TUNE.slice(0, 2), { gain: 0.12, send: 0.25, pan: 0.05 });
  // The final hit on G, then strings on E fall back into the intro's timpani.
  const hit = at('turnaround', 2);
  brassChord(mix, hit, 1.2, CHORDS.G!.notes, 0.07);
  mix.add(hit, 0.6, kick(), { gain: 1 });
  mix.add(hit, 3, crash(), { gain: 0.2, send: 0.3 });
  mix.add(hit, 1.5, tom(hz(43)), { gain: 0.5, send: 0.3 });
  const last = at('turnaround', 3);
  padChord(mix, last, BAR + 0.4, CHORDS.E!.notes, 0.05);
  mix.add(last, 1.2, tom(hz(40)), { gain: 0.4, send: 0.3 });
  // Bells fall down the E chord into the intro's first bar.
  [88, 83, 80, 76, 71, 68, 64, 59].forEach((midi, e) =>
    mix.add(last + e * EIGHTH, 1.4, bell(hz(midi)), { gain: 0.08, pan: e % 2 ? 0.5 : -0.5, send: 0.4 }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The room: a small stereo reverb (four damped combs, two all-passes) on the send. It starts on the loop's
// last seconds, so its tail at the end of the loop is its state at the start: the loop has no seam.

const COMBS = [1116, 1188, 1277, 1356];
const ALLPASSES = [556, 441];
const PRE_ROLL_SEC = 4;

function reverb(input: Float32Array, spread: number): Float32Array {
  const combs = COMBS.map((d) => ({ buffer: new Float32Array(d + spread), index: 0, low: 0 }));
  const passes = ALLPASSES.map((d) => ({ buffer: new Float32Array(d + spread), index: 0 }));
  const out = new Float32Array(input.length);
  const n = input.length;
  const preRoll = PRE_ROLL_SEC * RATE;
  for (let j = -preRoll; j < n; j++) {
    const x = input[(j + n) % n]! * 0.1;
    let y = 0;
    for (const c of combs) {
      const stored = c.buffer[c.index]!;
      c.low = stored * 0.7 + c.low * 0.3;
      c.buffer[c.index] = x + c.low * 0.8;
      c.index = c.index + 1 === c.buffer.length ? 0 : c.index + 1;
      y += stored;
    }
    for (const p of passes) {
      const stored = p.buffer[p.index]!;
      p.buffer[p.index] = y + stored * 0.5;
      p.index = p.index + 1 === p.buffer.length ? 0 : p.index + 1;
      y = stored - y;
    }
    if (j >= 0) out[j] = y;
  }
  return out;
}

/** The whole loop, normalised to a peak of 0.89 (-1 dBFS: room for the encoder). */
export function renderMusic(): StereoPcm {
  seeds = 1;
  const mix = new Mix();
  renderIntro(mix);
  renderMain(mix);
  renderLift(mix);
  renderTension(mix);
  renderTurnaround(mix);
  const wetLeft = reverb(mix.sendLeft, 0);
  const wetRight = reverb(mix.sendRight, 23);
  // The room falls silent over the lift's last half second and stays so through the tension (dry, close).
  const { startSec, endSec } = section('tension');
  const closeFrom = (startSec - 0.5) * RATE;
  const closed = startSec * RATE;
  const open = endSec * RATE;
  let peak = 0;
  for (let i = 0; i < mix.length; i++) {
    const room = i < closeFrom || i >= open ? 1 : i >= closed ? 0 : (closed - i) / (closed - closeFrom);
    mix.left[i]! += wetLeft[i]! * room;
    mix.right[i]! += wetRight[i]! * room;
    peak = Math.max(peak, Math.abs(mix.left[i]!), Math.abs(mix.right[i]!));
  }
  for (let i = 0; i < mix.length; i++) {
    mix.left[i] = (mix.left[i]! / peak) * 0.89;
    mix.right[i] = (mix.right[i]! / peak) * 0.89;
  }
  return { left: mix.left, right: mix.right };
}

/** 16-bit little-endian interleaved PCM, what the encoder is fed and what the file's hash is taken of. */
export function toPcm16(pcm: StereoPcm): Uint8Array {
  const bytes = new Uint8Array(pcm.left.length * 4);
  const view = new DataView(bytes.buffer);
  const q = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  for (let i = 0; i < pcm.left.length; i++) {
    view.setInt16(i * 4, q(pcm.left[i]!), true);
    view.setInt16(i * 4 + 2, q(pcm.right[i]!), true);
  }
  return bytes;
}
