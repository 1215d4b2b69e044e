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
  // Decoded in a page of its own: the stage's may be busy drawing an animation for seconds.
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
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
          let green = 0;
          for (let i = 0; i < data.length; i += 4) {
            if (data[i + 3]! > 0) opaque++;
            // The banker's phone green (the board's cyan and teal have as much blue as green).
            if (data[i + 3]! > 0 && data[i + 1]! > data[i]! + 60 && data[i + 1]! > data[i + 2]! + 20) green++;
          }
          return { name: r.name, first: [...data.slice(0, 4)], opaque, green };
        });
      },
      { png, regions },
    );
  } finally {
    await scratch.close();
  }
}

/** The pixel at (x, y) of a screenshot taken without the page's default background, as RGBA. */
export async function pixels(page: Page, points: Array<[number, number]>): Promise<number[][]> {
  const read = await readRegions(
    page,
    points.map(([x, y]) => ({ name: `${x},${y}`, x, y, width: 1, height: 1 })),
  );
  return read.map((r) => r.first);
}

/**
 * For each region of one screenshot (kept at `path`), by name: how many of its pixels are not fully transparent,
 * and how many are the banker's phone green.
 */
export async function countPixels(
  page: Page,
  regions: Region[],
  path?: string,
): Promise<Record<string, { opaque: number; green: number }>> {
  const read = await readRegions(page, regions, path);
  return Object.fromEntries(read.map((r) => [r.name, { opaque: r.opaque, green: r.green }]));
}

/** The case numbers the deck can open now (its enabled 'Briefcase N' buttons), lowest first. */
export async function openableCases(deck: Page): Promise<number[]> {
  const names = await deck
    .getByRole('button', { name: /^Briefcase \d+$/ })
    .evaluateAll((buttons) =>
      buttons.filter((b) => !(b as HTMLButtonElement).disabled).map((b) => b.getAttribute('aria-label')!),
    );
  return names.map((name) => Number(name.replace('Briefcase ', '')));
}
