import { createRoot } from '@pixi/react';
import { DOMAdapter, type Application } from 'pixi.js';
import { checkSessionBeforeApp } from '../api/auth';
import { giftsForGame, readCustomGiftSetBeforeApp } from '../api/gifts';
import { earlyGame } from '../game/earlyGame';
import { GameProvider } from '../game/GameProvider';
import { useSessionStore } from '../store/sessionStore';
import type { BoardBox } from './boardBox';
import { closeEarlyBoard, keepEarlyBoard } from './earlyBoard';
import { layoutBoard } from './layout';
import { loadPublishedTuning } from './motion/motion';
import { boardApplicationOptions, prepareBoardApplication } from './PixiBoard';
import { loadBoardFonts } from './fonts';
import { Scene } from './scene/Scene';
import { whenBoardIdle, whenFirstFrameDrawn } from './stage';
import { stageBackground } from './theme';

/** How long the fonts may keep the scene waiting, as on the game screen's board. */
const FONTS_WAIT_MS = 1500;
/** How long the board before the app may take to draw; after that the app starts and draws it itself. */
const FIRST_FRAME_WAIT_MS = 3000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * While `start` runs, the throwaway WebGL contexts Pixi makes as it starts are not made: the canvas of its check
 * that WebGL works (isWebGLSupported: a context with a stencil buffer, then lost) and of its tests of the shaders'
 * precision and texture units (getTestContext) both stand for what `gl`, the board's own WebGL 2 context with a
 * stencil buffer, already shows. Each would be a context made in the GPU process, on the main thread's critical
 * path (docs/decisions/0042). Any other canvas Pixi asks for (its text) is a real one.
 */
async function withBoardContextForPixiTests<T>(
  gl: WebGL2RenderingContext,
  start: () => Promise<T>,
): Promise<T> {
  const browser = DOMAdapter.get();
  const supported = { getContextAttributes: () => gl.getContextAttributes(), getExtension: () => null };
  DOMAdapter.set({
    ...browser,
    createCanvas: (width?: number, height?: number) => {
      const canvas = browser.createCanvas(width, height);
      const getContext = canvas.getContext.bind(canvas) as (type: string, attributes?: object) => unknown;
      (canvas as { getContext: unknown }).getContext = (type: string, attributes?: object) => {
        if (type !== 'webgl') return getContext(type, attributes);
        return attributes && 'failIfMajorPerformanceCaveat' in attributes ? supported : gl;
      };
      return canvas;
    },
  });
  try {
    return await start();
  } finally {
    DOMAdapter.set(browser);
  }
}

/**
 * The board drawn before the app's own modules run (docs/decisions/0042): a returning player's first frame then
 * waits only for Pixi and the scene, not for React DOM, the router, the query cache and the app's screens, which
 * load once it is drawn. The canvas goes where the game screen's board box was last time (same window, same
 * mode: board/boardBox.ts), and the game is dealt as that screen deals it (a guest's from the default set, a
 * signed-in player's resumed or dealt by the server); the screen's board then takes over the running canvas.
 * Resolves once the first frame is drawn, or when it cannot be (nobody signed in after all, no WebGL, too slow):
 * then nothing is left behind and the app draws the board as on a first visit.
 */
export async function drawBoardBeforeApp({
  box,
  guest,
  canvas,
  context,
}: {
  box: BoardBox;
  guest: boolean;
  /** boardBox.ts's boardCanvas, made by the entry while this chunk loaded, and its context if it has one. */
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext | null;
}): Promise<void> {
  const holder = document.createElement('div');
  const run: { started: { app: Application; root: ReturnType<typeof createRoot> } | null } = {
    started: null,
  };
  let gaveUp = false;
  const drawn = (async () => {
    const fonts = Promise.race([loadBoardFonts(), wait(FONTS_WAIT_MS)]);
    void loadPublishedTuning();
    if (guest) {
      earlyGame().startGameBeforeApp(giftsForGame(null).gifts);
    } else {
      const user = await checkSessionBeforeApp();
      if (!user || gaveUp) return false;
      const set = await readCustomGiftSetBeforeApp().catch(() => null);
      const { gifts, customGiftSetId } = giftsForGame(set?.customGiftSet ?? null);
      earlyGame().startGameBeforeApp(gifts, { customGiftSetId });
    }
    const layout = layoutBoard({ width: box.w, height: box.h, mode: useSessionStore.getState().viewMode });
    holder.className = 'pixi-board';
    holder.style.cssText = `position:fixed;inset:auto;left:${box.x}px;top:${box.y}px;width:${box.w}px;height:${box.h}px`;
    holder.style.background = stageBackground(layout.width, layout.height);
    holder.append(canvas);
    document.body.append(holder);
    const root = createRoot(canvas, { onInit: (app) => prepareBoardApplication(app, false) });
    const options = boardApplicationOptions(layout);
    // Pixi starts while the fonts load; the scene waits for them.
    const app = await (context
      ? withBoardContextForPixiTests(context, () => root.render(null, options))
      : root.render(null, options));
    run.started = { app, root };
    await fonts;
    if (gaveUp) return false;
    // The game screen takes this controller over (game/earlyGame.ts) and renders the same tree into this root.
    await root.render(
      <GameProvider controller={earlyGame()}>
        <Scene layout={layout} />
      </GameProvider>,
      options,
    );
    await whenFirstFrameDrawn();
    return true;
  })().catch((error: unknown) => {
    console.warn('The board could not be drawn before the app; the app draws it.', error);
    return false;
  });
  const ok = await Promise.race([drawn, wait(FIRST_FRAME_WAIT_MS).then(() => false)]);
  if (ok && run.started) {
    keepEarlyBoard({ ...run.started, holder });
    // The app's modules run once the board is shown and the page idle: the frames just after the board's first
    // (a tap's answer among them) are not held up by them.
    await new Promise<void>((resolve) => whenBoardIdle(resolve));
    return;
  }
  gaveUp = true;
  holder.remove();
  if (run.started) closeEarlyBoard(run.started);
  // A board still starting when it was given up is closed once it has.
  else void drawn.then(() => run.started && closeEarlyBoard(run.started));
}
