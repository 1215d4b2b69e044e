import type { Container } from 'pixi.js';
import { useLayoutEffect, useRef } from 'react';
import { useBoardIdle } from './useFrame';

/**
 * A container drawn once into a texture and redrawn only when its component commits: the value boards and
 * the case lids change a few times a game, so a frame of animation draws them as single quads.
 */
export function useCachedContainer<T extends Container>() {
  const ref = useRef<T>(null);
  // The first frames draw the shapes themselves: 26 caches are 26 render passes, made once the page is idle.
  const cache = useBoardIdle();
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c || !cache) return;
    if (!c.isCachedAsTexture) c.cacheAsTexture({ antialias: true });
    else c.updateCacheTexture();
  });
  return ref;
}
