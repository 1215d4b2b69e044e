import type { Rect } from './geometry';
import { actionRow } from './overlays/placement';

/**
 * Where the toasts go (decision 0018): over the value boards, never over a briefcase, NEW GAME / RESET or an
 * overlay's buttons, whatever the mode and size. The case toast takes the lower part of the board that does
 * not hold the gift just opened (so its strike-through stays in view); the DOM toasts ('Round N starts!',
 * 'New Game Started!'...) take the upper part of LOWER VALUES. Where the two boards are narrow columns side
 * by side (mobile), both toasts span the two columns. The case toast never shows with an overlay; the DOM
 * toasts may, so they also keep clear of every overlay button (moving below or above that row if need be).
 */
export interface ToastPlaces {
  /** The case toast when the opened gift sits on HIGHER VALUES: over LOWER VALUES; and the other way round. */
  caseToast: { overLower: Rect; overHigher: Rect };
  /** The box the DOM toasts stack in, in board coordinates. */
  notices: Rect;
}

/** Each toast keeps at most this share of a board's height, so the two never meet. */
export const TOAST_SHARE = 0.45;

const union = (a: Rect, b: Rect): Rect => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
};

/** The wanted toast inside a board: centred across it, at its top or bottom, never larger than its share. */
function inside(board: Rect, want: { width: number; height: number }, at: 'top' | 'bottom'): Rect {
  const width = Math.min(want.width, board.width);
  // A narrow toast stacks picture over text, so it needs more height.
  const height = Math.min(
    board.height * TOAST_SHARE,
    width < want.width * 0.75 ? want.height * 1.9 : want.height,
  );
  const x = board.x + (board.width - width) / 2;
  const y = at === 'top' ? board.y : board.y + board.height - height;
  return { x, y, width, height };
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - 1e-6 &&
  b.x < a.x + a.width - 1e-6 &&
  a.y < b.y + b.height - 1e-6 &&
  b.y < a.y + a.height - 1e-6;

/** Every overlay button (rows of one and two, as the overlays draw them) in board coordinates. */
export function overlayButtons(overlay: Rect, buttonFont: number): Rect[] {
  return [1, 2].flatMap((n) =>
    actionRow(overlay, buttonFont, n).map((r) => ({ ...r, x: overlay.x + r.x, y: overlay.y + r.y })),
  );
}

export function placeToasts(
  lower: Rect,
  higher: Rect,
  arrangement: 'panels' | 'columns',
  want: { width: number; height: number },
  overlay: { panel: Rect; buttonFont: number },
): ToastPlaces {
  const adjacent = arrangement === 'columns';
  const block = union(lower, higher);
  // Two columns side by side share one toast when one column alone is too narrow for it.
  const narrow = adjacent && Math.min(lower.width, higher.width) < want.width * 0.75;
  const overLower = inside(narrow ? block : lower, want, 'bottom');
  const overHigher = inside(narrow ? block : higher, want, 'bottom');
  const buttons = overlayButtons(overlay.panel, overlay.buttonFont);
  const row = buttons.reduce(
    (r, b) => ({ top: Math.min(r.top, b.y), bottom: Math.max(r.bottom, b.y + b.height) }),
    { top: Infinity, bottom: -Infinity },
  );
  const gap = 8;
  const candidates: Rect[] = [];
  for (const board of narrow ? [block] : [lower, higher]) {
    const top = inside(board, want, 'top');
    candidates.push(top, { ...top, y: row.bottom + gap }, { ...top, y: row.top - gap - top.height });
  }
  const boards = narrow ? [block] : [lower, higher];
  const within = (r: Rect) =>
    r.y >= 0 &&
    boards.some((b) => r.x >= b.x - 1e-6 && r.y >= b.y - 1e-6 && r.y + r.height <= b.y + b.height + 1e-6);
  const clearOfButtons = (r: Rect) => within(r) && !buttons.some((b) => overlaps(r, b));
  // Best clear of the case toast too; on a cramped board the two toasts may meet (neither is a control).
  const notices =
    candidates.find((r) => clearOfButtons(r) && !overlaps(r, overLower) && !overlaps(r, overHigher)) ??
    candidates.find(clearOfButtons) ??
    candidates[0]!;
  return { caseToast: { overLower, overHigher }, notices };
}
