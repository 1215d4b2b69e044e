import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';

describe('the manual clock', () => {
  it('runs due timers in time order, those they set too, and leaves later ones waiting', () => {
    const clock = createManualClock(1000);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(`b@${clock.now()}`), 20);
    clock.setTimeout(() => {
      ran.push(`a@${clock.now()}`);
      clock.setTimeout(() => ran.push(`c@${clock.now()}`), 5);
    }, 10);
    const never = clock.setTimeout(() => ran.push('cleared'), 1);
    clock.clearTimeout(never);
    clock.setTimeout(() => ran.push('late'), 100);
    clock.advance(30);
    expect(ran).toEqual(['a@1010', 'c@1015', 'b@1020']);
    expect(clock.now()).toBe(1030);
    expect(clock.pending()).toBe(1);
  });

  it('lets promises land between timers when advanced asynchronously', async () => {
    const clock = createManualClock();
    const ran: string[] = [];
    clock.setTimeout(() => void Promise.resolve().then(() => ran.push('answer')), 10);
    clock.setTimeout(() => ran.push(`timer saw ${ran.join()}`), 20);
    await clock.advanceAsync(20);
    expect(ran).toEqual(['answer', 'timer saw answer']);
  });
});
