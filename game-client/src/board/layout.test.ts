import { describe, expect, it } from 'vitest';
import type { ViewMode } from '../store/sessionStore';
import {
  CASE_ASPECT,
  CASE_COUNT,
  CASE_MIN_ASPECT,
  CASE_ROWS,
  CONTROLS_GAP,
  DESKTOP_CASE_ROWS,
  DESKTOP_STACK_ASPECT,
  MIN_TAP,
  MOBILE_CASE_ROWS,
  PORTRAIT_STAGE_CASE_ROWS,
  TABLET_CASE_ROWS,
  VALUE_ROWS_PER_BOARD,
  VALUE_ROW_EMS,
  layoutBoard,
  type BoardLayout,
  type Rect,
} from './layout';

// Rounding slack: rectangles that touch are not overlapping.
const EPS = 1e-6;

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - EPS &&
  b.x < a.x + a.width - EPS &&
  a.y < b.y + b.height - EPS &&
  b.y < a.y + a.height - EPS;

const inside = (r: Rect, box: Rect) =>
  r.x >= box.x - EPS &&
  r.y >= box.y - EPS &&
  r.x + r.width <= box.x + box.width + EPS &&
  r.y + r.height <= box.y + box.height + EPS &&
  r.width > 0 &&
  r.height > 0;

const centreX = (r: Rect) => r.x + r.width / 2;

function expectDisjoint(named: Array<[string, Rect]>) {
  for (let i = 0; i < named.length; i++) {
    for (let j = i + 1; j < named.length; j++) {
      const [an, a] = named[i]!;
      const [bn, b] = named[j]!;
      expect(overlaps(a, b), `${an} overlaps ${bn}`).toBe(false);
    }
  }
}

/** The board's blocks, none of which may overlap another: the two value boards, the cases, title and status. */
const blocks = (l: BoardLayout): Array<[string, Rect]> => [
  ['lowerValues', l.lowerValues.panel],
  ['higherValues', l.higherValues.panel],
  ['caseArea', l.caseArea],
  ['title', l.title],
  ['status', l.status],
];

/** Every rectangle in the layout, named, for the inside-the-viewport check. */
function allRects(l: BoardLayout): Array<[string, Rect]> {
  const c = l.controls;
  const named: Array<[string, Rect | null]> = [
    ['title', l.title],
    ['status', l.status],
    ['caseArea', l.caseArea],
    ['controls', c.panel],
    ['NEW GAME', c.newGame],
    ['RESET', c.reset],
    ['toggle', c.toggle],
    ['heading', c.heading],
    ['overlay', l.overlay],
    ['caseToast over lower', l.caseToast.overLower],
    ['caseToast over higher', l.caseToast.overHigher],
    ['notices', l.notices],
    ...l.cases.map((r, i): [string, Rect] => [`case ${i + 1}`, r]),
    ...(['lowerValues', 'higherValues'] as const).flatMap((k): Array<[string, Rect]> => [
      [`${k} panel`, l[k].panel],
      [`${k} title`, l[k].title],
      ...l[k].rows.map((r, i): [string, Rect] => [`${k} row ${i + 1}`, r]),
    ]),
  ];
  return named.filter((e): e is [string, Rect] => e[1] !== null);
}

/** Cases grouped into rows by their top edge, in order. */
function rowsOf(cases: Rect[]): Rect[][] {
  const rows: Rect[][] = [];
  for (const c of cases) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(last[0]!.y - c.y) < EPS) last.push(c);
    else rows.push([c]);
  }
  return rows;
}

const VIEWPORTS: ReadonlyArray<readonly [number, number]> = [
  [375, 667],
  [768, 1024],
  [1366, 768],
  [1920, 1080],
  [1080, 1920],
];

/**
 * The board's box in the game page at a viewport, by mode, in CSS pixels: what the header, the view-mode
 * buttons and the audio panel leave (e2e/onairLayout.spec.ts measures them in Chromium and fails if a box
 * gets smaller). Mobile turns the page 90 degrees, so its box is the viewport turned.
 */
