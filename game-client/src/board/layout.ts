import type { ViewMode } from '../store/viewMode';
import type { Rect } from './geometry';
import { placeToasts, type ToastPlaces } from './toastPlacement';

/**
 * The board's one resize path: pure functions from the stage size and the view mode to every rectangle
 * the Pixi scene draws (SPEC.md section 2, "Game screen"). No DOM, no Pixi, so it is unit tested alone.
 */

// Rect lives in geometry.ts, which the toasts' and overlays' placement import without importing the layout.
export type { Rect } from './geometry';

export interface LayoutInput {
  /** The board area in CSS pixels; on mobile the already-rotated stage. */
  width: number;
  height: number;
  mode: ViewMode;
  /**
   * On a streamer's stage (issue 18): no controls (the deck plays), and a 1080x1920 portrait capture gets a layout
   * of its own, for a phone screen: large cases, the two value boards as compact columns, type sized by width.
   */
  stage?: 'landscape' | 'portrait';
}

/** Cases per row, top to bottom; case numbers run left to right, then down. */
export const DESKTOP_CASE_ROWS: readonly number[] = [5, 5, 5, 5, 5, 1];
export const TABLET_CASE_ROWS: readonly number[] = [5, 5, 5, 5, 6];
export const MOBILE_CASE_ROWS: readonly number[] = [6, 7, 7, 6];
export const CASE_ROWS: Readonly<Record<ViewMode, readonly number[]>> = {
  desktop: DESKTOP_CASE_ROWS,
  tablet: TABLET_CASE_ROWS,
  mobile: MOBILE_CASE_ROWS,
};

/**
 * The portrait stage's case rows: six across in five rows where the value boards need the height (the default safe
 * area), five across in six rows where there is height to spare (a capture with no margins); whichever gives
 * the larger cases.
 */
export const PORTRAIT_STAGE_CASE_ROWS: ReadonlyArray<readonly number[]> = [
  TABLET_CASE_ROWS,
  DESKTOP_CASE_ROWS,
];
/**
 * The portrait stage's type follows its width, with this width as scale 1: at the default safe area (910 px wide)
 * text is half as large again as the board's at 1366x768, so it still reads on a phone's screen.
 */
export const PORTRAIT_TYPE_WIDTH = 600;
/** ... and its height this, so a short area (large margins) keeps the board's proportions. */
export const PORTRAIT_TYPE_HEIGHT = 825;
/** A portrait stage's value row, top to top, at type scale 1: compact, yet a line of text beside the picture. */
export const PORTRAIT_VALUE_PITCH = 26.5;
/** ...whose text fills this much of the row (0.6 elsewhere): 28 px at the default safe area, like the cases'. */
export const PORTRAIT_VALUE_FONT_SHARE = 0.8;

export const CASE_COUNT = 26;
export const VALUE_ROWS_PER_BOARD = 13;
/** A briefcase is wider than tall. */
export const CASE_ASPECT = 4 / 3;
/** Where the minimum tap size forces it, a case may be a little squarer than 4:3, never more than this. */
export const CASE_MIN_ASPECT = 1.2;
/** The smallest tap target on touch modes (WCAG 2.5.5). */
export const MIN_TAP = 44;
/** The design size that scale 1 stands for. */
export const DESIGN_WIDTH = 1366;
export const DESIGN_HEIGHT = 768;
/**
 * A value row holds the gift's picture, its name (or short name) and its coins with the coin symbol: about
 * this many of its font size across, so a column is never narrower.
 */
export const VALUE_ROW_EMS = 12;
/** Desktop boxes taller than this (a portrait capture, a phone) stack the boards under the cases. */
export const DESKTOP_STACK_ASPECT = 1.2;
/** Room between the NEW GAME and RESET buttons, and around them in the tablet's GAME CONTROLS panel. */
export const CONTROLS_GAP = 12;

export interface ValueBoardLayout {
  panel: Rect;
  title: Rect;
  /** 13 rows, lowest value first. */
  rows: Rect[];
}

export interface ControlsLayout {
  /** The box holding the controls; on tablet the GAME CONTROLS panel, sized for its open state. */
  panel: Rect;
  /** The tablet's SHOW/HIDE toggle and the panel's heading; null elsewhere. */
  toggle: Rect | null;
  heading: Rect | null;
  newGame: Rect;
  reset: Rect;
}

export interface FontSizes {
  title: number;
  status: number;
  valueTitle: number;
  valueRow: number;
  caseNumber: number;
  caseLabel: number;
  button: number;
  overlayTitle: number;
  overlayBody: number;
}

