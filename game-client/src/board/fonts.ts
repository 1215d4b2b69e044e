/** The faces the canvas measures its text in (@fontsource/tiktok-sans, imported by main.tsx). */
export const BOARD_FONT_FAMILY = 'TikTok Sans';
export const BOARD_FONT_WEIGHTS = ['400', '700', '900'] as const;