const BOARD_BOXES: ReadonlyArray<{ viewport: string; boxes: Record<ViewMode, readonly [number, number]> }> = [
  { viewport: '1920x1080', boxes: { desktop: [1920, 824], tablet: [1920, 824], mobile: [1080, 1920] } },
  { viewport: '1080x1920', boxes: { desktop: [1080, 1664], tablet: [1080, 1664], mobile: [1920, 1080] } },
  { viewport: '1366x768', boxes: { desktop: [1366, 512], tablet: [1366, 512], mobile: [768, 1366] } },
  { viewport: '1024x768', boxes: { desktop: [1024, 513], tablet: [1024, 513], mobile: [768, 1024] } },
  { viewport: '768x1024', boxes: { desktop: [768, 782], tablet: [768, 782], mobile: [1024, 768] } },
  { viewport: '390x844', boxes: { desktop: [390, 496], tablet: [390, 496], mobile: [844, 390] } },
];
const MODES: readonly ViewMode[] = ['desktop', 'tablet', 'mobile'];
const boxCases = (viewports: readonly string[]) =>
  BOARD_BOXES.filter((b) => viewports.includes(b.viewport)).flatMap(({ viewport, boxes }) =>
    MODES.map((mode) => ({ viewport, mode, width: boxes[mode][0], height: boxes[mode][1] })),
  );

// Mobile turns the whole page 90 degrees, so its stage is the viewport turned. The unturned sizes are
// checked too where they are at least tablet-wide: 7 cases of 44 px at 4:3 cannot fit 375 px across.
// Then every mode in the page's real board boxes.
const CASES: Array<{ mode: ViewMode; width: number; height: number }> = [
  ...VIEWPORTS.flatMap(([w, h]) => [
    { mode: 'desktop' as const, width: w, height: h },
    { mode: 'tablet' as const, width: w, height: h },
    { mode: 'mobile' as const, width: h, height: w },
    ...(w >= 768 ? [{ mode: 'mobile' as const, width: w, height: h }] : []),
  ]),
  ...boxCases(['1920x1080', '1080x1920', '1366x768', '1024x768', '768x1024']),
  ...boxCases(['390x844']),
];

describe('case row patterns', () => {
  it('follow SPEC.md section 2 and hold 26 cases', () => {
    expect(DESKTOP_CASE_ROWS).toEqual([5, 5, 5, 5, 5, 1]);
    expect(TABLET_CASE_ROWS).toEqual([5, 5, 5, 5, 6]);
    expect(MOBILE_CASE_ROWS).toEqual([6, 7, 7, 6]);
    for (const rows of Object.values(CASE_ROWS)) expect(rows.reduce((a, b) => a + b, 0)).toBe(CASE_COUNT);
  });
});

