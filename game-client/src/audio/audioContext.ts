// No Tone here: this module comes with the page, Tone only with the first gesture (toneEngine.ts).
import { AUDIO_FILES, AUDIO_MESSAGES } from './messages';

/**
 * The page's one AudioContext (decision 0021). Chromium takes 50 to 200 ms of main thread to create the
 * first one, so it is made while the page is idle once the board is playable, never inside a tap: made
 * without a gesture it starts (or is put) suspended, costs nothing, and the first tap only resumes it.
 */
let context: AudioContext | null = null;
let preparedAt: number | null = null;
const tracks = new Map<string, Promise<AudioBuffer>>();

/** The context, made now if it is not yet (inside a gesture, when the tap came before the page was idle). */
export function prepareAudioContext(): AudioContext | null {
  if (context) return context;
  if (typeof AudioContext === 'undefined') return null;
  try {
    context = new AudioContext({ latencyHint: 'interactive' });
  } catch (error) {
    console.error(AUDIO_MESSAGES.initFailed, error);
    return null;
  }
  preparedAt = performance.now();
  // Where the browser lets a context run without a gesture, it waits all the same: nothing sounds before
  // the first tap, and a suspended context keeps the audio thread asleep.
  if (context.state === 'running') void context.suspend().catch(() => {});
  return context;
}

/** The context if it is made, and when (page time, ms): the debug hook shows it to the browser tests. */
export function preparedContext(): { context: AudioContext | null; preparedAt: number | null } {
  return { context, preparedAt };
}

/** One of our files, fetched and decoded once per page into the context (decoding runs off the main thread). */
export function loadTrack(url: string): Promise<AudioBuffer> {
  const ctx = prepareAudioContext();
  if (!ctx) return Promise.reject(new Error('no AudioContext in this browser'));
  let track = tracks.get(url);
  if (!track) {
    track = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${res.status} ${url}`);
        return res.arrayBuffer();
      })
      .then((bytes) => ctx.decodeAudioData(bytes));
    // A failed load may be tried again later (the next gesture, the music switched on again).
    track.catch(() => tracks.delete(url));
    tracks.set(url, track);
  }
  return track;
}

export type TrackName = keyof typeof AUDIO_FILES;
export const loadNamedTrack = (name: TrackName) => loadTrack(AUDIO_FILES[name]);

/** Resolves once the board is playable: its first case buttons (the canvas's accessible twins) are in. */
export function whenBoardPlayable(signal: AbortSignal): Promise<void> {
  const playable = () => document.querySelector('#board-mount button') !== null;
  return new Promise((resolve) => {
    if (playable()) return resolve();
    const observer = new MutationObserver(() => {
      if (!playable()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    signal.addEventListener('abort', () => observer.disconnect());
  });
}

/**
 * Runs `work` where it is never in the first load's way (sound's preparation, following the player's other
 * screens): once the board is playable, at the next idle moment. Returns the effect's cleanup, which cancels it.
 */
export function afterBoardSettles(work: () => void): () => void {
  const abort = new AbortController();
  void whenBoardPlayable(abort.signal)
    .then(() => whenIdle(abort.signal))
    .then(() => abort.signal.aborted || work());
  return () => abort.abort();
}

/** The next moment the page is idle (a short timeout where requestIdleCallback is missing: Safari). */
export function whenIdle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => resolve(), { timeout: 3000 });
      signal.addEventListener('abort', () => cancelIdleCallback(id));
    } else {
      const id = setTimeout(resolve, 300);
      signal.addEventListener('abort', () => clearTimeout(id));
    }
  });
}
