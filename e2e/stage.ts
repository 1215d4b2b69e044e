// The streamer studio's stages as OBS opens them, and what the tests read off their pictures.
import fs from 'node:fs';
import nodePath from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';

// The stages a test opened: closed when it ends (pass or fail), so no stream of an earlier test stays open in the
// worker's browser (each counts against the server's 50 streams per address, and each draws on the CPU).
const stageContexts = new Set<BrowserContext>();

export async function closeStages(): Promise<void> {
  const open = [...stageContexts];
  stageContexts.clear();
  await Promise.all(open.map((context) => context.close().catch(() => undefined)));
}

/** A stage as OBS opens it: its own browser context (no cookie), the size of the browser source. */
export async function openStage(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  stageContexts.add(context);
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
 * its first pixel as RGBA and how many of its pixels are not fully transparent. `fast`: the compositor's frame on
 * the page's white instead (surfaceShot), whose pixels that are not white count.
 */
async function readRegions(page: Page, regions: Region[], path?: string, fast = false) {
  const png = fast
    ? await surfaceShot(page, path)
    : (await page.screenshot({ omitBackground: true, animations: 'disabled', path })).toString('base64');
  // Decoded in a page of its own: the stage's may be busy drawing an animation for seconds.
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ({ png, regions, fast }) => {
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
            // On the page's white (a fast shot), what is not white is the stage's.
            const white = data[i]! >= 250 && data[i + 1]! >= 250 && data[i + 2]! >= 250;
            if (data[i + 3]! > 0 && !(fast && white)) opaque++;
            // The banker's phone green (the board's cyan and teal have as much blue as green).
            if (data[i + 3]! > 0 && data[i + 1]! > data[i]! + 60 && data[i + 1]! > data[i + 2]! + 20) green++;
          }
          return { name: r.name, first: [...data.slice(0, 4)], opaque, green };
        });
      },
      { png, regions, fast },
    );
  } finally {
    await scratch.close();
  }
}

/**
 * The compositor's last frame, as base64 PNG, straight from Chromium (CDP's captureScreenshot, optimized for
 * speed): no wait for the page's main thread, which a software-WebGL stage drawing the phone's animation keeps
 * busy for seconds, longer than the phone shows. Taken on the page's own background (white where the stage is
 * transparent), so readRegions counts its pixels that are not white as the stage's.
 */
async function surfaceShot(page: Page, path?: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
    if (path) {
      fs.mkdirSync(nodePath.dirname(path), { recursive: true });
      fs.writeFileSync(path, Buffer.from(data, 'base64'));
    }
    return data;
  } finally {
    await cdp.detach();
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
  /** The compositor's frame at once (`surfaceShot`): `opaque` then counts the pixels that are not white. */
  fast = false,
): Promise<Record<string, { opaque: number; green: number }>> {
  const read = await readRegions(page, regions, path, fast);
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
