import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GIFTS, GIFT_FALLBACK_IMAGE_URL } from '@dond/shared';
import { describe, expect, it } from 'vitest';
import { OUT_DIR, renderAll, tierOf, TIERS } from './render-gifts.mjs';

describe('the gift pictures', () => {
  const files = renderAll();

  it('has one picture per catalogue gift, named as its imageUrl says, and the box', () => {
    const expected = [...GIFTS.map((g) => g.imageUrl), GIFT_FALLBACK_IMAGE_URL].map((url) =>
      url.split('/').pop(),
    );
    expect([...files.keys()].sort()).toEqual([...expected].sort());
  });

  it('are committed exactly as the script renders them (npm run render:gifts -w assets)', async () => {
    const onDisk = (await readdir(OUT_DIR)).filter((name) => name.endsWith('.svg')).sort();
    expect(onDisk).toEqual([...files.keys()].sort());
    for (const [name, svg] of files) expect(await readFile(join(OUT_DIR, name), 'utf8'), name).toBe(svg);
  });

  it('renders the same bytes every time', () => {
    expect(renderAll()).toEqual(files);
  });

  it('are small, self-contained SVGs with no external references', () => {
    for (const [name, svg] of files) {
      expect(svg.length, name).toBeLessThan(12 * 1024);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), name).toBe(true);
      expect(svg, name).not.toMatch(/href="(?!#)|url\((?!#)|<script|<image/);
    }
  });

  it('frames each gift by its price tier', () => {
    expect(tierOf(1).name).toBe('bronze');
    expect(tierOf(99).name).toBe('bronze');
    expect(tierOf(100).name).toBe('silver');
    expect(tierOf(1000).name).toBe('gold');
    expect(tierOf(10_000).name).toBe('ruby');
    expect(tierOf(44_999).name).toBe('diamond');
    for (const tier of TIERS) {
      const gift = GIFTS.find((g) => tierOf(g.coins) === tier);
      expect(gift, tier.name).toBeDefined();
      expect(files.get(`${gift?.imageUrl.split('/').pop()}`)).toContain(tier.rim[1]);
    }
  });
});
