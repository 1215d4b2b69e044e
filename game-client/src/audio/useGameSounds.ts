import { useEffect } from 'react';
import type { GamePhase, SoundCue } from '@dond/shared';
import type { GameControllerState } from '../game/controller';
import type { BoardEvent } from '../game/events';
import { useGameController } from '../game/GameProvider';
import type { SoundSystem } from './soundSystem';

/** The cues each of the board's events plays (SPEC.md section 4); the controller times the banker's chord. */
export function cuesFor(event: BoardEvent): SoundCue[] {
  switch (event.type) {
    // The tap's click as the finger lands; the elimination's sound with the case's gift.
    case 'caseTapped':
      return ['caseTap'];
    case 'caseEliminated':
      return ['caseEliminated'];
    case 'dealAccepted':
      return ['dealAccepted'];
    // NO DEAL! starts the next round or the final choice.
    case 'roundStarted':
    case 'finalChoiceStarted':
      return ['noDeal'];
    case 'finalRevealed':
      return ['finalReveal'];
    case 'bankerChord':
      return ['bankerOffer'];
    default:
      return [];
  }
}

/** The phases of the banker's call: the phone ringing, then his offer on the table until DEAL or NO DEAL. */
const TENSE_PHASES: readonly GamePhase[] = ['phone-ringing', 'offer'];

/**
 * Plays the game's moments: the board's events, the ring while the phone overlay shows, the tension bed
 * through the call.
 */
export function useGameSounds(system: Pick<SoundSystem, 'play' | 'setRinging' | 'setTension'>): void {
  const controller = useGameController();
  useEffect(() => {
    const follow = (state: GameControllerState) => {
      system.setRinging(state.overlay === 'phone');
      system.setTension(TENSE_PHASES.includes(state.game.gamePhase));
    };
    follow(controller.getState());
    const unsubscribe = controller.subscribe(follow);
    const stopEvents = controller.on((event) => {
      for (const cue of cuesFor(event)) system.play(cue);
    });
    return () => {
      unsubscribe();
      stopEvents();
      system.setRinging(false);
      system.setTension(false);
    };
  }, [system, controller]);
}
