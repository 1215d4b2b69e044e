import type { Application } from 'pixi.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser's animation frames, played by hand: every callback asked for before a frame runs in it, with
 * the frame's time, and the clock moves 16 ms a frame (GSAP reads Date.now).
 */
function fakeFrames() {
  let queue: Array<FrameRequestCallback | null> = [];
  let now = 1_000;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queue.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    queue[id - 1] = null;
  });
  return {
    frame(ms = 16) {
      now += ms;
      vi.setSystemTime(now);
      const callbacks = queue;
      queue = [];
      for (const cb of callbacks) cb?.(now);
    },
  };
}

describe('stage: drawing on demand', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps an animation to its time when frames come slowly (no lag smoothing)', async () => {
    const frames = fakeFrames();
    const { attachStage, tween } = await import('./stage');
    const render = vi.fn();
    attachStage({ render } as unknown as Application);
    frames.frame();
    const target = { x: 0 };
    tween(target, { x: 100, duration: 3, ease: 'none' });
    frames.frame();
    // Frames of 650 ms (software WebGL on a loaded machine): GSAP's default would count each as 33 ms, and the 3 s
    // tween would take some 90 frames, drawing all the while.
    const draws = render.mock.calls.length;
    for (let i = 0; i < 5; i++) frames.frame(650);
    expect(target.x).toBe(100);
    expect(render.mock.calls.length - draws).toBeLessThanOrEqual(5);
  });

  it('draws every animation frame while a tween runs, once a frame, and nothing at rest', async () => {
    const frames = fakeFrames();
    // GSAP takes the page's requestAnimationFrame when it first wakes: imported after the fake is in place.
    const { attachStage, requestRender, tween } = await import('./stage');
    const render = vi.fn();
    attachStage({ render } as unknown as Application);
    frames.frame();
    expect(render).toHaveBeenCalledTimes(1);

    const target = { x: 0 };
    tween(target, { x: 100, duration: 0.3, ease: 'none' });
    requestRender(); // a React commit in the same frame as the tween's start
    const drawsPerFrame: number[] = [];
    for (let i = 0; i < 30; i++) {
      const before = render.mock.calls.length;
      frames.frame();
      drawsPerFrame.push(render.mock.calls.length - before);
    }
    expect(target.x).toBe(100);
    // From the tween's first tick to its last: one draw in every frame (the old request-a-frame-from-the-update
    // drew every other one).
    const moving = drawsPerFrame.slice(0, drawsPerFrame.lastIndexOf(1) + 1);
    expect(moving.length).toBeGreaterThanOrEqual(17); // 0.3 s at 16 ms a frame
    expect(moving.every((n) => n === 1)).toBe(true);
    expect(drawsPerFrame.slice(moving.length).every((n) => n === 0)).toBe(true);
  });

  it("draws no frame of an empty stage: the first frame drawn is the scene's", async () => {
    const frames = fakeFrames();
    const { attachStage, requestRender, renderedFrames, whenFirstFrameDrawn } = await import('./stage');
    const stage = { children: [] as unknown[] };
    const render = vi.fn();
    attachStage({ render, stage } as unknown as Application);
    let drawn = false;
    void whenFirstFrameDrawn().then(() => (drawn = true));
    frames.frame();
    await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
    expect(renderedFrames()).toBe(0);
    expect(drawn).toBe(false);
    stage.children.push({}); // the scene is rendered, and its commit asks for a frame
    requestRender();
    frames.frame();
    await Promise.resolve();
    expect(render).toHaveBeenCalledTimes(1);
    expect(renderedFrames()).toBe(1);
    expect(drawn).toBe(true);
  });

  it('runs what waits for the board to be idle after its first frame, not in it, and at once afterwards', async () => {
    const frames = fakeFrames();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const { attachStage, whenBoardIdle } = await import('./stage');
    const order: string[] = [];
    whenBoardIdle(() => order.push('caches'));
    const cancel = whenBoardIdle(() => order.push('cancelled'));
    cancel();
    attachStage({ render: () => order.push('frame') } as unknown as Application);
    expect(order).toEqual([]);
    frames.frame();
    expect(order).toEqual(['frame']); // drawn, and the waiting work is still waiting: the frame is not held
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['frame']); // nor the tasks just after it: it waits for the page to be idle
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(order).toEqual(['frame', 'caches']);
    whenBoardIdle(() => order.push('later'));
    expect(order).toEqual(['frame', 'caches', 'later']);
  });
});
