import type { Application } from 'pixi.js';
import { gsap } from 'gsap';
import { gsapEase } from './motion/motion';

/**
 * Rendering on demand: the board's Pixi application has no running ticker, so an idle board costs nothing.
 * React commits, tweens and texture loads ask for a frame; at most one is drawn per animation frame.
 *
 * While tweens run, the frame is drawn inside GSAP's own tick, right after it moved them: a frame requested from
 * a tween's update through a requestAnimationFrame of our own would land in the next frame, after GSAP's next
 * tick had already asked for the one after, so only every other frame of the browser was drawn (docs/decisions,
 * speed). Other requests (a commit, a texture) wait for the next animation frame, and whichever of the two comes
 * first in a frame draws it.
 */
/**
 * An animation takes its tuned time however slowly frames come. GSAP's default lag smoothing counts a frame later
 * than 500 ms as 33 ms: where a frame takes longer than that (software WebGL on a loaded machine, a busy capture
 * PC) every animation stretched twentyfold and kept the board drawing for a minute (a 3 s pulse of the offer
 * strip drew frames of 650 ms for over a minute on the portrait stage), holding up the whole page.
 */
gsap.ticker.lagSmoothing(0);

let app: Application | null = null;
let frame: number | null = null;
let afterRender: (() => void) | null = null;
let frames = 0;
let dirty = false;
/** The animation frame last drawn (its requestAnimationFrame time), so a frame is never drawn twice. */
let drawnAt = -1;
let onTicker = false;
/** Work that waits for the board's first frame and an idle moment after it (whenBoardIdle). */
let afterFirstFrame: Array<() => void> | null = [];
/** The longest an idle moment is waited for after the first frame; and Safari's stand-in for one. */
const IDLE_WAIT_MS = 1000;
const IDLE_FALLBACK_MS = 100;

export function attachStage(application: Application, onRendered?: () => void): void {
  app = application;
  afterRender = onRendered ?? null;
  requestRender();
}

export function detachStage(application: Application): void {
  if (app !== application) return;
  if (frame !== null) cancelAnimationFrame(frame);
  frame = null;
  if (onTicker) gsap.ticker.remove(drawOnTick);
  onTicker = false;
  dirty = false;
  app = null;
  afterRender = null;
}

function draw(time: number): void {
  dirty = false;
  if (!app) return;
  // Nothing to show yet (the application started, its scene not rendered): no frame, so the first frame drawn
  // is the scene's.
  if (app.stage && app.stage.children.length === 0) return;
  drawnAt = time;
  app.render();
  frames++;
  afterRender?.();
  for (const listener of frameListeners) listener(time);
  if (frames === 1) {
    firstFrameWaiters.splice(0).forEach((resolve) => resolve());
    whenIdle(runAfterFirstFrame);
  }
}

function drawOnFrame(time: number): void {
  frame = null;
  if (dirty && time !== drawnAt) draw(time);
  else if (dirty) requestRender();
}

/** GSAP's tick listener while a tween asks for frames; it leaves once a tick has nothing to draw. */
function drawOnTick(_time: number, _delta: number, _frame: number, rafTime?: unknown): void {
  // GSAP also ticks at once when it wakes (inside whatever created a tween): that is not an animation frame.
  if (typeof rafTime !== 'number' || rafTime === 2) {
    if (dirty) requestRender();
    return;
  }
  if (dirty && rafTime !== drawnAt) return draw(rafTime);
  if (dirty) return; // drawn already in this frame: the next tick draws
  gsap.ticker.remove(drawOnTick);
  onTicker = false;
}

function runAfterFirstFrame(): void {
  const waiting = afterFirstFrame ?? [];
  afterFirstFrame = null;
  for (const callback of waiting) callback();
}

/** Resolves once the board's first frame is drawn (in the task that draws it). */
export function whenFirstFrameDrawn(): Promise<void> {
  return new Promise((resolve) => (frames > 0 ? resolve() : firstFrameWaiters.push(resolve)));
}
const firstFrameWaiters: Array<() => void> = [];

/**
 * Runs `callback` once the board's first frame is drawn and the page is next idle (at once if it was): what the
 * first frame and the first tap can do without (the lids' caches, the value boards' pictures) waits for a moment
 * when the main thread has nothing else to do, so the frame after the board's first is not held up either.
 * Answers a function that cancels it.
 */
export function whenBoardIdle(callback: () => void): () => void {
  if (!afterFirstFrame) {
    callback();
    return () => {};
  }
  afterFirstFrame.push(callback);
  return () => {
    afterFirstFrame = afterFirstFrame?.filter((c) => c !== callback) ?? null;
  };
}

/** The page's next idle moment; Safari has no requestIdleCallback, a short timer stands in. */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
  else setTimeout(callback, IDLE_FALLBACK_MS);
}

/** Draws a frame at the next animation frame. */
export function requestRender(): void {
  if (!app) return;
  dirty = true;
  if (frame === null) frame = requestAnimationFrame(drawOnFrame);
}

/** From a tween's update, inside GSAP's tick: the frame is drawn at the end of this very tick. */
function requestRenderFromTween(): void {
  if (!app) return;
  dirty = true;
  if (onTicker) return;
  onTicker = true;
  // The ticker is awake (a tween is updating), so adding a listener runs it later in this same tick.
  gsap.ticker.add(drawOnTick);
}

const frameListeners = new Set<(time: number) => void>();

/** Calls `listener` with each frame's time as it is drawn (the studio's frame-rate graph and play timer). */
export function onFrameDrawn(listener: (time: number) => void): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

/** Frames drawn since the page loaded: the benchmark reads it to show that a board at rest draws none. */
export function renderedFrames(): number {
  return frames;
}

/**
 * gsap.to that draws a frame on every update; GSAP's own ticker sleeps once no tween runs. Eases come from the
 * tuning, where a cubic-bézier is written as CSS writes it.
 */
export function tween(target: gsap.TweenTarget, vars: gsap.TweenVars): gsap.core.Tween {
  return gsap.to(target, {
    ...vars,
    ...(vars.ease === undefined ? {} : { ease: gsapEase(vars.ease) }),
    onUpdate: thenRender(vars.onUpdate),
    onComplete: thenRender(vars.onComplete),
  });
}

function thenRender(callback: gsap.Callback | undefined): () => void {
  return () => {
    callback?.();
    requestRenderFromTween();
  };
}

/**
 * Tweens owned by a component: killed when it unmounts, so no tween writes to a destroyed Pixi object.
 * Answers a stable `tween` function bound to that component.
 */
export function createTweenOwner() {
  const live = new Set<gsap.core.Tween>();
  return {
    tween(target: gsap.TweenTarget, vars: gsap.TweenVars): gsap.core.Tween {
      const t = tween(target, {
        ...vars,
        onComplete: () => {
          live.delete(t);
          vars.onComplete?.();
        },
      });
      live.add(t);
      return t;
    },
    killAll() {
      for (const t of live) t.kill();
      live.clear();
    },
  };
}
