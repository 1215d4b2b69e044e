import type { Text } from 'pixi.js';
import { useLayoutEffect, useRef } from 'react';

/** A text shrunk (never grown) to fit `maxWidth`: long headings in narrow panels stay inside them. */
export function useFitWidth(maxWidth: number, text: string) {
  const ref = useRef<Text>(null);
  useLayoutEffect(() => {
    const t = ref.current;
    if (!t) return;
    t.scale.set(1);
    if (t.width > maxWidth) t.scale.set(maxWidth / t.width);
  }, [maxWidth, text]);
  return ref;
}
