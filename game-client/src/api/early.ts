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
