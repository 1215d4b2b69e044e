import { createGameController, type GameController } from './controller';

/**
 * The game dealt by the board drawn before the app (board/boardFirst.tsx), waiting for the game screen, which
 * takes it once and goes on with it: its first startGame of the same set keeps that deal (docs/decisions/0051).
 * The only hand-over between the page's entry and the app's screens, as earlyBoard.tsx is for the canvas.
 */
let early: GameController | null = null;

/** The board drawn before the app's controller: made once, dealt by its caller. */
export function earlyGame(): GameController {
  return (early ??= createGameController());
}

/** The early board's controller if there is one (once: whoever takes it owns it), else a new one. */
export function takeGameForScreen(): GameController {
  const taken = early ?? createGameController();
  early = null;
  return taken;
}
