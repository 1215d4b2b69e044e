import { describe, expect, it } from 'vitest';
import { layoutBoard } from '../../board/layout';
import { overlayButtons } from '../../board/toastPlacement';
import { stageArea, DEFAULT_SAFE_ZONE, STAGE_CANVAS } from '../stage/stageOptions';
import { audienceSlots, overlap, slotsInside } from './audienceSlots';

describe('audienceSlots on the landscape stage', () => {
  const area = STAGE_CANVAS.landscape;
  const slots = audienceSlots('landscape', area);
  const board = layoutBoard({ ...area, mode: 'desktop', stage: 'landscape' });

  it('keeps the window and the leaderboards off the title, the status, the value boards and every case', () => {
    const keep = [
      board.title,
      board.status,
      board.lowerValues.panel,
      board.higherValues.panel,
      ...board.cases,
    ];
    for (const slot of [slots.window, slots.boards])
      for (const r of keep) expect(overlap(slot, r), JSON.stringify({ slot, r })).toBe(false);
    expect(slotsInside(slots, area)).toBe(true);
  });

  it('leaves room for the window and a leaderboard of three 28 px lines', () => {
    expect(slots.window.width).toBeGreaterThanOrEqual(300);
    expect(slots.boards.width).toBeGreaterThanOrEqual(300);
    expect(slots.boards.height).toBeGreaterThanOrEqual(180);
    expect(slots.boardsCover).toBe(false);
  });

  it('gives the feed four lines over LOWER VALUES only', () => {
    const lower = board.lowerValues.panel;
    expect(slots.feed.x).toBeGreaterThanOrEqual(lower.x);
    expect(slots.feed.x + slots.feed.width).toBeLessThanOrEqual(lower.x + lower.width);
    expect(slots.feed.y + slots.feed.height).toBeLessThanOrEqual(lower.y + lower.height);
    expect(slots.feed.height).toBeGreaterThanOrEqual(4 * 56 + 3 * 6);
  });

  it("leaves room under the offer overlay's buttons (a vote runs while they show) for a panel of 160 px", () => {
    const buttons = overlayButtons(board.overlay, board.fonts.button);
    const below = Math.max(...buttons.map((b) => b.y + b.height));
    for (const slot of [slots.window, slots.boards]) {
      for (const b of buttons) expect(overlap(slot, b)).toBe(false);
      expect(slot.y + slot.height - below).toBeGreaterThanOrEqual(160 + 8);
    }
  });
});

describe('audienceSlots on the portrait stage', () => {
  const area = stageArea('portrait', DEFAULT_SAFE_ZONE);
  const slots = audienceSlots('portrait', area);
  const board = layoutBoard({ width: area.width, height: area.height, mode: 'desktop', stage: 'portrait' });

  it('keeps every panel inside the safe zone (the board area)', () => {
    expect(slotsInside(slots, area)).toBe(true);
  });

  it('keeps the window above the cases, the leaderboards to HIGHER VALUES and the feed to LOWER VALUES', () => {
    expect(slots.window.y + slots.window.height).toBeLessThanOrEqual(board.cases[0]!.y);
    expect(overlap(slots.boards, board.lowerValues.panel)).toBe(false);
    expect(overlap(slots.feed, board.higherValues.panel)).toBe(false);
    expect(slots.boardsCover).toBe(true);
  });

  it('keeps the feed and the leaderboards under the overlay buttons, with room for four feed lines', () => {
    for (const b of overlayButtons(board.overlay, board.fonts.button)) {
      expect(overlap(slots.feed, b)).toBe(false);
      expect(overlap(slots.boards, b)).toBe(false);
    }
    expect(slots.feed.height).toBeGreaterThanOrEqual(4 * 56 + 3 * 6);
    expect(slots.boards.height).toBeGreaterThanOrEqual(180);
  });
});
