import type { ViewMode } from '../store/sessionStore';
import { readStored, writeStored } from '../store/browserStorage';
import { BOARD_BOX_KEY, BOARD_LIKELY_KEY, GUEST_KEY } from '../store/storageKeys';
import { readViewMode } from '../store/viewMode';

/** Where the board's box sits in the window (CSS pixels), for a window size and a view mode. */
export interface BoardBox {
  vw: number;
  vh: number;
  mode: ViewMode;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Kept by the game screen's board as it is measured (not a turned mobile page's: its box is not upright). */
export function rememberBoardBox(box: BoardBox): void {
  // Storage full or refused: the next load draws the board with the app, as a first visit does.
  writeStored('localStorage', BOARD_BOX_KEY, JSON.stringify(box));
}

function storedBox(): BoardBox | null {
  try {
    const box = JSON.parse(readStored('localStorage', BOARD_BOX_KEY) ?? 'null') as Partial<BoardBox> | null;
    const numbers = box && [box.vw, box.vh, box.x, box.y, box.w, box.h];
    if (!box || !numbers!.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return box as BoardBox;
  } catch {
    return null;
  }
}

/**
 * A board to draw before the app (board/boardFirst.tsx), or null: in a build, at the game's address, for a
 * player who lands on the board (a guest in this tab, or on the board last time), not in Mobile mode (a turned
 * page), and only where the board's box is known: the same window size and view mode as last time.
 */
export function boardBeforeApp(): { box: BoardBox; guest: boolean } | null {
  if (!import.meta.env.PROD || location.pathname !== '/') return null;
  const guest = readStored('sessionStorage', GUEST_KEY) === '1';
  if (!guest && readStored('localStorage', BOARD_LIKELY_KEY) !== '1') return null;
  const mode = readViewMode();
  const box = storedBox();
  if (mode === 'mobile' || !box || box.mode !== mode) return null;
  if (box.vw !== window.innerWidth || box.vh !== window.innerHeight || box.w <= 0 || box.h <= 0) return null;
  return { box, guest };
}

/**
 * The board's canvas, with its WebGL context (`context`) made now if the renderer is not yet known: the context's attributes
 * are those Pixi asks for (alpha, premultiplied, stencil), without multisampling. It tells whether WebGL runs in
 * software (see PixiBoard's softwareWebGL); there Pixi takes this very context (a canvas hands back the context it
 * has), so none is made and thrown away, and on a board drawn before the app it is made while the board's chunk is
 * still on its way. On a GPU the board gets a fresh canvas, where Pixi makes a multisampled one.
 */
export function boardCanvas(): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext | null } {
  const canvas = hiddenCanvas();
  if (software !== undefined) return { canvas, context: null };
  const gl = canvas.getContext('webgl2', {
    alpha: true,
    premultipliedAlpha: true,
    antialias: false,
    stencil: true,
    preserveDrawingBuffer: false,
    powerPreference: 'default',
  });
  software = rendersInSoftware(gl);
  if (software) return { canvas, context: gl };
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return { canvas: hiddenCanvas(), context: null };
}

/** Hidden until the board's first frame is drawn on it (PixiBoard's prepareBoardApplication shows it). */
function hiddenCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.visibility = 'hidden';
  return canvas;
}

let software: boolean | undefined;

function rendersInSoftware(gl: WebGL2RenderingContext | null): boolean {
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const renderer = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}

/**
 * Whether WebGL runs in software (SwiftShader, llvmpipe: no GPU, or OBS with hardware acceleration off). There
 * multisampling is paid on the CPU in every pixel of every frame: the board's frame took 88 ms of SwiftShader with
 * it and 49 without (docs/decisions, speed). Its cases, value boards, texts and gift pictures are textures painted
 * smooth once, so only a few live outlines lose their smoothing. Asked once, of a throwaway context unless
 * boardCanvas asked already.
 */
export function softwareWebGL(): boolean {
  if (software !== undefined) return software;
  const gl = document.createElement('canvas').getContext('webgl2');
  software = rendersInSoftware(gl);
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return software;
}
