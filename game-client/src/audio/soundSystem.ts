import type { SoundCue } from '@dond/shared';
import { AUDIO_MESSAGES, readMusicEnabled, saveMusicEnabled } from './messages';
import {
  clampVolume,
  INITIAL_VOLUMES,
  mixerGains,
  type MixerGains,
  type VolumeKind,
  type Volumes,
} from './mixer';
import { loadNamedTrack, prepareAudioContext, type TrackName } from './audioContext';
import type { EngineLevels } from './toneEngine';

/** What the Tone engine does for the sound system (a fake one in the unit tests). */
export interface Engine {
  apply(gains: MixerGains): void;
  play(cue: SoundCue): void;
  startMusic(wanted: () => boolean): Promise<boolean>;
  stopMusic(): void;
  startRing(wanted: () => boolean): Promise<boolean>;
  stopRing(): void;
  startBed(wanted: () => boolean): Promise<boolean>;
  stopBed(): void;
  suspend(): Promise<void>;
  resume(): Promise<void>;
  levels(): EngineLevels;
  dispose(): void;
}

export type EngineLoader = (gains: MixerGains) => Promise<Engine>;

export interface SoundSettings extends Volumes {
  musicEnabled: boolean;
  /** Whether the loop is sounding now: apart from enabled (it waits for a gesture, or the tab is hidden). */
  musicPlaying: boolean;
}

// Tone and the engine come in their own chunk, fetched on the first gesture only; the context they play in was
// made beforehand, while the page was idle (audioContext.ts).
const loadToneEngine: EngineLoader = (gains) => {
  const context = prepareAudioContext();
  if (!context) return Promise.reject(new Error('no AudioContext in this browser'));
  return import('./toneEngine').then((m) => m.createEngine(gains, context, loadNamedTrack));
};

/** What the page does before any gesture, once the board is playable and the page idle. */
export interface Preparer {
  /** Makes the (suspended) AudioContext. */
  context(): void;
  /** Fetches and decodes a file into it; settles when done (or failed). */
  preload(track: TrackName): Promise<void>;

  /** Resumes the context: inside the gesture itself. */
  resume(): void;
}

const pagePreparer: Preparer = {
  context: () => void prepareAudioContext(),
  preload: (track) =>
    loadNamedTrack(track).then(
      () => {},
      () => {},
    ),

  resume: () => {
    prepareAudioContext()
      ?.resume()
      .catch((error: unknown) => console.warn(AUDIO_MESSAGES.resumeFailed, error));
  },
};

/**
 * The game's sound, headless: settings, the lazily loaded engine, the music and the ring. React reads it
 * through SoundProvider; no sound failure ever leaves it, they are logged (SPEC.md section 8).
 */
export class SoundSystem {
  private settings: SoundSettings;
  private readonly listeners = new Set<() => void>();
  private engine: Engine | null = null;
  private loading: Promise<Engine | null> | null = null;
  private engineLoad: Promise<Engine> | null = null;
  /** Tone's chunk is in and the mix built. */
  engineBuilt = false;
  private ringing = false;
  private tension = false;
  private prepared = false;
  private musicStarted = false;
  private hidden = false;
  private disposed = false;
  /** The cues played, newest last (at most 200), for the debug hook and the tests. */
  readonly played: Array<{ cue: SoundCue; at: number }> = [];
  /** When the tension bed started and stopped, newest last (at most 50). */
  readonly bedLog: Array<{ on: boolean; at: number }> = [];

