import { describe, expect, it } from 'vitest';
import { sharedWithApp } from './early';

/** A read that counts how often it asked, answering 1, 2, 3, ... */
function countingRead() {
  let asked = 0;
  return { read: () => Promise.resolve(++asked), asked: () => asked };
}

describe('sharedWithApp', () => {
  it('asks once for the board before the app and hands that answer to the app once', async () => {
    const { read, asked } = countingRead();
    const shared = sharedWithApp(read);
    const first = shared.beforeApp();
    expect(shared.beforeApp()).toBe(first);
    expect(await shared.forApp()).toBe(1);
    expect(asked()).toBe(1);
    // A later read of the app (a refetch) asks afresh.
    expect(await shared.forApp()).toBe(2);
    expect(asked()).toBe(2);
  });

  it('reads at once for the app when no board read before it', async () => {
    const { read, asked } = countingRead();
    const shared = sharedWithApp(read);
    expect(await shared.forApp()).toBe(1);
    expect(await shared.forApp()).toBe(2);
    expect(asked()).toBe(2);
  });
});