export interface BoardLayout {
  mode: ViewMode;
  width: number;
  height: number;
  /** 1 at 1366x768; text and spacing follow it. */
  scale: number;
  /** 'panels': a board either side of the cases; 'columns': both boards side by side in one block. */
  valueBoards: 'panels' | 'columns';
  lowerValues: ValueBoardLayout;
  higherValues: ValueBoardLayout;
  title: Rect;
  status: Rect;
  /** The box the case grid is centred in. */
  caseArea: Rect;
  caseRows: readonly number[];
  /** Index 0 is case 1. */
  cases: Rect[];
  caseSize: { width: number; height: number };
  controls: ControlsLayout;
  overlay: Rect;
  /** Over the value boards, clear of every case and control (decision 0018). */
  caseToast: ToastPlaces['caseToast'];
  /** Where the DOM toasts show while the board is up. */
  notices: Rect;
  fonts: FontSizes;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

export function layoutScale(width: number, height: number): number {
  return clamp(Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT), 0.5, 1.6);
}

/**
 * Text follows the board's area, not its narrow side: a 1080-wide portrait capture has as much room to read
 * as a 1920-wide landscape one, and its text must read as well (28 px and up for numbers, values and
 * overlays there; decision 0017).
 */
export function typeScale(width: number, height: number): number {
  return clamp(Math.sqrt((width * height) / (DESIGN_WIDTH * DESIGN_HEIGHT)), 0.5, 1.8);
}

function valueBoard(panel: Rect, titleH: number, pad: number): ValueBoardLayout {
  const title = rect(panel.x + pad, panel.y + pad, panel.width - 2 * pad, titleH);
  const top = title.y + titleH + pad;
  const rowH = (panel.y + panel.height - pad - top) / VALUE_ROWS_PER_BOARD;
  const rows = Array.from({ length: VALUE_ROWS_PER_BOARD }, (_, i) =>
    rect(panel.x + pad, top + i * rowH, panel.width - 2 * pad, rowH * 0.88),
  );
  return { panel, title, rows };
}

/** The largest case that fits `rows` in a box, 4:3, before any minimum. */
function fitCase(areaW: number, areaH: number, rows: readonly number[], gap: number) {
  const cols = Math.max(...rows);
  const byWidth = (areaW - (cols - 1) * gap) / cols;
  const byHeight = ((areaH - (rows.length - 1) * gap) / rows.length) * CASE_ASPECT;
  const width = Math.min(byWidth, byHeight);
  return { width, height: width / CASE_ASPECT, byWidth };
}

/** Each row centred in the area, the whole block centred vertically. */
function placeCases(area: Rect, rows: readonly number[], cw: number, ch: number, gap: number): Rect[] {
  const blockH = rows.length * ch + (rows.length - 1) * gap;
  let y = area.y + (area.height - blockH) / 2;
  const cases: Rect[] = [];
  for (const count of rows) {
    const rowW = count * cw + (count - 1) * gap;
    const x0 = area.x + (area.width - rowW) / 2;
    for (let i = 0; i < count; i++) cases.push(rect(x0 + i * (cw + gap), y, cw, ch));
    y += ch + gap;
  }
  return cases;
}

interface Metrics {
  portraitStage: boolean;
  /** A value row's text against its height: the portrait stage's compact rows fill more of theirs. */
  valueFontShare: number;
  s: number;
  /** typeScale: what the fonts follow. */
  t: number;
  pad: number;
  gap: number;
  caseGap: number;
  titleH: number;
  statusH: number;
  valueTitleH: number;
  controlsH: number;
  buttonH: number;
  controlsPad: number;
  controlsGap: number;
  minValueRow: number;
  minValueCol: number;
  fonts: Omit<FontSizes, 'valueRow' | 'caseNumber' | 'caseLabel'>;
}