  constructor(
    private readonly storage: Storage | undefined,
    private readonly loadEngine: EngineLoader = loadToneEngine,
    private readonly preparer: Preparer = pagePreparer,
  ) {
    this.settings = { ...INITIAL_VOLUMES, musicEnabled: readMusicEnabled(storage), musicPlaying: false };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSettings = (): SoundSettings => this.settings;

  private update(patch: Partial<SoundSettings>) {
    this.settings = { ...this.settings, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Once the board is playable and the page idle: the AudioContext, then the files, so the first tap has
   * only to resume it and load Tone (decision 0021). The music is fetched only if it is on.
   */
  prepare(): void {
    if (this.prepared || this.disposed) return;
    this.prepared = true;
    this.preparer.context();
    void this.preparer.preload('ring');
    if (this.settings.musicEnabled) void this.preparer.preload('music');
  }

  /** Tone's chunk and the mix, once (its own chunk: not in the first load, e2e/size.spec.ts). */
  private loadEngineOnce(): Promise<Engine> {
    this.engineLoad ??= this.loadEngine(mixerGains(this.settings)).then((engine) => {
      this.engineBuilt = true;
      return engine;
    });
    return this.engineLoad;
  }

  /** Resumes the prepared context and loads Tone: call it from a user gesture. Null when audio failed. */
  unlock(): Promise<Engine | null> {
    if (!this.loading) this.preparer.resume();
    this.loading ??= this.loadEngineOnce()
      .then((engine) => {
        if (this.disposed) {
          engine.dispose();
          return null;
        }
        this.engine = engine;
        engine.apply(mixerGains(this.settings));
        if (this.settings.musicEnabled) void this.startMusic();
        if (this.ringing) void this.startRing();
        if (this.tension) void this.startBed();
        return engine;
      })
      .catch((error: unknown) => {
        console.error(AUDIO_MESSAGES.initFailed, error);
        return null;
      });
    return this.loading;
  }

  /** A cue now; silent before the first gesture, while hidden, or when audio failed. */
  play(cue: SoundCue): void {
    if (!this.engine || this.hidden || this.disposed) return;
    this.played.push({ cue, at: performance.now() });
    if (this.played.length > 200) this.played.shift();
    try {
      this.engine.play(cue);
    } catch (error) {
      console.warn(AUDIO_MESSAGES.initFailed, error);
    }
  }

  setVolume(kind: VolumeKind, value: number): void {
    const patch: Partial<SoundSettings> = { [kind]: clampVolume(value) };
    if (kind === 'music') patch.musicTouched = true;
    this.update(patch);
    this.engine?.apply(mixerGains(this.settings));
  }

  /** Enabling saves true, starts the engine and the loop; disabling saves false and stops it. */
  setMusicEnabled(on: boolean): void {
    saveMusicEnabled(this.storage, on);
    this.update({ musicEnabled: on });
    if (on) {
      void this.unlock().then((engine) => {
        if (!engine) return;
        void this.startMusic();
        if (this.tension) void this.startBed();
      });
    } else {
      this.stopBed();
      this.engine?.stopMusic();
      this.musicStarted = false;
      this.update({ musicPlaying: false });
    }
  }

  private async startMusic(): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    try {
      const started = await engine.startMusic(() => this.settings.musicEnabled && !this.disposed);
      if (!started || this.disposed) return;
      this.musicStarted = true;
      if (!this.hidden) this.update({ musicPlaying: true });
    } catch (error) {
      console.warn(AUDIO_MESSAGES.musicFailed, error);
      this.update({ musicPlaying: false });
    }
  }

  /** The phone ring loops while the phone overlay shows. */
  setRinging(on: boolean): void {
    if (on === this.ringing) return;
    this.ringing = on;
    if (on) void this.startRing();
    else this.engine?.stopRing();
  }

  private async startRing(): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    try {
      await engine.startRing(() => this.ringing && !this.disposed);
    } catch (error) {
      console.warn(AUDIO_MESSAGES.ringFailed, error);
    }
  }

  /**
   * The tension bed plays under the banker's call and his offer (the phone ringing, then the offer on the
   * table); DEAL or NO DEAL crossfades back to the main music. It is music: only while the music is on.
   */
  setTension(on: boolean): void {
    if (on === this.tension) return;
    this.tension = on;
    if (on) void this.startBed();
    else this.stopBed();
  }

  private async startBed(): Promise<void> {
    const engine = this.engine;
    const wanted = () => this.tension && this.settings.musicEnabled && !this.disposed;
    if (!engine || !wanted()) return;
    try {
      if (await engine.startBed(wanted)) this.logBed(true);
    } catch (error) {
      console.warn(AUDIO_MESSAGES.musicFailed, error);
    }
  }

  private stopBed(): void {
    if (this.bedLog.at(-1)?.on !== true) return;
    this.engine?.stopBed();
    this.logBed(false);
  }

  private logBed(on: boolean) {
    this.bedLog.push({ on, at: performance.now() });
    if (this.bedLog.length > 50) this.bedLog.shift();
  }

  /** The tab hidden: everything pauses; shown again: it resumes. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    const engine = this.engine;
    if (!engine) return;
    if (hidden) {
      engine.suspend().catch((error: unknown) => console.warn(AUDIO_MESSAGES.resumeFailed, error));
      this.update({ musicPlaying: false });
    } else {
      engine
        .resume()
        .then(() => {
          if (this.musicStarted && !this.disposed) this.update({ musicPlaying: true });
        })
        .catch((error: unknown) => console.warn(AUDIO_MESSAGES.resumeFailed, error));
    }
  }

  /** What the real gain nodes hold now (null before the engine runs). */
  levels(): EngineLevels | null {
    return this.engine?.levels() ?? null;
  }

  /** The screen is left: the music and the ring stop, the mix is taken down. */
  dispose(): void {
    this.disposed = true;
    this.ringing = false;
    this.tension = false;
    this.engine?.dispose();
    this.engine = null;
    this.listeners.clear();
  }
}
