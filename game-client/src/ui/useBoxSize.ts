import { useLayoutEffect, useState } from 'react';

/**
 * The size of an element's box in CSS pixels, kept up to date: the board's (in mobile mode, the already turned
 * page's box) and the studio's sandbox.
 */
export function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // Layout sizes, not getBoundingClientRect: the mobile page is rotated by a transform.
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