function metrics(width: number, height: number, mode: ViewMode, stage?: LayoutInput['stage']): Metrics {
  const s = layoutScale(width, height);
  const t =
    stage === 'portrait'
      ? clamp(Math.min(width / PORTRAIT_TYPE_WIDTH, height / PORTRAIT_TYPE_HEIGHT), 0.5, 1.8)
      : typeScale(width, height);
  const fonts = {
    title: Math.round(clamp(30 * t, 14, 52)),
    status: Math.round(clamp(18 * t, 11, 32)),
    valueTitle: Math.round(clamp(18 * t, 11, 32)),
    button: Math.round(clamp(16 * t, 12, 28)),
    overlayTitle: Math.round(clamp(34 * t, 18, 56)),
    overlayBody: Math.round(clamp(26 * t, 13, 40)),
  };
  const touch = mode !== 'desktop';
  const buttonH = Math.max(touch ? MIN_TAP : 24, Math.round(fonts.button * 2.4));
  const controlsPad = Math.max(8, Math.round(10 * t));
  const controlsGap = Math.max(CONTROLS_GAP, Math.round(16 * t));
  // The row text the value boards aim for: a column must hold it (VALUE_ROW_EMS) with picture and coins.
  const valueFont = clamp(22 * t, 11, 40);
  return {
    portraitStage: stage === 'portrait',
    valueFontShare: stage === 'portrait' ? PORTRAIT_VALUE_FONT_SHARE : 0.6,
    s,
    t,
    pad: Math.max(6, Math.round(14 * s)),
    gap: Math.max(5, Math.round(12 * s)),
    caseGap: Math.max(4, Math.round(10 * s)),
    titleH: Math.round(fonts.title * 1.5),
    statusH: Math.round(fonts.status * 1.5),
    valueTitleH: Math.round(fonts.valueTitle * 1.5),
    // Tablet: a heading row with SHOW/HIDE above the NEW GAME / RESET row, with room around and between.
    controlsH: stage ? 0 : mode === 'tablet' ? 2 * controlsPad + 2 * buttonH + controlsGap : buttonH,
    buttonH,
    controlsPad,
    controlsGap,
    // A value row must keep a readable line of text (about 11 px and up) beside its picture.
    minValueRow:
      stage === 'portrait' ? Math.round(PORTRAIT_VALUE_PITCH * t) : Math.max(20, Math.round(valueFont * 1.9)),
    minValueCol: Math.round(valueFont * VALUE_ROW_EMS),
    fonts,
  };
}

interface Centre {
  title: Rect;
  status: Rect;
  caseArea: Rect;
  controls: Rect;
}

/** Title, status line, case area and controls stacked in a column. */
function centreColumn(box: Rect, m: Metrics): Centre {
  const title = rect(box.x, box.y, box.width, m.titleH);
  const status = rect(box.x, title.y + m.titleH + m.gap / 2, box.width, m.statusH);
  const controls = rect(box.x, box.y + box.height - m.controlsH, box.width, m.controlsH);
  const top = status.y + m.statusH + m.gap;
  const caseArea = rect(box.x, top, box.width, controls.y - m.gap - top);
  return { title, status, caseArea, controls };
}

/** Height of the centre column left for cases once title, status and controls are in. */
const centreChrome = (m: Metrics) => m.titleH + m.gap / 2 + m.statusH + 2 * m.gap + m.controlsH;

function controlsLayout(panel: Rect, mode: ViewMode, m: Metrics): ControlsLayout {
  const { controlsGap: between, controlsPad: pad, buttonH } = m;
  if (mode !== 'tablet') {
    const buttonW = Math.min(220 * m.t + 60, (panel.width - between) / 2);
    const x0 = panel.x + (panel.width - (2 * buttonW + between)) / 2;
    return {
      panel,
      toggle: null,
      heading: null,
      newGame: rect(x0, panel.y, buttonW, panel.height),
      reset: rect(x0 + buttonW + between, panel.y, buttonW, panel.height),
    };
  }
  // The GAME CONTROLS panel: the heading and SHOW/HIDE, then NEW GAME and RESET, each a full tap high, with
  // the panel's padding around them and a gap between (issue 15: the panel was cramped).
  const innerW = panel.width - 2 * pad;
  const buttonW = Math.min(220 * m.t + 60, (innerW - between) / 2);
  const toggleW = Math.min(Math.max(MIN_TAP * 2, 100 * m.t), innerW / 3);
  const x0 = panel.x + (panel.width - (2 * buttonW + between)) / 2;
  const y0 = panel.y + pad;
  const y1 = y0 + buttonH + between;
  return {
    panel,
    heading: rect(panel.x + pad, y0, innerW - toggleW - between, buttonH),
    toggle: rect(panel.x + panel.width - pad - toggleW, y0, toggleW, buttonH),
    newGame: rect(x0, y1, buttonW, buttonH),
    reset: rect(x0 + buttonW + between, y1, buttonW, buttonH),
  };
}

interface Arrangement {
  valueBoards: 'panels' | 'columns';
  lower: Rect;
  higher: Rect;
  centre: Rect;
}

/**
 * Desktop: SPEC's 7-column grid, 2/3/2. Touch modes 'side': boards at the sides (tablet) or as two
 * columns on the right (mobile), the cases taking what height allows. 'stacked': cases on top, the
 * two boards side by side below.
 */
