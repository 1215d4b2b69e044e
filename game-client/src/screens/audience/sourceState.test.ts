import { describe, expect, it } from 'vitest';
import { sourceStateText } from './sourceState';

describe('sourceStateText', () => {
  it('names each state', () => {
    expect(sourceStateText({ status: 'stopped' }, 0)).toBe('Off');
    expect(sourceStateText({ status: 'connecting', attempt: 1 }, 0)).toBe('Connecting');
    expect(sourceStateText({ status: 'connecting', attempt: 2 }, 0)).toBe('Connecting (attempt 2)');
    expect(sourceStateText({ status: 'connected', since: 0 }, 5000)).toBe('Connected');
    expect(sourceStateText(null, 0)).toBe('On (runs on another server)');
  });

  it('counts down to the next attempt, whole seconds up, never below 0', () => {
    const state = {
      status: 'reconnecting' as const,
      attempt: 3,
      nextAttemptAt: 10_000,
      lastError: 'connect ECONNREFUSED 127.0.0.1:21213',
    };
    expect(sourceStateText(state, 6_200)).toBe(
      'Reconnecting in 4 s (attempt 3): connect ECONNREFUSED 127.0.0.1:21213',
    );
    expect(sourceStateText(state, 12_000)).toMatch(/^Reconnecting in 0 s/);
  });
});
