import { GAME_TOASTS, roundStartsToast } from '@dond/shared';
import { toast, useToastStore } from '../ui/toastStore';
import type { GameController } from '../game/controller';

export const RECONNECTING = 'Reconnecting...';

/** The toasts of the game's moments (SPEC.md section 4) and of its connection, from a screen's game events. */
export function toastBoardEvents(controller: Pick<GameController, 'on'>): () => void {
  let reconnecting: string | null = null;
  const stop = controller.on((event) => {
    switch (event.type) {
      case 'dealAccepted':
        toast(GAME_TOASTS.gameComplete);
        break;
      case 'roundStarted':
        toast(roundStartsToast(event.round, event.casesToEliminate));
        break;
      case 'finalChoiceStarted':
        toast(GAME_TOASTS.finalDecision);
        break;
      case 'newGameDealt':
        toast(GAME_TOASTS.newGame);
        break;
      case 'refused':
        toast({ title: event.title, description: event.message, variant: 'destructive' });
        break;
      case 'connectionLost':
        reconnecting ??= toast({
          title: RECONNECTING,
          description: 'Your move is kept and will be sent again.',
          duration: 3_600_000,
        });
        break;
      case 'connectionBack':
        if (reconnecting) useToastStore.getState().dismiss(reconnecting);
        reconnecting = null;
        break;
    }
  });
  return () => {
    stop();
    if (reconnecting) useToastStore.getState().dismiss(reconnecting);
  };
}
