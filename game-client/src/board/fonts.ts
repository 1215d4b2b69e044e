/** The faces the canvas measures its text in (@fontsource/tiktok-sans, imported by main.tsx). */
export const BOARD_FONT_FAMILY = 'TikTok Sans';
export const BOARD_FONT_WEIGHTS = ['400', '700', '900'] as const;

/** Resolves once the board's faces are in. Without the Font Loading API (old browsers, jsdom) the board starts with what the page has. */
export function loadBoardFonts(): Promise<unknown> {
  const fonts = document.fonts as FontFaceSet | undefined;
  if (!fonts) return Promise.resolve();
  return Promise.all(BOARD_FONT_WEIGHTS.map((w) => fonts.load(`${w} 16px "${BOARD_FONT_FAMILY}"`)));
}
