import type { AudienceSourceState } from '@dond/shared';

/** A source's state as the deck shows it: 'Off', 'Connecting', 'Connected', 'Reconnecting in 4 s (attempt 3): why'. */
export function sourceStateText(state: AudienceSourceState | null, now: number): string {
  if (state === null) return 'On (runs on another server)';
  switch (state.status) {
    case 'stopped':
      return 'Off';
    case 'connecting':
      return state.attempt > 1 ? `Connecting (attempt ${state.attempt})` : 'Connecting';
    case 'connected':
      return 'Connected';
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((state.nextAttemptAt - now) / 1000));
      return `Reconnecting in ${seconds} s (attempt ${state.attempt}): ${state.lastError}`;
    }
  }
}