function arrange(
  width: number,
  height: number,
  mode: ViewMode,
  m: Metrics,
  rows: readonly number[],
): Arrangement {
  const { pad, gap } = m;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const cols = Math.max(...rows);
  const boardsMinH = m.valueTitleH + VALUE_ROWS_PER_BOARD * m.minValueRow + 3 * m.pad;
  if (m.portraitStage && height > width * DESKTOP_STACK_ASPECT) {
    // The portrait stage (unless its margins leave a wide strip): cases as wide as the stage allows, unless the
    // boards' compact rows need the height.
    const byWidth = fitCase(innerW, Number.POSITIVE_INFINITY, rows, m.caseGap).height;
    const wantH = rows.length * byWidth + (rows.length - 1) * m.caseGap;
    const room = innerH - centreChrome(m) - gap - boardsMinH;
    return stacked(width, height, m, Math.max(innerH * 0.3, Math.min(wantH, room)));
  }
  if (mode === 'desktop' && height <= width * DESKTOP_STACK_ASPECT) {
    const unit = (innerW - 2 * gap) / 7;
    return {
      valueBoards: 'panels',
      lower: rect(pad, pad, 2 * unit, innerH),
      centre: rect(pad + 2 * unit + gap, pad, 3 * unit, innerH),
      higher: rect(pad + 5 * unit + 2 * gap, pad, 2 * unit, innerH),
    };
  }
  const casesH = innerH - centreChrome(m);
  // Side: the centre is as wide as cases sized by height need, the boards get the rest (at most 2/7).
  const sideGaps = 2 * gap; // one gap between each of the three blocks
  const caseByH = fitCase(Number.POSITIVE_INFINITY, casesH, rows, m.caseGap).width;
  const wantCentre = cols * caseByH + (cols - 1) * m.caseGap;
  let boardsW = clamp(innerW - sideGaps - wantCentre, 2 * m.minValueCol, (innerW * 4) / 7);
  let centreW = innerW - sideGaps - boardsW;
  let sideCase = fitCase(centreW, casesH, rows, m.caseGap).width;

  // Stacked: the boards take at least their minimum height, the cases the rest.
  const caseByW = fitCase(innerW, Number.POSITIVE_INFINITY, rows, m.caseGap).width;
  const rowH = Math.max(caseByW / CASE_ASPECT, mode === 'desktop' ? 0 : MIN_TAP);
  const wantCasesH = rows.length * rowH + (rows.length - 1) * m.caseGap;
  // The 44 px tap size wins over the boards' comfortable row height when both cannot be had.
  const minTapCasesH = mode === 'desktop' ? 0 : rows.length * MIN_TAP + (rows.length - 1) * m.caseGap;
  const stackCasesH = Math.max(
    // Desktop has no tap minimum; its cases keep a third of the height however tall the boards want to be.
    mode === 'desktop' ? innerH * 0.35 : minTapCasesH,
    Math.min(wantCasesH, innerH - gap - boardsMinH - centreChrome(m)),
  );
  const stackCase = fitCase(innerW, stackCasesH, rows, m.caseGap).width;

  // A small phone turned (667x375): stacked boards would get a sliver, 13 values in a few pixels. The sides
  // keep every value in view if the boards give up some width, down to cases of the least briefcase shape.
  const stackedBoardsFit = innerH - gap - stackCasesH - centreChrome(m) >= boardsMinH;
  const leastCentre = cols * MIN_TAP * CASE_MIN_ASPECT + (cols - 1) * m.caseGap;
  const squeezedBoardsW = innerW - sideGaps - leastCentre;
  const squeeze = !stackedBoardsFit && sideCase < stackCase && squeezedBoardsW >= 1.6 * m.minValueCol;
  if (squeeze) {
    boardsW = Math.min(boardsW, squeezedBoardsW);
    centreW = innerW - sideGaps - boardsW;
    sideCase = fitCase(centreW, casesH, rows, m.caseGap).width;
  }

  if (mode !== 'desktop' && (sideCase >= stackCase || squeeze)) {
    if (mode === 'tablet') {
      const side = boardsW / 2;
      return {
        valueBoards: 'panels',
        lower: rect(pad, pad, side, innerH),
        centre: rect(pad + side + gap, pad, centreW, innerH),
        higher: rect(pad + side + gap + centreW + gap, pad, side, innerH),
      };
    }
    // Mobile, landscape: two columns to the right of the cases; 13 rows each fit the height, so nothing
    // has to scroll (a scroll strip would hide values the player needs to see).
    const colW = (boardsW - gap) / 2;
    const x0 = pad + centreW + gap;
    return {
      valueBoards: 'columns',
      centre: rect(pad, pad, centreW, innerH),
      lower: rect(x0, pad, colW, innerH),
      higher: rect(x0 + colW + gap, pad, colW, innerH),
    };
  }
  return stacked(width, height, m, stackCasesH);
}