describe.each(CASES)('layout $mode at $width x $height', ({ mode, width, height }) => {
  const l = layoutBoard({ width, height, mode });
  const viewport: Rect = { x: 0, y: 0, width, height };

  it('keeps everything inside the viewport', () => {
    for (const [name, r] of allRects(l)) expect(inside(r, viewport), `${name} inside`).toBe(true);
  });

  it('has 26 case slots, pairwise disjoint, inside the case area', () => {
    expect(l.cases).toHaveLength(CASE_COUNT);
    expectDisjoint(l.cases.map((r, i) => [`case ${i + 1}`, r]));
    for (const [i, r] of l.cases.entries()) expect(inside(r, l.caseArea), `case ${i + 1}`).toBe(true);
  });

  it('keeps value boards, title, status and controls off the cases and each other', () => {
    expectDisjoint([...blocks(l), ['controls', l.controls.panel]]);
    const c = l.controls;
    const controls = [c.newGame, c.reset, c.toggle, c.heading].filter((r): r is Rect => r !== null);
    for (const r of controls) expect(inside(r, c.panel)).toBe(true);
    expectDisjoint(controls.map((r, i) => [`control ${i}`, r]));
    for (const [i, r] of l.cases.entries()) {
      for (const [name, other] of [
        ['title', l.title],
        ['status', l.status],
        ['controls', c.panel],
      ] as const) {
        expect(overlaps(r, other), `case ${i + 1} overlaps ${name}`).toBe(false);
      }
    }
  });

  it('gives each value board a title and 13 disjoint rows inside its panel', () => {
    for (const board of [l.lowerValues, l.higherValues]) {
      expect(board.rows).toHaveLength(VALUE_ROWS_PER_BOARD);
      expectDisjoint([['title', board.title], ...board.rows.map((r, i): [string, Rect] => [`row ${i}`, r])]);
      for (const r of [board.title, ...board.rows]) expect(inside(r, board.panel)).toBe(true);
      for (const [i, r] of board.rows.entries()) if (i > 0) expect(r.y).toBeGreaterThan(board.rows[i - 1]!.y);
    }
  });

  it('lays the cases in the rows of its mode, numbered left to right then top to bottom', () => {
    const rows = rowsOf(l.cases);
    expect(rows.map((r) => r.length)).toEqual(CASE_ROWS[mode]);
    for (let i = 1; i < l.cases.length; i++) {
      const a = l.cases[i - 1]!;
      const b = l.cases[i]!;
      const sameRow = Math.abs(a.y - b.y) < EPS;
      if (sameRow) expect(b.x, `case ${i + 1} right of case ${i}`).toBeGreaterThan(a.x);
      else expect(b.y, `case ${i + 1} below case ${i}`).toBeGreaterThanOrEqual(a.y + a.height);
    }
  });

  it('keeps cases briefcase-shaped', () => {
    for (const r of l.cases) {
      const aspect = r.width / r.height;
      expect(aspect).toBeGreaterThanOrEqual(CASE_MIN_ASPECT - EPS);
      expect(aspect).toBeLessThanOrEqual(CASE_ASPECT + EPS);
    }
  });

  it('centres the overlay (the toasts are placed by toastPlacement.test.ts)', () => {
    expect(centreX(l.overlay)).toBeCloseTo(width / 2);
  });

  it('scales text with the layout', () => {
    for (const size of Object.values(l.fonts)) expect(size).toBeGreaterThanOrEqual(8);
    expect(l.fonts.caseNumber).toBeLessThan(l.caseSize.height);
  });

  if (mode === 'desktop' && height <= width * DESKTOP_STACK_ASPECT) {
    it('splits 2/3/2 and shows case 26 alone, centred below the grid', () => {
      const rows = rowsOf(l.cases);
      const last = rows[rows.length - 1]!;
      expect(last).toHaveLength(1);
      const c26 = l.cases[25]!;
      expect(last[0]).toBe(c26);
      const first = rows[0]!;
      const gridCentre = (first[0]!.x + first[first.length - 1]!.x + first[0]!.width) / 2;
      expect(centreX(c26)).toBeCloseTo(gridCentre);
      expect(centreX(c26)).toBeCloseTo(centreX(l.caseArea));
      expect(l.lowerValues.panel.x + l.lowerValues.panel.width).toBeLessThanOrEqual(l.caseArea.x);
      expect(l.higherValues.panel.x).toBeGreaterThanOrEqual(l.caseArea.x + l.caseArea.width);
      expect(l.caseArea.width / l.lowerValues.panel.width).toBeCloseTo(3 / 2);
      expect(l.higherValues.panel.width).toBeCloseTo(l.lowerValues.panel.width);
    });
  } else if (mode === 'desktop') {
    it('stacks a portrait box: the cases on top, case 26 alone below, the two boards side by side under them', () => {
      const rows = rowsOf(l.cases);
      expect(rows[rows.length - 1]).toEqual([l.cases[25]]);
      const below = l.controls.panel.y + l.controls.panel.height;
      expect(l.lowerValues.panel.y).toBeGreaterThanOrEqual(below);
      expect(l.higherValues.panel.y).toBeCloseTo(l.lowerValues.panel.y);
      expect(l.higherValues.panel.x).toBeGreaterThan(l.lowerValues.panel.x + l.lowerValues.panel.width);
    });
  }
  if (mode !== 'desktop') {
    it('meets the 44 px minimum tap size', () => {
      for (const [i, r] of l.cases.entries()) {
        expect(r.width, `case ${i + 1} width`).toBeGreaterThanOrEqual(MIN_TAP);
        expect(r.height, `case ${i + 1} height`).toBeGreaterThanOrEqual(MIN_TAP);
      }
      const c = l.controls;
      for (const r of [c.newGame, c.reset, c.toggle]) if (r) expect(r.height).toBeGreaterThanOrEqual(MIN_TAP);
    });
  }

  if (mode === 'tablet') {
    it('has the GAME CONTROLS panel with its SHOW/HIDE toggle, each button a full tap high with room around', () => {
      const { panel, toggle, heading, newGame, reset } = l.controls;
      expect(toggle).not.toBeNull();
      expect(heading).not.toBeNull();
      for (const r of [toggle!, newGame, reset]) {
        expect(r.height).toBeGreaterThanOrEqual(MIN_TAP);
        // Padding inside the panel's edge.
        expect(r.x - panel.x).toBeGreaterThanOrEqual(8 - EPS);
        expect(r.y - panel.y).toBeGreaterThanOrEqual(8 - EPS);
        expect(panel.x + panel.width - (r.x + r.width)).toBeGreaterThanOrEqual(8 - EPS);
        expect(panel.y + panel.height - (r.y + r.height)).toBeGreaterThanOrEqual(8 - EPS);
      }
      expect(newGame.y - (toggle!.y + toggle!.height)).toBeGreaterThanOrEqual(CONTROLS_GAP - EPS);
      expect(reset.x - (newGame.x + newGame.width)).toBeGreaterThanOrEqual(CONTROLS_GAP - EPS);
      expect(toggle!.x - (heading!.x + heading!.width)).toBeGreaterThanOrEqual(CONTROLS_GAP - EPS);
    });
  }
  it('leaves room between NEW GAME and RESET', () => {
    const { newGame, reset } = l.controls;
    expect(reset.x - (newGame.x + newGame.width)).toBeGreaterThanOrEqual(CONTROLS_GAP - EPS);
  });
});

