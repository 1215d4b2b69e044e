/**
 * The music loop's map: what the file is and where its sections lie. The renderer (music.ts) composes by it,
 * its test checks the file against it, and the game plays by it (the tension bed loops the tension section).
 * Pure data in shared: the renderer in assets/ and the game client read the same map.
 */

export type MusicSectionName = 'intro' | 'main' | 'lift' | 'tension' | 'turnaround';

export interface MusicSection {
  name: MusicSectionName;
  startSec: number;
  endSec: number;
}

const BPM = 120;
const SECONDS_PER_BAR = (4 * 60) / BPM;

/** Bars of each section, in order: 32 bars of 2 s. */
const BARS: ReadonlyArray<readonly [MusicSectionName, number]> = [
  ['intro', 4],
  ['main', 8],
  ['lift', 8],
  ['tension', 8],
  ['turnaround', 4],
];

function sections(): MusicSection[] {
  let bar = 0;
  return BARS.map(([name, bars]) => {
    const section = { name, startSec: bar * SECONDS_PER_BAR, endSec: (bar + bars) * SECONDS_PER_BAR };
    bar += bars;
    return section;
  });
}

const SECTIONS = sections();

export const MUSIC_LAYOUT = {
  /** The file's name under game-client/public/audio/. */
  file: 'music-loop.mp3',
  sampleRate: 44_100,
  channels: 2,
  bpm: BPM,
  secondsPerBar: SECONDS_PER_BAR,
  /** The loop's length: the decoded file holds exactly this many seconds. */
  seconds: SECTIONS.at(-1)!.endSec,
  sections: SECTIONS,
  /** The section that loops on its own as the bed under the banker's call: it starts and ends in silence. */
  tension: SECTIONS.find((s) => s.name === 'tension')!,
} as const;
