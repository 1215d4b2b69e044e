/** A box on the board, in the board's own coordinates (or a panel's, where a function says so). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
