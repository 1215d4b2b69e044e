import type { GameEvent, GameState } from '@dond/shared';

/**
 * What a game's controller tells the rest of its screen, as one typed stream: the session's own events as they
 * are shown (a case opened with its gift, the banker calling, his offer shown, a round or the final choice
 * starting, a deal, the reveal), plus the screen's: a new game asked for, the connection lost and back, a
 * refused call, and a game over. Toasts, sounds and the save subscribe to it; the canvas draws from the state.
 */
export type BoardEvent =
  | GameEvent
  /** A case tap the board took (sent to the game, whose answer follows): its sound plays at once. */
  | { readonly type: 'caseTapped'; readonly caseNumber: number }
  /** The banker's chord, 0.5 s after his call (SPEC.md section 9's timing, kept with the others here). */
  | { readonly type: 'bankerChord' }
  /** NEW GAME or RESET dealt a fresh game (not the first deal of the screen). */
  | { readonly type: 'newGameDealt' }
  | { readonly type: 'connectionLost' }
  | { readonly type: 'connectionBack' }
  /** A call the server refused: what to say. */
  | { readonly type: 'refused'; readonly title: string; readonly message: string }
  /** The game ended, as the board now shows it; `live` when the server holds (and recorded) it. */
  | { readonly type: 'gameOver'; readonly game: GameState; readonly live: boolean; readonly id: string };

export type BoardEventListener = (event: BoardEvent) => void;
