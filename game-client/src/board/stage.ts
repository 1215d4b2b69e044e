import type { Application } from 'pixi.js';
import { gsap } from 'gsap';

/**
 * Rendering on demand: the board's Pixi application has no running ticker, so an idle board costs nothing.
 * React commits, tweens and texture loads ask for a frame; at most one is drawn per animation frame.
 */
let app: Application | null = null;
let frame: number | null = null;
let afterRender: (() => void) | null = null;
let frames = 0;

export function attachStage(application: Application, onRendered?: () => void): void {
  app = application;
  afterRender = onRendered ?? null;
  requestRender();
}

export function detachStage(application: Application): void {
  if (app !== application) return;
  if (frame !== null) cancelAnimationFrame(frame);
  frame = null;
  app = null;
  afterRender = null;
}

export function requestRender(): void {
  if (frame !== null || !app) return;
  frame = requestAnimationFrame(() => {
    frame = null;
    if (!app) return;
    app.render();
    frames++;
    afterRender?.();
  });
}

/** Frames drawn since the page loaded: the benchmark reads it to show that a board at rest draws none. */
export function renderedFrames(): number {
  return frames;
}

/** gsap.to that draws a frame on every update; GSAP's own ticker sleeps once no tween runs. */
export function tween(target: gsap.TweenTarget, vars: gsap.TweenVars): gsap.core.Tween {
  return gsap.to(target, {
    ...vars,
    onUpdate: thenRender(vars.onUpdate),
    onComplete: thenRender(vars.onComplete),
  });
}

function thenRender(callback: gsap.Callback | undefined): () => void {
  return () => {
    callback?.();
    requestRender();
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
