// Renders every gift badge on one page in Chromium and saves a PNG to look at:
//   npm run contact-sheet -w assets      -> assets/out/contact-sheet.png (not committed)
// Each badge shows at 128 px and at 48 px on the game's dark stage, and at 48 px on a light card.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIFTS, GIFT_FALLBACK_IMAGE_URL, formatCoins } from '@dond/shared';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../e2e/chromium.js';
import { OUT_DIR, renderAll } from './render-gifts.mjs';

const SHEET_DIR = fileURLToPath(new URL('../out/', import.meta.url));

/** @param {string} text */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function main() {
  renderAll(); // fails early when the catalogue and the pictures disagree
  const entries = [
    ...GIFTS.map((gift) => ({
      label: `${gift.id}. ${gift.name}`,
      coins: formatCoins(gift.coins),
      url: gift.imageUrl,
    })),
    { label: 'box (fallback)', coins: '', url: GIFT_FALLBACK_IMAGE_URL },
  ];
  const cells = [];
  for (const entry of entries) {
    const file = join(OUT_DIR, entry.url.split('/').pop() ?? '');
    const src = `data:image/svg+xml;base64,${(await readFile(file)).toString('base64')}`;
    cells.push(
      `<figure><img src="${src}" width="128" height="128" alt=""><div class="small"><img src="${src}" width="48" height="48" alt="">` +
        `<span class="light"><img src="${src}" width="48" height="48" alt=""></span></div>` +
        `<figcaption>${escape(entry.label)}<br><b>${escape(entry.coins)}</b></figcaption></figure>`,
    );
  }
  const html = `<!doctype html><meta charset="utf-8"><style>
    body { margin: 0; padding: 16px; background: #07060f; color: #f6f2e8; font: 12px system-ui, sans-serif; }
    main { display: grid; grid-template-columns: repeat(9, 150px); gap: 12px; }
    figure { margin: 0; display: grid; justify-items: center; gap: 4px; }
    .small { display: flex; gap: 8px; align-items: center; }
    .light { display: inline-flex; padding: 4px; background: #f3efe6; border-radius: 8px; }
    figcaption { text-align: center; color: #b4adc4; } b { color: #f5c542; }
  </style><main>${cells.join('')}</main>`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM.args,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1520, height: 800 } });
    await page.setContent(html);
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    );
    await mkdir(SHEET_DIR, { recursive: true });
    const path = join(SHEET_DIR, 'contact-sheet.png');
    await page.screenshot({ path, fullPage: true });
    // The first rows at 1:1, to judge the 48 px size without any downscaling by a viewer.
    const detail = join(SHEET_DIR, 'contact-sheet-detail.png');
    await page.screenshot({ path: detail, clip: { x: 0, y: 0, width: 820, height: 440 } });
    console.log(`Contact sheet: ${path}\nDetail at 1:1: ${detail}`);
  } finally {
    await browser.close();
  }
}

await main();
