import type { Clock } from '@dond/shared';

/** The server's own time. Its timers never keep the process alive by themselves: a server stops when asked. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
