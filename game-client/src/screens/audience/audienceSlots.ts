import type { StageLayout } from '@dond/shared';
import { layoutBoard, type Rect } from '../../board/layout';
import { overlayButtons } from '../../board/toastPlacement';

/** Where the audience's panels go, in the board area's coordinates (CSS pixels of the stage's logical canvas). */
export interface AudienceSlots {
  /** The open window (vote bar or called cases); `compact` lays it out in two wide lines. */
  window: Rect & { compact: boolean };
  /** The leaderboards with the likes, at the slot's bottom. */
  boards: Rect;
  /** The feed of gifts, follows and shares, stacked up from the slot's bottom. */
  feed: Rect;
  /** Whether the boards' slot covers the board (then the leaderboards rest between rounds). */
  boardsCover: boolean;
}

const GAP = 8;

/**
 * The panels' places, from the board's own layout so they follow it. On the landscape stage the window and the
 * leaderboards take the two free corners beside case 26, under the last full row of cases, clear of the title,
 * the status and both value boards; only the feed (each line gone after a few seconds) crosses LOWER VALUES'
 * foot. The portrait stage has no free corner inside TikTok LIVE's safe zone: the window covers the title while
 * the chat decides, the feed and the leaderboards the foot of the value boards.
 */
export function audienceSlots(layout: StageLayout, area: { width: number; height: number }): AudienceSlots {
  const board = layoutBoard({ ...area, mode: 'desktop', stage: layout });
  const lower = board.lowerValues.panel;
  const higher = board.higherValues.panel;
  // The panels keep clear of the overlays' buttons (a vote runs while the offer's DEAL and NO DEAL show): under
  // them, or (the landscape feed) beside them.
  const underButtons = Math.max(
    ...overlayButtons(board.overlay, board.fonts.button).map((b) => b.y + b.height),
  );
  /** The foot of a value board, from `from` down. */
  const footOf = (panel: Rect, from: number): Rect => ({
    x: panel.x + GAP,
    y: from,
    width: panel.width - 2 * GAP,
    height: panel.y + panel.height - GAP - from,
  });
  if (layout === 'landscape') {
    const last = board.cases[board.cases.length - 1]!;
    const rowAbove = board.cases[board.cases.length - 2]!;
    const top = Math.max(rowAbove.y + rowAbove.height, underButtons) + GAP;
    const bottom = area.height - GAP;
    const left = board.caseArea.x;
    const right = board.caseArea.x + board.caseArea.width;
    const height = bottom - top;
    return {
      window: {
        x: left,
        y: top,
        width: last.x - GAP - left,
        height,
        compact: false,
      },
      boards: { x: last.x + last.width + GAP, y: top, width: right - (last.x + last.width + GAP), height },
      // Four lines of the feed over LOWER VALUES' last four rows.
      feed: footOf(lower, board.lowerValues.rows[board.lowerValues.rows.length - 4]!.y),
      boardsCover: false,
    };
  }
  const casesTop = board.cases[0]!.y;
  return {
    window: {
      x: board.title.x,
      y: board.title.y,
      width: board.title.width,
      height: casesTop - board.title.y,
      compact: true,
    },
    boards: footOf(higher, Math.max(higher.y, underButtons + GAP)),
    feed: footOf(lower, Math.max(lower.y, underButtons + GAP)),
    boardsCover: true,
  };
}

const inside = (inner: Rect, outer: { width: number; height: number }) =>
  inner.x >= 0 &&
  inner.y >= 0 &&
  inner.x + inner.width <= outer.width &&
  inner.y + inner.height <= outer.height;

/** Whether two rectangles share any area. */
export const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** For the tests: whether every slot is inside the area. */
export const slotsInside = (slots: AudienceSlots, area: { width: number; height: number }) =>
  [slots.window, slots.boards, slots.feed].every((r) => inside(r, area));
