import { describe, expect, it } from 'vitest';
import { layoutBoard, type Rect } from '../../board/layout';
import { DEFAULT_SAFE_ZONE, STAGE_CANVAS, stageArea, stageOptions } from './stageOptions';

const options = (query: string) => stageOptions(new URLSearchParams(query));

/** Every rectangle of a board layout, moved to where the stage draws it. */
function boardRects(area: Rect): Rect[] {
  const layout = layoutBoard({ width: area.width, height: area.height, mode: 'desktop', stage: 'portrait' });
  const rects: Rect[] = [
    ...layout.cases,
    ...[layout.lowerValues, layout.higherValues].flatMap((v) => [v.panel, v.title, ...v.rows]),
    layout.title,
    layout.status,
    layout.notices,
    layout.overlay,
    layout.caseToast.overLower,
    layout.caseToast.overHigher,
  ];
  return rects.map((r) => ({ ...r, x: r.x + area.x, y: r.y + area.y }));
}

describe('the stage URL options', () => {
  it('defaults to a transparent landscape stage, no sound, no guides, the default safe zone', () => {
    expect(options('')).toEqual({
      layout: 'landscape',
      background: 'transparent',
      sound: false,
      guides: false,
      safeZone: DEFAULT_SAFE_ZONE,
    });
    expect(options('layout=portrait&bg=stage&sound=on&guides=on')).toMatchObject({
      layout: 'portrait',
      background: 'stage',
      sound: true,
      guides: true,
    });
  });

  it('takes a colour for a chroma key and refuses anything else as a colour', () => {
    expect(options('bg=%2300ff00').background).toBe('#00ff00');
    expect(options('bg=magenta').background).toBe('magenta');
    expect(options('bg=rgb(0,255,0)').background).toBe('rgb(0,255,0)');
    expect(options('bg=url(x)').background).toBe('transparent');
    expect(options('bg=red;color:blue').background).toBe('transparent');
  });

  it('clamps the safe-zone margins to the canvas and ignores what is not a number', () => {
    expect(options('top=0&bottom=0&right=0').safeZone).toEqual({ top: 0, bottom: 0, right: 0 });
    expect(options('top=-5&bottom=x&right=9999').safeZone).toEqual({
      top: 0,
      bottom: DEFAULT_SAFE_ZONE.bottom,
      right: STAGE_CANVAS.portrait.width - 540,
    });
  });
});

describe('the portrait stage keeps the board inside TikTok LIVE’s safe zones', () => {
  const zones = [
    DEFAULT_SAFE_ZONE,
    { top: 0, bottom: 0, right: 0 },
    { top: 600, bottom: 600, right: 540 },
    { top: 1200, bottom: 0, right: 0 },
    { top: 0, bottom: 1200, right: 300 },
  ];
  for (const zone of zones) {
    it(`top ${zone.top}, bottom ${zone.bottom}, right ${zone.right}`, () => {
      const canvas = STAGE_CANVAS.portrait;
      const area = stageArea('portrait', zone);
      // The area itself: clear of each margin, unless the margins leave less than the board's least room.
      expect(area.x).toBe(0);
      expect(area.x + area.width).toBeLessThanOrEqual(
        canvas.width - Math.min(zone.right, canvas.width - 540),
      );
      expect(area.width).toBeGreaterThanOrEqual(540);
      expect(area.height).toBeGreaterThanOrEqual(720);
      if (zone.top + zone.bottom <= canvas.height - 720) {
        expect(area.y).toBe(zone.top);
        expect(area.y + area.height).toBe(canvas.height - zone.bottom);
      }
      // Every case, value board and text of the board inside the area.
      for (const r of boardRects(area)) {
        expect(r.x).toBeGreaterThanOrEqual(area.x - 0.5);
        expect(r.y).toBeGreaterThanOrEqual(area.y - 0.5);
        expect(r.x + r.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
        expect(r.y + r.height).toBeLessThanOrEqual(area.y + area.height + 0.5);
      }
    });
  }

  it('a landscape stage is the whole 1920x1080 canvas', () => {
    expect(stageArea('landscape', DEFAULT_SAFE_ZONE)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
  });
});
