import { useEffect, useState } from 'react';
import { writeStored } from '../store/browserStorage';
import { BOARD_LIKELY_KEY } from '../store/storageKeys';
// fonts.ts holds the font loader so that PixiBoard, which this module loads, never imports it back.
import { loadBoardFonts } from './fonts';
import type { PixiBoard } from './PixiBoard';

/**
 * The board's chunk (Pixi, GSAP) loads only for the game screen. A player who played here last time
 * (signed in, or as a guest in this tab) most likely lands on the board again: boardEntry.ts starts fetching
 * the chunk with the page. The login screen clears the hint, so it never loads Pixi.
 */

type BoardModule = { PixiBoard: typeof PixiBoard };
let boardModule: Promise<BoardModule> | undefined;
let loadedBoard: BoardModule | undefined;

/** The board's chunk, fetched once (its fonts alongside). */
export const loadBoard = (): Promise<BoardModule> => {
  if (!boardModule) {
    void loadBoardFonts();
    boardModule = import('./PixiBoard').then(
      (m) => (loadedBoard = m),
      (error: unknown) => {
        boardModule = undefined; // a later mount may try again
        throw error;
      },
    );
  }
  return boardModule;
};

/**
 * The board component once its chunk is in; null until then, an Error if it could not load. Not React.lazy:
 * React holds back a Suspense boundary's content until 300 ms after its fallback appeared, and the board is
 * usually in well before that.
 */
export function useBoardComponent(): BoardModule['PixiBoard'] | null | Error {
  const [board, setBoard] = useState<BoardModule | Error | undefined>(loadedBoard);
  useEffect(() => {
    if (board) return;
    let live = true;
    loadBoard().then(
      (m) => live && setBoard(m),
      (error: unknown) => live && setBoard(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [board]);
  if (board instanceof Error) return board;
  return board?.PixiBoard ?? null;
}

export function rememberBoardLikely(likely: boolean): void {
  writeStored('localStorage', BOARD_LIKELY_KEY, likely ? '1' : null);
}
