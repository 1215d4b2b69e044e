// The only module that imports Tone: it and Tone come in one chunk, loaded on the first user gesture.
// Tone's index makes an AudioContext of its own as it loads (its deprecated Transport, Destination... exports),
// 50 to 200 ms of main thread on the first tap; its modules, imported one by one, make none: Tone plays in the
// page's prepared context from the start (decision 0021).
import { getContext, setContext } from 'tone/build/esm/core/Global.js';
import { Gain } from 'tone/build/esm/core/context/Gain.js';
import { Offline } from 'tone/build/esm/core/context/Offline.js';
import { ToneAudioBuffer } from 'tone/build/esm/core/context/ToneAudioBuffer.js';
// Registers the context's destination, which toDestination() connects to.
import 'tone/build/esm/core/context/Destination.js';
import type { BaseContext } from 'tone/build/esm/core/context/BaseContext.js';
import type { InputNode } from 'tone/build/esm/core/context/ToneAudioNode.js';
import { gainToDb } from 'tone/build/esm/core/type/Conversions.js';
import { Synth } from 'tone/build/esm/instrument/Synth.js';
import { Player, type PlayerOptions } from 'tone/build/esm/source/buffer/Player.js';
import type { CueNote, SoundCue } from '@dond/shared';
import { CUE_ENVELOPE, CUE_NOTE_LEVEL, cueLengthSec, cueNotes } from './cues';
import { MUSIC_LAYOUT } from '@dond/shared';
import type { TrackName } from './audioContext';
import type { MixerGains } from './mixer';

/** Plays notes of a cue into `output`, `time` being the cue's start on output's clock. Answers its synths. */
function scheduleNotes(
  output: InputNode & { context: BaseContext },
  notes: readonly CueNote[],
  time: number,
) {
  return notes.map((note) => {
    const synth = new Synth({
      context: output.context,
      oscillator: { type: note.oscillator },
      envelope: { ...CUE_ENVELOPE },
      volume: gainToDb(CUE_NOTE_LEVEL),
    }).connect(output);
    const start = time + note.startSec;
    synth.triggerAttackRelease(note.frequencyHz, note.durationSec, start);
    if (note.endFrequencyHz !== undefined) {
      synth.frequency.setValueAtTime(note.frequencyHz, start);
      synth.frequency.exponentialRampToValueAtTime(note.endFrequencyHz, start + note.durationSec);
    }
    return synth;
  });
}

/** One cue (or one of its notes) rendered offline with the patch the game plays: mono samples. */
export async function renderCue(cue: SoundCue, noteIndex?: number, sampleRate = 44_100): Promise<number[]> {
  const all = cueNotes(cue);
  const notes = noteIndex === undefined ? all : all.slice(noteIndex, noteIndex + 1);
  const buffer = await Offline(
    ({ destination }) => {
      scheduleNotes(destination, notes, 0);
    },
    cueLengthSec(cue) + 0.1,
    1,
    sampleRate,
  );
  return Array.from(buffer.getChannelData(0));
}

export interface EngineLevels extends MixerGains {
  contextState: string;
  musicLoaded: boolean;
  ringLoaded: boolean;
  /** The tension bed under the banker's call: its player, its gain, and the main music's duck gain. */
  bedPlaying: boolean;
  bed: number;
  musicDuck: number;
}

/** How the main music gives way to the tension bed, and comes back. */
export const BED = {
  /** The main music's gain under the bed. */
  duck: 0.2,
  duckSec: 0.4,
  releaseSec: 0.8,
} as const;

/** Where the engine gets its decoded files (audioContext.ts: fetched once a page, after the board is playable). */
export type TrackSource = (name: TrackName) => Promise<AudioBuffer>;

/**
 * The live mix: master to the speakers; effects and music into master; the ring into effects. Into the
 * music bus: the loop through its duck gain, and the tension bed (the loop's tension section, looped).
 */
export class ToneEngine {
  private readonly master = new Gain().toDestination();
  private readonly sfx = new Gain().connect(this.master);
  private readonly music = new Gain().connect(this.master);
  private readonly ring = new Gain().connect(this.sfx);
  private readonly musicDuck = new Gain(1).connect(this.music);
  private readonly bed = new Gain(0).connect(this.music);
  private musicPlayer: Player | null = null;
  private ringPlayer: Player | null = null;
  private bedPlayer: Player | null = null;
  private bedWanted = false;

  constructor(
    gains: MixerGains,
    private readonly tracks: TrackSource,
  ) {
    this.apply(gains);
  }

