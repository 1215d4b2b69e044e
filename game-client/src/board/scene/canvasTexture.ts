import { Texture } from 'pixi.js';
import { useEffect, useMemo } from 'react';

/** The board's pixel density: the application's resolution, and what painted textures are drawn at. */
let stageScale = 1;
/**
 * A stage (issue 18) shown larger than its logical 1920x1080 (a 4K browser source) draws its pixels at the size
 * it is shown, so its text stays sharp.
 */
export function setBoardResolutionScale(scale: number): void {
  stageScale = scale;
}
export const boardResolution = () => Math.min(2, (window.devicePixelRatio || 1) * stageScale);

/**
 * A texture painted once with the 2D canvas API, repainted only when `deps` change. For what is many shapes
 * and texts but changes a few times a game (the value boards): one quad and one upload instead of
 * dozens of Pixi objects, each with a texture of its own (a first frame in SwiftShader pays for every one).
 * `paint` draws in CSS pixels; the canvas is `scale` times that.
 */
export function useCanvasTexture(
  width: number,
  height: number,
  scale: number,
  paint: (ctx: CanvasRenderingContext2D) => void,
  deps: readonly unknown[],
): Texture {
  const texture = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.scale(scale, scale);
      paint(ctx);
    }
    return Texture.from(canvas);
    // `paint` is a new function each render: what it paints is named by `deps`.
  }, [width, height, scale, ...deps]);
  useEffect(() => () => texture.destroy(true), [texture]);
  return texture;
}