/** The texts that must read on a captured frame: case numbers, values and overlay texts (issue 15). */
const SHOW_TEXT = 28;
/** Nothing on the board smaller, at those sizes. */
const SMALLEST_TEXT = 18;

describe.each(boxCases(['1920x1080', '1080x1920']))(
  'type on a $viewport capture, $mode ($width x $height)',
  ({ mode, width, height }) => {
    const { fonts } = layoutBoard({ width, height, mode });
    it(`shows case numbers, values and overlay texts at ${SHOW_TEXT} px and up`, () => {
      // The player's own case shows its number at 0.85 of the others' (Briefcase.tsx).
      expect(Math.round(fonts.caseNumber * 0.85), 'your case number').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(fonts.valueRow, 'value rows').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(fonts.overlayTitle, 'overlay titles').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(fonts.overlayBody, 'overlay texts').toBeGreaterThanOrEqual(SHOW_TEXT);
      // The case toast's lines are 0.9 of the overlay text (CaseToast.tsx).
      expect(Math.round(fonts.overlayBody * 0.9), 'case toast').toBeGreaterThanOrEqual(SHOW_TEXT - 1);
    });
    it(`draws nothing under ${SMALLEST_TEXT} px`, () => {
      for (const [name, size] of Object.entries(fonts)) {
        expect(size, name).toBeGreaterThanOrEqual(SMALLEST_TEXT);
      }
      // The smallest derived sizes: the offer's PREVIOUS OFFERS (0.85 of the overlay text).
      expect(Math.round(fonts.overlayBody * 0.85)).toBeGreaterThanOrEqual(SMALLEST_TEXT);
    });
  },
);

describe.each([
  ...boxCases(['1024x768', '1366x768', '768x1024']),
  ...boxCases(['390x844']).filter((c) => c.mode === 'mobile'),
])('type at $viewport, $mode ($width x $height)', ({ mode, width, height }) => {
  const l = layoutBoard({ width, height, mode });
  it('is never absurdly small, and grows where the box is bigger', () => {
    for (const [name, size] of Object.entries(l.fonts)) {
      // The case labels are the small print of an opened case; the rest reads at arm's length.
      expect(size, name).toBeGreaterThanOrEqual(name === 'caseLabel' ? 8 : 11);
    }
    expect(l.fonts.caseNumber).toBeGreaterThanOrEqual(18);
    expect(l.fonts.overlayTitle).toBeGreaterThan(l.fonts.overlayBody);
  });
  it('keeps each value row tall enough for its text and wide enough for picture, name and coins', () => {
    for (const board of [l.lowerValues, l.higherValues]) {
      for (const r of board.rows) {
        expect(r.height).toBeGreaterThanOrEqual(l.fonts.valueRow * 1.2);
        expect(r.width).toBeGreaterThanOrEqual(l.fonts.valueRow * VALUE_ROW_EMS - EPS);
      }
    }
  });
});

