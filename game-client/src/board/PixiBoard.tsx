// The API's CSP has no 'unsafe-eval': Pixi's shaders and uniform sync must be built without it.
import 'pixi.js/unsafe-eval';
// Pixi imports its browser extensions and its WebGL renderer only once it starts; imported here they come
// with this chunk and its preloads, rather than as a second round of requests in the middle of start-up.
import 'pixi.js/browser';
import { Application, extend } from '@pixi/react';
import {
  AccessibilitySystem,
  Container,
  GlLimitsSystem,
  Graphics,
  Sprite,
  Text,
  Ticker,
  WebGLRenderer,
  type Application as PixiApplication,
} from 'pixi.js';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GameProvider, useGameController } from '../game/GameProvider';
import { useSessionStore } from '../store/sessionStore';
import { useBoxSize } from '../ui/useBoxSize';
import type { ViewMode } from '../store/sessionStore';
import { enableAccessibleLayer, syncAccessibleLayer } from './accessibility';
import { layoutBoard } from './layout';
import { mapPointerThroughTurn } from './pointer';
import { loadPublishedTuning, playsReduced, useMotionStore } from './motion/motion';
import { loadBoardFonts } from './fonts';
import { boardResolution, setBoardResolutionScale } from './scene/canvasTexture';
import { stageBackground } from './theme';
import { Scene } from './scene/Scene';
import { ToastSlot } from './ToastSlot';
import { attachStage, detachStage, renderedFrames, requestRender } from './stage';
import { rememberBoardBox, softwareWebGL } from './boardBox';
import { closeEarlyBoard, takeEarlyBoard } from './earlyBoard';

extend({ Container, Graphics, Sprite, Text });
// The layer stays on for pointer users too (TOOLCHAIN.md): the buttons are how clicks and keys reach the board.
AccessibilitySystem.defaultOptions.deactivateOnMouseMove = false;
AccessibilitySystem.defaultOptions.activateOnTab = false;

/**
 * Textures one batch may mix in software WebGL. Pixi's batch shader picks each pixel's texture through a chain
 * of ifs, one per texture the batch may hold (16 here); SwiftShader pays for the chain in every pixel, so the
 * board drew 19 fps with 16 and 40 with 4 while cases opened (docs/decisions/0022). A GPU keeps Pixi's number.
 */
const SOFTWARE_BATCH_TEXTURES = 4;
const limitsChanged = GlLimitsSystem.prototype.contextChange;
GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem) {
  limitsChanged.call(this);
  if (softwareWebGL())
    this.maxBatchableTextures = Math.min(this.maxBatchableTextures, SOFTWARE_BATCH_TEXTURES);
};