/** The cases (`casesH` high) under the title and status, the two boards side by side below them. */
function stacked(width: number, height: number, m: Metrics, casesH: number): Arrangement {
  const { pad, gap } = m;
  const innerW = width - 2 * pad;
  const centreH = casesH + centreChrome(m);
  const boardsY = pad + centreH + gap;
  const colW = (innerW - gap) / 2;
  const boardsH = height - pad - boardsY;
  return {
    valueBoards: 'columns',
    centre: rect(pad, pad, innerW, centreH),
    lower: rect(pad, boardsY, colW, boardsH),
    higher: rect(pad + colW + gap, boardsY, colW, boardsH),
  };
}

export function layoutBoard(input: LayoutInput): BoardLayout {
  if (input.stage !== 'portrait') return layoutWithRows(input, CASE_ROWS[input.mode]);
  const [first, ...others] = PORTRAIT_STAGE_CASE_ROWS.map((rows) => layoutWithRows(input, rows));
  return others.reduce((best, l) => (l.caseSize.width > best.caseSize.width ? l : best), first!);
}

function layoutWithRows({ width, height, mode, stage }: LayoutInput, rows: readonly number[]): BoardLayout {
  const m = metrics(width, height, mode, stage);
  const a = arrange(width, height, mode, m, rows);
  const centre = centreColumn(a.centre, m);
  const inner = Math.max(3, Math.round(6 * m.s));
  const lowerValues = valueBoard(a.lower, m.valueTitleH, inner);
  const higherValues = valueBoard(a.higher, m.valueTitleH, inner);

  const fit = fitCase(centre.caseArea.width, centre.caseArea.height, rows, m.caseGap);
  let caseW = fit.width;
  let caseH = fit.height;
  if (mode !== 'desktop' && caseH < MIN_TAP) {
    // Touch: never below 44 px; take the width the row allows, up to 4:3, down to CASE_MIN_ASPECT.
    caseH = MIN_TAP;
    caseW = Math.min(fit.byWidth, MIN_TAP * CASE_ASPECT);
  }
  const cases = placeCases(centre.caseArea, rows, caseW, caseH, m.caseGap);

  const rowH = lowerValues.rows[0]?.height ?? m.minValueRow;
  const rowW = Math.min(lowerValues.rows[0]?.width ?? 0, higherValues.rows[0]?.width ?? 0);
  const fonts: FontSizes = {
    ...m.fonts,
    // Bounded by the column width too, so picture, name and coins stay on one line in narrow columns.
    valueRow: Math.floor(clamp(Math.min(rowH * m.valueFontShare, rowW / VALUE_ROW_EMS), 9, 24 * m.t + 4)),
    // The player's case shows its number at 0.85 of this (Briefcase), still 28 px on a 1080 px capture.
    caseNumber: Math.round(Math.min(caseH * 0.5, caseW * 0.4)),
    caseLabel: Math.max(8, Math.round(Math.min(caseH * 0.19, caseW * 0.15))),
  };

  // Overlays grow with their text (typeScale), so a capture's larger type still fits them.
  const overlayW = Math.min(width - 2 * m.pad, 740 * m.t + 120);
  const overlayH = Math.min(height - 2 * m.pad, 440 * m.t + 110);
  const overlay = rect((width - overlayW) / 2, (height - overlayH) / 2, overlayW, overlayH);
  const toastW = Math.min(width - 2 * m.pad, 360 * m.t + 80);
  const toastH = Math.min(height - 2 * m.pad, 110 * m.t + 40);
  const toasts = placeToasts(
    lowerValues.panel,
    higherValues.panel,
    a.valueBoards,
    { width: toastW, height: toastH },
    { panel: overlay, buttonFont: m.fonts.button },
  );

  return {
    mode,
    width,
    height,
    scale: m.s,
    valueBoards: a.valueBoards,
    lowerValues,
    higherValues,
    title: centre.title,
    status: centre.status,
    caseArea: centre.caseArea,
    caseRows: rows,
    cases,
    caseSize: { width: caseW, height: caseH },
    controls: controlsLayout(centre.controls, mode, m),
    overlay,
    caseToast: toasts.caseToast,
    notices: toasts.notices,
    fonts,
  };
}
