// The only module that imports Tone: it and Tone come in one chunk, loaded on the first user gesture.
import * as Tone from 'tone';
import type { CueNote, SoundCue } from '@dond/shared';
import { CUE_ENVELOPE, CUE_NOTE_LEVEL, cueLengthSec, cueNotes } from './cues';
import { AUDIO_FILES } from './messages';
import type { MixerGains } from './mixer';

/** Plays notes of a cue into `output`, `time` being the cue's start on output's clock. Answers its synths. */
function scheduleNotes(
  output: Tone.InputNode & { context: Tone.BaseContext },
  notes: readonly CueNote[],
  time: number,
) {
  return notes.map((note) => {
    const synth = new Tone.Synth({
      context: output.context,
      oscillator: { type: note.oscillator },
      envelope: { ...CUE_ENVELOPE },
      volume: Tone.gainToDb(CUE_NOTE_LEVEL),
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
  const buffer = await Tone.Offline(
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
}

/** The live mix: master to the speakers; effects and music into master; the ring into effects. */
export class ToneEngine {
  private readonly master = new Tone.Gain().toDestination();
  private readonly sfx = new Tone.Gain().connect(this.master);
  private readonly music = new Tone.Gain().connect(this.master);
  private readonly ring = new Tone.Gain().connect(this.sfx);
  private readonly musicPlayer = new Tone.Player({ url: AUDIO_FILES.music, loop: true }).connect(this.music);
  private readonly ringPlayer = new Tone.Player({ url: AUDIO_FILES.ring, loop: true }).connect(this.ring);
  private readonly loaded = Tone.loaded();

  constructor(gains: MixerGains) {
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
    const synths = scheduleNotes(this.sfx, cueNotes(cue), Tone.now());
    const doneMs = (cueLengthSec(cue) + 0.2) * 1000;
    setTimeout(() => synths.forEach((s) => s.dispose()), doneMs);
  }

  /** Starts a looping player once its file is in; answers false when it was stopped meanwhile. */
  private async startLoop(player: Tone.Player, wanted: () => boolean): Promise<boolean> {
    await this.loaded;
    if (!wanted() || player.state === 'started') return wanted();
    player.start();
    return true;
  }

  startMusic(wanted: () => boolean): Promise<boolean> {
    return this.startLoop(this.musicPlayer, wanted);
  }

  stopMusic(): void {
    if (this.musicPlayer.state === 'started') this.musicPlayer.stop();
  }

  startRing(wanted: () => boolean): Promise<boolean> {
    return this.startLoop(this.ringPlayer, wanted);
  }

  stopRing(): void {
    if (this.ringPlayer.state === 'started') this.ringPlayer.stop();
  }

  suspend(): Promise<void> {
    return (Tone.getContext().rawContext as AudioContext).suspend();
  }

  resume(): Promise<void> {
    return Tone.getContext().resume();
  }

  /** The values the real gain nodes hold now, for the debug hook. */
  levels(): EngineLevels {
    const value = (g: Tone.Gain) => g.input.gain.value;
    return {
      master: value(this.master),
      sfx: value(this.sfx),
      music: value(this.music),
      ring: value(this.ring),
      contextState: Tone.getContext().state,
      musicLoaded: this.musicPlayer.loaded,
      ringLoaded: this.ringPlayer.loaded,
    };
  }

  dispose(): void {
    for (const node of [this.musicPlayer, this.ringPlayer, this.ring, this.music, this.sfx, this.master]) {
      node.dispose();
    }
  }
}

/** Starts Tone's context (inside a user gesture) and builds the mix. */
export async function createEngine(gains: MixerGains): Promise<ToneEngine> {
  await Tone.start();
  return new ToneEngine(gains);
}