/** Canvas text needs the font before the first frame, or it is measured in a fallback face. */
function useFontsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.race([loadBoardFonts(), new Promise((resolve) => setTimeout(resolve, 1500))]).finally(
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/**
 * What the board's Pixi application needs once it has started, wherever it was started (here, or before the
 * app by boardFirst.tsx): no ticker (frames are drawn on demand), the accessible buttons and the pointer for a
 * board that takes input, nothing of either on a stage.
 */
export function prepareBoardApplication(application: PixiApplication, stage: boolean): void {
  // preference="webgl" falls back to another renderer only where WebGL is missing: worth a line in the log.
  if (!(application.renderer instanceof WebGLRenderer))
    console.warn(`The board runs on Pixi's ${application.renderer.name} renderer, not WebGL`);
  // Nothing runs per frame at rest: Pixi's own tickers stay stopped, frames are drawn on demand.
  application.ticker.stop();
  Ticker.system.stop();
  Ticker.shared.stop();
  if (stage) {
    // A stage is watched, never touched: nothing on it takes the pointer, and it has no buttons.
    application.stage.eventMode = 'none';
    application.stage.interactiveChildren = false;
  } else {
    enableAccessibleLayer(application);
    mapPointerThroughTurn(application);
  }
  // The canvas shows from its first frame: blank before it (Pixi started, the scene not yet drawn), it was still
  // read back for every frame the page painted meanwhile (software compositing), on the way to the board's first.
  // (A board drawn before the app has its canvas hidden from the start: boardCanvas.)
  application.canvas.style.visibility = 'hidden';
  attachStage(application, () => {
    if (application.canvas.style.visibility) application.canvas.style.visibility = '';
    syncAccessibleLayer(application);
    application.canvas.dataset.frames = String(renderedFrames());
  });
}

/** The options the board's Pixi application starts with (the size is the layout's). */
export function boardApplicationOptions(layout: { width: number; height: number }) {
  return {
    width: layout.width,
    height: layout.height,
    autoStart: false,
    sharedTicker: false,
    // No multisampling in software WebGL (boardBox.ts's softwareWebGL says why).
    antialias: !softwareWebGL(),
    autoDensity: true,
    resolution: boardResolution(),
    backgroundAlpha: 0,
    preference: 'webgl' as const,
  };
}

/**
 * The streamer studio's stage (issue 18): the board in `area` of the stage page's fixed logical canvas (1920x1080
 * or 1080x1920, scaled by the page to fit the browser source). It takes no input: no accessible buttons, no
 * pointer, no controls.
 */
export interface StageCanvas {
  /** The canvas's shape: a portrait stage has a layout of its own (layoutBoard's `stage`). */
  layout: 'landscape' | 'portrait';
  /** How much the page scales the canvas to fit the browser source (1 at OBS's 1920x1080). */
  shownScale: number;
  /** Where the board goes in the canvas (the portrait layout keeps it inside TikTok LIVE's safe zones). */
  area: { x: number; y: number; width: number; height: number };
}

/**
 * The board on canvas: PixiJS through @pixi/react, drawn only when something changes (no running ticker),
 * with Pixi's accessibility layer giving every case and button a real <button>; on a stage, read-only.
 */
export function PixiBoard({
  stage,
  viewMode: forcedMode,
}: { stage?: StageCanvas; viewMode?: ViewMode } = {}) {
  const host = useRef<HTMLDivElement>(null);
  const measured = useBoxSize(host);
  const size = stage ? { width: stage.area.width, height: stage.area.height } : measured;
  // A stage shown larger than its logical canvas (a 4K source) draws at that size; never below 1: Pixi's canvas
  // text draws its glow from a copy of the text placed off its texture, and at a fractional resolution that copy
  // shows beside the text. Set before Pixi starts (the stage mounts the board once it has its first state).
  if (stage) setBoardResolutionScale(Math.max(1, stage.shownScale));
  const fontsReady = useFontsReady();
  const game = useGameController();
  const chosenMode = useSessionStore((s) => s.viewMode);
  // The tuning studio's sandbox (a stage: it takes no input) shows every mode; a streamer's stage the desktop one.
  const viewMode = forcedMode ?? (stage ? 'desktop' : chosenMode);
  // A board drawn before the app (boardFirst.tsx) is taken over running: its canvas, its buttons, its scene's root.
  const [early] = useState(() => (stage || forcedMode ? null : takeEarlyBoard()));
  const app = useRef<PixiApplication | null>(early?.app ?? null);
  // @pixi/react renders the children it got first once its async init ends, over any newer ones: the
  // scene is handed over only after init, so a view change during start-up is not lost.
  const [initialized, setInitialized] = useState(early !== null);
  const width = size?.width;
  const height = size?.height;
  const stageShape = stage?.layout;
  const layout = useMemo(
    () =>
      width && height && width > 0 && height > 0
        ? layoutBoard({ width, height, mode: viewMode, stage: stageShape })
        : null,
    [width, height, viewMode, stageShape],
  );

  const onInit = useCallback((application: PixiApplication) => {
    app.current = application;
    prepareBoardApplication(application, stage !== undefined);
    setInitialized(true);
  }, []);

  useEffect(
    () => () => {
      if (app.current) detachStage(app.current);
    },
    [],
  );
  useLayoutEffect(() => {
    const into = host.current;
    if (!early || !into) return;
    // The canvas and Pixi's layer of buttons beside it move in; the element that held them goes.
    into.prepend(...early.holder.childNodes);
    early.holder.remove();
    return () => closeEarlyBoard(early);
  }, [early]);
  useLayoutEffect(() => {
    if (early && layout)
      void early.root.render(
        // The early board's root is its own React tree: the screen's game is handed to it by hand.
        <GameProvider controller={game}>
          <Scene layout={layout} />
        </GameProvider>,
        boardApplicationOptions(layout),
      );
  }, [early, layout, game]);
  // Where the game screen's board sits, for the next load to draw it there before the app (boardBox.ts).
  useEffect(() => {
    const el = host.current;
    if (stage || forcedMode || !el || !width || !height || viewMode === 'mobile') return;
    const rect = el.getBoundingClientRect();
    rememberBoardBox({
      vw: window.innerWidth,
      vh: window.innerHeight,
      mode: viewMode,
      x: Math.round(rect.left + window.scrollX),
      y: Math.round(rect.top + window.scrollY),
      w: width,
      h: height,
    });
  }, [stage, forcedMode, width, height, viewMode]);
  // The 800 ms interaction lock on the board's element, so a test can wait it out rather than guess at a timer
  // that a busy machine fires late; written directly, so the lock re-renders nothing.
  useEffect(
    () =>
      game.subscribe((s) => {
        if (host.current) host.current.dataset.locked = String(s.locked);
      }),
    [game],
  );
  // The published tuning (issue 19) comes with the page; until then the board moves with the defaults.
  useEffect(() => void loadPublishedTuning(), []);
  const tuning = useMotionStore((s) => (s.edited ? 'studio' : String(s.publishedId ?? 'default')));
  const motionVariant = useMotionStore((s) => (playsReduced(s) ? 'reduced' : 'standard'));

  useLayoutEffect(() => {
    const application = app.current;
    if (!application || !width || !height) return;
    application.renderer.resize(width, height);
    requestRender();
  }, [width, height]);

  // A stage's backdrop (or its transparency, or its chroma key) is the stage page's: the board adds none.
  const style = stage
    ? { position: 'absolute' as const, left: stage.area.x, top: stage.area.y, width, height }
    : layout
      ? { background: stageBackground(layout.width, layout.height) }
      : undefined;

  return (
    <div
      ref={host}
      className="pixi-board"
      data-ready={layout && fontsReady ? 'true' : undefined}
      data-tuning={tuning}
      data-motion={motionVariant}
      style={style}
    >
      {/* Pixi starts (its WebGL context, its renderer's chunk) while the fonts load; the scene waits for them. */}
      {layout && !early && (
        <Application {...boardApplicationOptions(layout)} onInit={onInit}>
          {initialized && fontsReady && <Scene layout={layout} stage={stage !== undefined} />}
        </Application>
      )}
      {layout && !stage && <ToastSlot area={layout.notices} />}
    </div>
  );
}
