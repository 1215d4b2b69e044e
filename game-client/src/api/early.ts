import { EARLY_READS_GLOBAL } from '../store/storageKeys';

/** The reads the page's head starts before the app's bundle has run (game-client/boardPreload.ts). */
export type EarlyRead = 'me' | 'gifts' | 'liveGame' | 'tuning';

type EarlyReads = Partial<Record<EarlyRead, Promise<Response>>>;

/**
 * The answer of a read the page's head already started, once (a body is read only once); undefined when
 * it started none (the login screen, a first visit) or it was taken already: the caller then fetches.
 */
export function takeEarlyRead(read: EarlyRead): Promise<Response> | undefined {
  const reads = (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL];
  const answer = reads?.[read];
  if (reads) delete reads[read];
  return answer;
}

/**
 * A read a board drawn before the app (board/boardFirst.tsx) starts and the app's first read of the same data
 * takes over, so the two ask the server once: `beforeApp` starts it (once), `forApp` takes it (once) or reads
 * afresh when there was none.
 */
export function sharedWithApp<T>(read: () => Promise<T>) {
  let started: Promise<T> | undefined;
  return {
    beforeApp: (): Promise<T> => (started ??= read()),
    forApp: (): Promise<T> => {
      const taken = started;
      started = undefined;
      return taken ?? read();
    },
  };
}
