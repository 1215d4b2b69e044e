import type { Container } from 'pixi.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onFrameDrawn, whenBoardIdle, whenIdle } from '../stage';

/** Caches made in one idle moment: 26 render passes in one frame made a long frame after a first tap. */
const CACHES_AT_ONCE = 4;
const waiting: Array<() => void> = [];
let pumping = false;

/** A few caches, then the frame that draws them, then the next idle moment, until none is waiting. */
function makeSomeCaches(): void {
  const now = waiting.splice(0, CACHES_AT_ONCE);
  if (now.length === 0) {
    pumping = false;
    return;
  }
  now.forEach((start) => start());
  const off = onFrameDrawn(() => {
    off();
    whenIdle(makeSomeCaches);
  });
}

/** False until this container's turn to be cached has come (the board idle after its first frame, a few at a time). */
function useCacheTurn(): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    let live = true;
    const start = () => live && setTurn(true);
    const cancel = whenBoardIdle(() => {
      waiting.push(start);
      if (!pumping) {
        pumping = true;
        makeSomeCaches();
      }
    });
    return () => {
      live = false;
      cancel();
      const at = waiting.indexOf(start);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, []);
  return turn;
}

/**
 * A container drawn once into a texture and redrawn only when its component commits: the value boards and
 * the case lids change a few times a game, so a frame of animation draws them as single quads.
 */
export function useCachedContainer<T extends Container>() {
  const ref = useRef<T>(null);
  // The first frames draw the shapes themselves: 26 caches are 26 render passes, made a few at a time once the
  // page is idle.
  const cache = useCacheTurn();
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c || !cache) return;
    if (!c.isCachedAsTexture) c.cacheAsTexture({ antialias: true });
    else c.updateCacheTexture();
  });
  return ref;
}
