import { describe, expect, it } from 'vitest';
import type { ViewMode } from '../store/sessionStore';
import { layoutBoard, type Rect } from './layout';
import { overlayButtons } from './toastPlacement';

// Issue 15, defect 3: no toast may cover a control the current phase needs. Geometric proof over every mode
// and a range of sizes: the case toast and the DOM toasts' box overlap no case, no NEW GAME / RESET / SHOW,
// no overlay button, and not each other.

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - 1e-6 &&
  b.x < a.x + a.width - 1e-6 &&
  a.y < b.y + b.height - 1e-6 &&
  b.y < a.y + a.height - 1e-6;

// Board sizes: the e2e viewports (1920x1080, 1024x768, 390x844) less the page chrome, their turned mobile
// stages, and a sweep of others.
const SIZES: Array<[number, number]> = [
  [1890, 870],
  [1920, 1080],
  [1366, 768],
  [1280, 560],
  [1000, 560],
  [1024, 768],
  [768, 1024],
  [390, 600],
  [375, 667],
  [667, 375],
  [844, 390],
  [1080, 1800],
  [768, 760],
  [2560, 1300],
];
const MODES: ViewMode[] = ['desktop', 'tablet', 'mobile'];
// The tablet layout is not made for a phone turned sideways (under 420 px high): it is not checked there.
const CASES = SIZES.flatMap(([width, height]) => MODES.map((mode) => ({ mode, width, height }))).filter(
  ({ mode, height }) => mode !== 'tablet' || height >= 420,
);

describe.each(CASES)('toasts in $mode at $width x $height', ({ mode, width, height }) => {
  const l = layoutBoard({ width, height, mode });
  const c = l.controls;
  const controls: Array<[string, Rect]> = [
    ['NEW GAME', c.newGame],
    ['RESET', c.reset],
    ...(c.toggle ? [['SHOW/HIDE', c.toggle] as [string, Rect]] : []),
  ];
  const cases = l.cases.map((r, i): [string, Rect] => [`case ${i + 1}`, r]);
  // Every overlay's buttons: one (CONTINUE, NEW GAME) or two (DEAL!/NO DEAL!, KEEP/SWAP, the confirmation),
  // as the overlays place them (actionRow), turned into board coordinates.
  const buttons = overlayButtons(l.overlay, l.fonts.button).map((r, i): [string, Rect] => [
    `overlay button ${i + 1}`,
    r,
  ]);
  const expectClear = (toast: Rect, of: Array<[string, Rect]>) => {
    expect(toast.width).toBeGreaterThan(0);
    expect(toast.height).toBeGreaterThan(0);
    for (const [name, r] of of)
      expect(overlaps(toast, r), `${name} at ${JSON.stringify(r)} under ${JSON.stringify(toast)}`).toBe(
        false,
      );
  };

  // The case toast shows only while no overlay is up: the cases and the controls are what it must not cover.
  it('case toasts cover no case and no control', () => {
    expectClear(l.caseToast.overLower, [...cases, ...controls]);
    expectClear(l.caseToast.overHigher, [...cases, ...controls]);
  });

  // 'Round N starts!' can still show when the banker's offer comes up: overlay buttons too.
  it('DOM toasts cover no case, no control and no overlay button', () => {
    expectClear(l.notices, [...cases, ...controls, ...buttons]);
  });

  it.skipIf(width < 700)('keeps the case toast and the DOM toasts apart', () => {
    expect(overlaps(l.caseToast.overLower, l.notices)).toBe(false);
    expect(overlaps(l.caseToast.overHigher, l.notices)).toBe(false);
  });
});
