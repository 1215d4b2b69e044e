// The streamer studio's stages as OBS opens them, and what the tests read off their pictures.
import type { Browser, Page } from '@playwright/test';

/** A stage as OBS opens it: its own browser context (no cookie), the size of the browser source. */
export async function openStage(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** A rectangle of the screenshot, in CSS pixels. */
export interface Region {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Reads regions of a screenshot taken without the page's default background (decoded by the page itself): for each,
 * its first pixel as RGBA and how many of its pixels are not fully transparent.
 */
async function readRegions(page: Page, regions: Region[], path?: string) {
  const png = (await page.screenshot({ omitBackground: true, animations: 'disabled', path })).toString(
    'base64',
  );
  return page.evaluate(
    async ({ png, regions }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return regions.map((r) => {
        const { data } = context.getImageData(r.x, r.y, r.width, r.height);
        let opaque = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) opaque++;
        return { name: r.name, first: [...data.slice(0, 4)], opaque };
      });
    },
    { png, regions },
  );
}

/** The pixel at (x, y) of a screenshot taken without the page's default background, as RGBA. */
export async function pixels(page: Page, points: Array<[number, number]>): Promise<number[][]> {
  const read = await readRegions(
    page,
    points.map(([x, y]) => ({ name: `${x},${y}`, x, y, width: 1, height: 1 })),
  );
  return read.map((r) => r.first);
}

/** How many pixels of each region are not fully transparent, by region name; the screenshot kept at `path`. */
export async function opaquePixels(
  page: Page,
  regions: Region[],
  path?: string,
): Promise<Record<string, number>> {
  const read = await readRegions(page, regions, path);
  return Object.fromEntries(read.map((r) => [r.name, r.opaque]));
}