  /**
   * Sets the native gain values directly: Chromium only runs the automation of a node that is processing
   * sound, so a value scheduled on a silent bus (the ring, between calls) would not show until it sounds.
   */
  apply(gains: MixerGains): void {
    this.master.input.gain.value = gains.master;
    this.sfx.input.gain.value = gains.sfx;
    this.music.input.gain.value = gains.music;
    this.ring.input.gain.value = gains.ring;
  }

  play(cue: SoundCue): void {
    const synths = scheduleNotes(this.sfx, cueNotes(cue), getContext().now());
    const doneMs = (cueLengthSec(cue) + 0.2) * 1000;
    setTimeout(() => synths.forEach((s) => s.dispose()), doneMs);
  }

  private async player(name: TrackName, output: Gain, options: Partial<PlayerOptions> = {}) {
    const buffer = new ToneAudioBuffer(await this.tracks(name));
    return new Player({ url: buffer, loop: true, ...options }).connect(output);
  }

  async startMusic(wanted: () => boolean): Promise<boolean> {
    this.musicPlayer ??= await this.player('music', this.musicDuck);
    if (!wanted()) return false;
    if (this.musicPlayer.state !== 'started') this.musicPlayer.start();
    return true;
  }

  stopMusic(): void {
    if (this.musicPlayer?.state === 'started') this.musicPlayer.stop();
  }

  async startRing(wanted: () => boolean): Promise<boolean> {
    this.ringPlayer ??= await this.player('ring', this.ring);
    if (!wanted()) return false;
    if (this.ringPlayer.state !== 'started') this.ringPlayer.start();
    return true;
  }

  stopRing(): void {
    if (this.ringPlayer?.state === 'started') this.ringPlayer.stop();
  }

  /** The tension section of the loop, looped on its own, while the main music ducks under it. */
  async startBed(wanted: () => boolean): Promise<boolean> {
    const { startSec, endSec } = MUSIC_LAYOUT.tension;
    this.bedPlayer ??= await this.player('music', this.bed, { loopStart: startSec, loopEnd: endSec });
    if (!wanted()) return false;
    this.bedWanted = true;
    const now = getContext().now();
    const player = this.bedPlayer;
    // A bed still fading out from the last call starts over from the top of the section.
    if (player.state === 'started') player.stop(now);
    player.start(now, startSec);
    // The section starts in silence and swells by itself: the bed's gain opens at once.
    this.bed.gain.cancelScheduledValues(now).setValueAtTime(1, now);
    this.musicDuck.gain.cancelScheduledValues(now).rampTo(BED.duck, BED.duckSec, now);
    return true;
  }

  /** Crossfades back to the main music. */
  stopBed(): void {
    if (!this.bedWanted) return;
    this.bedWanted = false;
    const now = getContext().now();
    this.bed.gain.cancelScheduledValues(now).rampTo(0, BED.releaseSec, now);
    this.musicDuck.gain.cancelScheduledValues(now).rampTo(1, BED.releaseSec, now);
    this.bedPlayer?.stop(now + BED.releaseSec);
  }

  suspend(): Promise<void> {
    return (getContext().rawContext as AudioContext).suspend();
  }

  resume(): Promise<void> {
    return getContext().resume();
  }

  /** The values the real gain nodes hold now, for the debug hook. */
  levels(): EngineLevels {
    const value = (g: Gain) => g.input.gain.value;
    return {
      master: value(this.master),
      sfx: value(this.sfx),
      music: value(this.music),
      ring: value(this.ring),
      contextState: getContext().state,
      musicLoaded: this.musicPlayer?.loaded ?? false,
      ringLoaded: this.ringPlayer?.loaded ?? false,
      bedPlaying: this.bedWanted && this.bedPlayer?.state === 'started',
      bed: value(this.bed),
      musicDuck: value(this.musicDuck),
    };
  }

  dispose(): void {
    for (const node of [this.musicPlayer, this.ringPlayer, this.bedPlayer]) node?.dispose();
    for (const node of [this.bed, this.musicDuck, this.ring, this.music, this.sfx, this.master])
      node.dispose();
  }
}

let handedOver = false;

/**
 * Hands the page's prepared context to Tone (once a page: it is the page's only context) and builds the mix.
 * The gesture itself resumed the context (audioContext.ts).
 */
export async function createEngine(
  gains: MixerGains,
  context: AudioContext,
  tracks: TrackSource,
): Promise<ToneEngine> {
  if (!handedOver) setContext(context);
  handedOver = true;
  return new ToneEngine(gains, tracks);
}
