import { FillGradient, type Graphics, TextStyle, type TextStyleOptions } from 'pixi.js';
import { COLORS, FONT_FAMILY } from '../theme';

/** Shared drawing helpers of the scene: gradients are made once, text styles from a few options. */

const gradients = new Map<string, FillGradient>();

/** A vertical gradient in the shape's own space (0 at its top, 1 at its bottom), cached by its stops. */
export function vertical(stops: ReadonlyArray<readonly [offset: number, color: number]>): FillGradient {
  const key = stops.map(([o, c]) => `${o}:${c}`).join('|');
  let gradient = gradients.get(key);
  if (!gradient) {
    gradient = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: stops.map(([offset, color]) => ({ offset, color })),
      textureSpace: 'local',
    });
    gradients.set(key, gradient);
  }
  return gradient;
}

export const GOLD_BODY = [
  [0, COLORS.goldLight],
  [0.45, COLORS.gold],
  [1, COLORS.goldDeep],
] as const;

/** The player's own case: the show's cyan instead of gold. */
export const CYAN_BODY = [
  [0, 0xb8fffc],
  [0.45, COLORS.cyan],
  [1, 0x0e8f8a],
] as const;

/** The panels' dark glass. */
export const PANEL_FILL = [
  [0, 0x17203d],
  [1, 0x0c0a1d],
] as const;

/** The value boards' rows: cyan below, gold above, grey once eliminated. */
export const VALUE_ROW_FILL = {
  lower: [
    [0, 0x3fe6e0],
    [1, 0x118c88],
  ],
  higher: [
    [0, 0xffd86b],
    [1, 0xc9951c],
  ],
  eliminated: [
    [0, 0x2a2640],
    [1, 0x1c1930],
  ],
} as const;

/** The show's titles: letter spacing and glow, in parts of the font size. */
export const HEADING = { letterSpacing: 0.08, glowAlpha: 0.45, glowBlur: 0.25 } as const;

/** The show's panel: a dark glass box with a glowing edge. */
export function drawPanel(
  g: Graphics,
  width: number,
  height: number,
  {
    edge = COLORS.panelEdge,
    radius = 14,
    glow = true,
  }: { edge?: number; radius?: number; glow?: boolean } = {},
): void {
  if (glow) {
    for (let i = 3; i >= 1; i--) {
      g.roundRect(-i * 2, -i * 2, width + i * 4, height + i * 4, radius + i * 2).stroke({
        width: 2,
        color: edge,
        alpha: 0.05 * (4 - i),
      });
    }
  }
  g.roundRect(0, 0, width, height, radius).fill(vertical(PANEL_FILL));
  g.roundRect(0, 0, width, height, radius).stroke({ width: 1.5, color: edge, alpha: 0.55 });
}

/** A coin: the currency mark drawn on the canvas (the emoji coin is for DOM text). */
export function drawCoin(g: Graphics, cx: number, cy: number, r: number): void {
  g.circle(cx, cy, r).fill(COLORS.goldDeep);
  g.circle(cx, cy - r * 0.08, r * 0.9).fill(
    vertical([
      [0, COLORS.goldLight],
      [1, COLORS.gold],
    ]),
  );
  g.circle(cx, cy - r * 0.08, r * 0.55).stroke({
    width: Math.max(1, r * 0.14),
    color: COLORS.goldDeep,
    alpha: 0.7,
  });
}

const styles = new Map<string, TextStyle>();

/** A text style from the theme's font; styles are shared between texts of the same look. */
export function textStyle(options: TextStyleOptions & { fontSize: number }): TextStyle {
  const key = JSON.stringify(options);
  let style = styles.get(key);
  if (!style) {
    // An option given as undefined keeps the default: `fontWeight: undefined` spread over '700' made the font
    // string 'normal normal undefined 22px ...', which the canvas refuses, so the text was measured and drawn in
    // whatever font the canvas had last (a status line cut off mid-word, or shrunk to 11 px).
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    style = new TextStyle({ fontFamily: FONT_FAMILY, fill: COLORS.text, fontWeight: '700', ...given });
    styles.set(key, style);
  }
  return style;
}

/** A glowing gold heading: the show's titles. */
export function headingStyle(fontSize: number, fill: number = COLORS.gold): TextStyle {
  return textStyle({
    fontSize,
    fontWeight: '900',
    fill,
    letterSpacing: Math.round(fontSize * HEADING.letterSpacing),
    dropShadow: {
      color: fill,
      alpha: HEADING.glowAlpha,
      blur: Math.max(2, fontSize * HEADING.glowBlur),
      distance: 0,
      angle: 0,
    },
  });
}
