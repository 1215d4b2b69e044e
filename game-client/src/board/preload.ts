/**
 * The board's chunk (Pixi, GSAP) loads only for the game screen. A player who played here last time
 * (signed in, or as a guest in this tab) most likely lands on the board again: fetching the chunk while the
 * session check runs saves a round trip. The login screen clears the hint, so it never loads Pixi.
 */
const HINT_KEY = 'dond.boardLikely';

/** The canvas measures its text in these faces: fetched alongside the chunk rather than after it. */
export const BOARD_FONT_WEIGHTS = ['400', '700', '900'] as const;
export const BOARD_FONT_FAMILY = 'TikTok Sans';

export function loadBoardFonts(): Promise<unknown> {
  // Without the Font Loading API (old browsers, jsdom) the board starts with what the page has.
  const fonts = document.fonts as FontFaceSet | undefined;
  if (!fonts) return Promise.resolve();
  return Promise.all(BOARD_FONT_WEIGHTS.map((w) => fonts.load(`${w} 16px "${BOARD_FONT_FAMILY}"`)));
}

export const loadBoard = () => {
  void loadBoardFonts();
  return import('./PixiBoard');
};

export function preloadBoardIfLikely(): void {
  if (location.pathname !== '/') return;
  if (sessionStorage.getItem('dond.guest') === '1' || localStorage.getItem(HINT_KEY) === '1')
    void loadBoard();
}

export function rememberBoardLikely(likely: boolean): void {
  if (likely) localStorage.setItem(HINT_KEY, '1');
  else localStorage.removeItem(HINT_KEY);
}
