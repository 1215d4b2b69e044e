import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { GameController, GameControllerState } from './controller';
import type { BoardEventListener } from './events';

const GameContext = createContext<GameController | null>(null);

/** The screen's game: everything under it reads and acts on this controller (docs/decisions/0051). */
export function GameProvider({ controller, children }: { controller: GameController; children: ReactNode }) {
  return <GameContext.Provider value={controller}>{children}</GameContext.Provider>;
}

export function useGameController(): GameController {
  const controller = useContext(GameContext);
  if (!controller) throw new Error('useGameController: no GameProvider above this component');
  return controller;
}

/** A selection of the screen's game state; re-renders when it changes (zustand's equality). */
export function useGame<T>(selector: (state: GameControllerState) => T): T {
  return useStore(useGameController().store, selector);
}

/** Listens to the screen's game events while mounted; the latest listener is called (no resubscribing). */
export function useGameEvent(listener: BoardEventListener): void {
  const controller = useGameController();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => controller.on((event) => latest.current(event)), [controller]);
}
