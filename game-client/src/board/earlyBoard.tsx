import type { createRoot } from '@pixi/react';
import type { Application } from 'pixi.js';
import { useLayoutEffect } from 'react';
import { detachStage } from './stage';

/** A board drawn before the app (boardFirst.tsx), running, for the game screen's board to take over. */
export interface EarlyBoard {
  app: Application;
  /** @pixi/react's root on the canvas: the board renders its scene through it from then on. */
  root: ReturnType<typeof createRoot>;
  /** The element the canvas and its accessible buttons sit in until then, fixed where the board's box will be. */
  holder: HTMLDivElement;
}

let early: EarlyBoard | null = null;

export function keepEarlyBoard(board: EarlyBoard): void {
  early = board;
}

/** The board drawn before the app, once: whoever takes it owns it. */
export function takeEarlyBoard(): EarlyBoard | null {
  const board = early;
  early = null;
  return board;
}

/** Destroys the application once the commit that took its scene away is done, as @pixi/react's own unmount. */
function DestroyAfterCommit({ app }: { app: Application }) {
  useLayoutEffect(() => {
    queueMicrotask(() => app.destroy());
  }, [app]);
  return null;
}

/** Takes the scene off a board drawn before the app, then destroys its application. */
export function closeEarlyBoard(board: Pick<EarlyBoard, 'app' | 'root'>): void {
  // No frame is asked of it any more (a board given up before the app's own starts).
  detachStage(board.app);
  void board.root.render(<DestroyAfterCommit app={board.app} />, {});
}
