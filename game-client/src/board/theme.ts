/**
 * The board's look in one place: colours and fonts. How it moves is the published tuning (motion/motion.ts,
 * issue 19); SPEC.md's timings live in @dond/shared's TIMINGS.
 */
export const COLORS = {
  stage: 0x07060f,
  stageGlow: 0x2b1450,
  panel: 0x120f26,
  panelEdge: 0x25f4ee,
  gold: 0xf5c542,
  goldLight: 0xffe9a3,
  goldDeep: 0xa8740f,
  cyan: 0x25f4ee,
  pink: 0xfe2c55,
  text: 0xf6f2e8,
  muted: 0xb4adc4,
  dim: 0x5d5870,
  caseShadow: 0x000000,
  opened: 0x1a1630,
  danger: 0xe23a56,
  success: 0x19c37d,
} as const;

import { BOARD_FONT_FAMILY } from './fonts';

/** For Pixi's text styles (Pixi quotes the names in this array in place). */
export const FONT_FAMILY = [BOARD_FONT_FAMILY, 'system-ui', 'sans-serif'];
/** The same faces as a CSS font-family, for text painted on a 2D canvas. */
export const FONT_CSS = `"${BOARD_FONT_FAMILY}", system-ui, sans-serif`;

/** How far an eliminated value is dimmed (SPEC.md section 2: dimmed and struck through). */
export const DIMMED_ALPHA = 0.32;

/** 0xRRGGBB and an alpha as a CSS colour (the stage's background, text painted on a 2D canvas). */
export const cssColor = (color: number, alpha = 1) =>
  `rgb(${(color >> 16) & 255} ${(color >> 8) & 255} ${color & 255} / ${alpha})`;

/**
 * The show's stage behind the board: a dark floor under three spotlights, as the CSS background of the
 * canvas's box (the canvas is transparent). Drawn by the browser once, not by WebGL in every frame: in
 * software WebGL a full-screen textured quad was about a third of each frame's cost.
 */
export function stageBackground(width: number, height: number): string {
  const reach = Math.max(width, height);
  const lights: Array<[x: number, y: number, r: number, color: number, alpha: number]> = [
    [0.5, -0.1, 0.75, COLORS.stageGlow, 0.9],
    [0.06, 1.05, 0.45, COLORS.cyan, 0.16],
    [0.94, 1.05, 0.45, COLORS.pink, 0.16],
  ];
  const layers = lights.map(
    ([x, y, r, color, alpha]) =>
      `radial-gradient(circle ${Math.round(reach * r)}px at ${x * 100}% ${y * 100}%, ${cssColor(color, alpha)}, ${cssColor(color, 0)})`,
  );
  return [...layers, cssColor(COLORS.stage)].join(', ');
}
