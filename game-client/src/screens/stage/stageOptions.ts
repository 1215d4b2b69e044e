import type { StageLayout } from '@dond/shared';

/** The stage's logical canvases: scaled by the page to whatever size the browser source is. */
export const STAGE_CANVAS: Record<StageLayout, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
};

/** TikTok LIVE's overlays on a 1080x1920 portrait stream (its comments, gifts and buttons): kept clear by default. */
export const DEFAULT_SAFE_ZONE = { top: 250, bottom: 420, right: 170 } as const;
export type SafeZone = { top: number; bottom: number; right: number };
/** The least room the board keeps, whatever margins are asked: about a phone's width of cases. */
const MIN_BOARD = { width: 540, height: 720 };

export interface StageOptions {
  layout: StageLayout;
  /** 'transparent' (the default), 'stage' (our backdrop) or a CSS colour (a chroma key). */
  background: string;
  sound: boolean;
  guides: boolean;
  safeZone: SafeZone;
}

const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i;

/** A margin from the query, clamped to the canvas; the default when missing or not a number. */
function margin(value: string | null, fallback: number, max: number): number {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? Math.round(Math.min(Math.max(n, 0), max)) : fallback;
}

/** The stage's options from its URL: `?layout=portrait&bg=%2300ff00&sound=on&guides=on&top=250&bottom=420&right=170`. */
export function stageOptions(search: URLSearchParams): StageOptions {
  const layout: StageLayout = search.get('layout') === 'portrait' ? 'portrait' : 'landscape';
  const bg = search.get('bg');
  const background =
    bg === null || bg === '' || bg === 'transparent'
      ? 'transparent'
      : bg === 'stage'
        ? 'stage'
        : COLOUR.test(bg)
          ? bg
          : 'transparent';
  const canvas = STAGE_CANVAS.portrait;
  return {
    layout,
    background,
    sound: search.get('sound') === 'on',
    guides: search.get('guides') === 'on',
    safeZone: {
      top: margin(search.get('top'), DEFAULT_SAFE_ZONE.top, canvas.height - MIN_BOARD.height),
      bottom: margin(search.get('bottom'), DEFAULT_SAFE_ZONE.bottom, canvas.height - MIN_BOARD.height),
      right: margin(search.get('right'), DEFAULT_SAFE_ZONE.right, canvas.width - MIN_BOARD.width),
    },
  };
}

/**
 * Where the board goes on the stage's canvas: all of a landscape one; on a portrait one, what TikTok LIVE's
 * overlays leave free (below the top margin, above the bottom one, left of the right one), never less than
 * MIN_BOARD (the top and bottom margins give way first, in proportion).
 */
export function stageArea(layout: StageLayout, zone: SafeZone) {
  const canvas = STAGE_CANVAS[layout];
  if (layout === 'landscape') return { x: 0, y: 0, ...canvas };
  const right = Math.min(zone.right, canvas.width - MIN_BOARD.width);
  let { top, bottom } = zone;
  const spare = canvas.height - MIN_BOARD.height;
  if (top + bottom > spare) {
    const keep = spare / (top + bottom);
    top = Math.floor(top * keep);
    bottom = Math.floor(bottom * keep);
  }
  return { x: 0, y: top, width: canvas.width - right, height: canvas.height - top - bottom };
}
