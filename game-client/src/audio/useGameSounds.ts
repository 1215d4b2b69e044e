import { useEffect } from 'react';
import { TIMINGS, type GameEvent, type GamePhase, type SoundCue } from '@dond/shared';
import { useGameStore, type GameStore } from '../store/gameStore';
import type { SoundSystem } from './soundSystem';

/** The cues each game event plays at once (SPEC.md section 4); the banker's chord waits 0.5 s. */
export function cuesFor(event: GameEvent): SoundCue[] {
  switch (event.type) {
    case 'caseSelected':
      return ['caseTap'];
    case 'caseEliminated':
      return ['caseTap', 'caseEliminated'];
    case 'dealAccepted':
      return ['dealAccepted'];
    // NO DEAL! starts the next round or the final choice.
    case 'roundStarted':
    case 'finalChoiceStarted':
      return ['noDeal'];
    case 'finalRevealed':
      return ['finalReveal'];
    default:
      return [];
  }
}

/** The phases of the banker's call: the phone ringing, then his offer on the table until DEAL or NO DEAL. */
const TENSE_PHASES: readonly GamePhase[] = ['phone-ringing', 'offer'];

/**
 * Plays the game's moments: the store's events, the ring while the phone overlay shows, the tension bed
 * through the call. Timers go when the screen is left.
 */
export function useGameSounds(system: Pick<SoundSystem, 'play' | 'setRinging' | 'setTension'>): void {
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, fn: () => void) => {
      const id = setTimeout(() => {
        timers.delete(id);
        fn();
      }, ms);
      timers.add(id);
    };
    let seq = useGameStore.getState().events.seq;
    const follow = (state: GameStore) => {
      system.setRinging(state.overlay === 'phone');
      system.setTension(TENSE_PHASES.includes(state.game.gamePhase));
    };
    follow(useGameStore.getState());
    const unsubscribe = useGameStore.subscribe((state) => {
      follow(state);
      if (state.events.seq === seq) return;
      seq = state.events.seq;
      for (const event of state.events.list) {
        for (const cue of cuesFor(event)) system.play(cue);
        if (event.type === 'bankerCalling')
          later(TIMINGS.bankerSoundDelayMs, () => system.play('bankerOffer'));
      }
    });
    return () => {
      unsubscribe();
      for (const id of timers) clearTimeout(id);
      system.setRinging(false);
      system.setTension(false);
    };
  }, [system]);
}