/**
 * The streamer's stage (issue 18): no controls; the portrait capture's own layout in the areas TikTok LIVE's safe
 * zones leave (910x1250 by default, the whole 1080x1920 with no margins, the least 540x720).
 */
describe.each([
  { stage: 'portrait' as const, width: 910, height: 1250 },
  { stage: 'portrait' as const, width: 1080, height: 1920 },
  { stage: 'portrait' as const, width: 540, height: 720 },
  { stage: 'landscape' as const, width: 1920, height: 1080 },
])('the $stage stage in $width x $height', ({ stage, width, height }) => {
  const l = layoutBoard({ width, height, mode: 'desktop', stage });
  const board = layoutBoard({ width, height, mode: 'desktop' });
  const box: Rect = { x: 0, y: 0, width, height };
  const drawn = allRects(l).filter(([name]) => !['controls', 'NEW GAME', 'RESET'].includes(name));

  it('draws everything inside its area, with no room kept for controls', () => {
    for (const [name, r] of drawn) expect(inside(r, box), `${name} inside`).toBe(true);
    expect(l.controls.panel.height).toBe(0);
    expectDisjoint(blocks(l));
    expectDisjoint(l.cases.map((r, i) => [`case ${i + 1}`, r]));
    for (const [i, r] of l.cases.entries()) expect(inside(r, l.caseArea), `case ${i + 1}`).toBe(true);
  });

  it('gives the cases the room the controls had, or more', () => {
    expect(l.caseSize.width).toBeGreaterThanOrEqual(board.caseSize.width - EPS);
  });

  if (stage === 'portrait') {
    it('has large cases, five or six across, and the two boards as compact columns below them', () => {
      expect(PORTRAIT_STAGE_CASE_ROWS).toContainEqual(rowsOf(l.cases).map((r) => r.length));
      // Not the landscape board squeezed: in the default safe area, a third larger than the desktop layout's cases.
      const larger = width === 910 ? 1.3 : 1;
      expect(l.caseSize.width).toBeGreaterThanOrEqual(board.caseSize.width * larger - EPS);
      expect(l.valueBoards).toBe('columns');
      const lastCase = Math.max(...l.cases.map((r) => r.y + r.height));
      for (const v of [l.lowerValues, l.higherValues]) expect(v.panel.y).toBeGreaterThanOrEqual(lastCase);
      expect(l.higherValues.panel.y).toBeCloseTo(l.lowerValues.panel.y);
      expect(l.higherValues.panel.x).toBeGreaterThan(l.lowerValues.panel.x + l.lowerValues.panel.width);
      // Compact: the text fills most of each row, yet fits it and its column with picture, name and coins.
      for (const r of l.lowerValues.rows) {
        expect(l.fonts.valueRow).toBeLessThanOrEqual(r.height * 0.85);
        expect(r.width).toBeGreaterThanOrEqual(l.fonts.valueRow * VALUE_ROW_EMS - EPS);
      }
    });
  }
  if (width >= 900) {
    it(`shows case numbers, values and overlay texts at ${SHOW_TEXT} px and up on the capture`, () => {
      expect(Math.round(l.fonts.caseNumber * 0.85), 'your case number').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(l.fonts.valueRow, 'value rows').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(l.fonts.overlayTitle, 'overlay titles').toBeGreaterThanOrEqual(SHOW_TEXT);
      expect(Math.round(l.fonts.overlayBody * 0.9), 'case toast').toBeGreaterThanOrEqual(SHOW_TEXT - 1);
    });
  }
});
