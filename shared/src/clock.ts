/**
 * Where time comes from: the game's controller (every timer and every "now" of SPEC.md section 9) and the API's
 * audience windows go through one, so a test runs them on a manual clock (docs/decisions/0051). The real
 * clocks live where Date.now may be called: game-client/src/game/clock.ts, api/src/clock.ts.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ManualClock extends Clock {
  /** Moves time on by `ms`, running every timer due meanwhile (those they schedule too) in time order. */
  advance(ms: number): void;
  /**
   * As advance, but lets pending promises and I/O (a real server's answer) land before each due timer and at
   * the end: a live game's requests are answered as time goes by.
   */
  advanceAsync(ms: number): Promise<void>;
  /** Timers still waiting. */
  pending(): number;
}

interface Timer {
  at: number;
  order: number;
  fn: () => void;
}

/**
 * Node's setImmediate runs after pending I/O; a page has none, and takes a 0 ms timer. (shared is typed without
 * Node's or the DOM's timers: the rules never wait; only advanceAsync lets the host's pending work land.)
 */
const host = globalThis as unknown as {
  setImmediate?: (fn: () => void) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
};
const nextTurn: (fn: () => void) => void = host.setImmediate ?? ((fn) => host.setTimeout(fn, 0));

/** Lets the promises waiting on a macrotask (a socket's data, a fetch's body) run. */
const settle = () => new Promise<void>((resolve) => nextTurn(resolve));

/** A clock that moves only when told to; timers due at the same time run in the order they were set. */
export function createManualClock(start = 0): ManualClock {
  let now = start;
  let order = 0;
  const timers = new Set<Timer>();
  const nextDue = (until: number): Timer | undefined => {
    let next: Timer | undefined;
    for (const t of timers)
      if (t.at <= until && (!next || t.at < next.at || (t.at === next.at && t.order < next.order))) next = t;
    return next;
  };
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { at: now + Math.max(0, ms), order: order++, fn };
      timers.add(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers.delete(handle as Timer);
    },
    advance(ms) {
      const until = now + ms;
      for (let t = nextDue(until); t; t = nextDue(until)) {
        timers.delete(t);
        now = t.at;
        t.fn();
      }
      now = until;
    },
    async advanceAsync(ms) {
      const until = now + ms;
      // A few turns: an answer may take several (the socket, then the body, then the parse).
      const land = async () => {
        for (let i = 0; i < 5; i++) await settle();
      };
      await land();
      for (let t = nextDue(until); t; t = nextDue(until)) {
        timers.delete(t);
        now = t.at;
        t.fn();
        await land();
      }
      now = until;
      await land();
    },
    pending: () => timers.size,
  };
}
