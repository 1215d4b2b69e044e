import type { Rect } from '../geometry';

/** `count` buttons side by side along the bottom of an overlay panel, in the panel's own space. */
export function actionRow(panel: Rect, buttonFont: number, count: number): Rect[] {
  const height = Math.max(44, Math.round(buttonFont * 3));
  const gap = Math.round(buttonFont);
  const width = Math.min(260, (panel.width * 0.86 - (count - 1) * gap) / count);
  const total = count * width + (count - 1) * gap;
  const x0 = (panel.width - total) / 2;
  const y = panel.height - height - Math.round(buttonFont * 1.6);
  return Array.from({ length: count }, (_, i) => ({ x: x0 + i * (width + gap), y, width, height }));
}
