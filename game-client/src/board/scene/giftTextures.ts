import { GIFT_FALLBACK_IMAGE_URL, type Gift } from '@dond/shared';
import { Assets, type Texture } from 'pixi.js';
import { useEffect, useState } from 'react';

/** Gift badges are SVG: rasterised once, sharp enough for the biggest place they show (a reveal at 2x). */
const SVG_RESOLUTION = 4;
const cache = new Map<string, Promise<Texture>>();

function load(url: string): Promise<Texture> {
  let texture = cache.get(url);
  if (!texture) {
    texture = Assets.load<Texture>({ src: url, data: { resolution: SVG_RESOLUTION } });
    cache.set(url, texture);
  }
  return texture;
}

/** A gift's picture, or the box picture when it cannot be loaded (SPEC.md section 2). */
export function loadGiftTexture(gift: Pick<Gift, 'imageUrl'>): Promise<Texture> {
  return load(gift.imageUrl).catch(() => {
    cache.delete(gift.imageUrl);
    return load(GIFT_FALLBACK_IMAGE_URL);
  });
}

export function useGiftTexture(gift: Pick<Gift, 'imageUrl'> | null | undefined): Texture | null {
  const url = gift?.imageUrl ?? null;
  const [loaded, setLoaded] = useState<{ url: string; texture: Texture } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    loadGiftTexture({ imageUrl: url }).then(
      (texture) => live && setLoaded({ url, texture }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  return loaded && loaded.url === url ? loaded.texture : null;
}
