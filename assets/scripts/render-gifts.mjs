// Renders the gift badges: one SVG per catalogue gift plus the box fallback, into game-client/public/gifts/.
//
//   npm run render:gifts -w assets          writes the files (and removes stale .svg files there)
//   npm run check:gifts -w assets           renders in memory and fails if the committed files differ
//
// Each badge is our own composition: a coin-like frame whose metal and colour follow the gift's price tier,
// a glow, a glass shine, and one Twemoji picture (CC BY 4.0, from @iconify-json/twemoji) in the middle.
// The output depends only on the catalogue and the pinned emoji set, so it is byte-for-byte reproducible.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GIFT_FALLBACK_IMAGE_URL, GIFT_IMAGE_BASE, GIFTS } from '@dond/shared';

const require = createRequire(import.meta.url);
/** @type {{ icons: Record<string, { body: string, width?: number, height?: number }>, aliases?: Record<string, { parent: string }>, width?: number, height?: number }} */
const twemoji = require('@iconify-json/twemoji/icons.json');

export const OUT_DIR = fileURLToPath(new URL('../../game-client/public/gifts/', import.meta.url));

/**
 * @typedef {object} Art
 * @property {string} icon      Twemoji icon name (Iconify's name for the emoji)
 * @property {string} [accent]  a second, small Twemoji icon at the lower right of the frame
 * @property {boolean} [scene]  a square picture: shown through a round window filling the disc
 */

/** @type {Record<string, Art>} file name (without .svg) -> picture. Every catalogue file must be here. */
export const ART = {
  rose: { icon: 'rose' }, // 🌹
  'finger-heart': { icon: 'hand-with-index-finger-and-thumb-crossed', accent: 'red-heart' }, // 🫰
  rosa: { icon: 'tulip' }, // 🌷
  perfume: { icon: 'lotion-bottle', accent: 'sparkles' }, // 🧴
  doughnut: { icon: 'doughnut' }, // 🍩
  'paper-crane': { icon: 'dove' }, // 🕊️
  'hand-hearts': { icon: 'heart-hands' }, // 🫶
  sunglasses: { icon: 'smiling-face-with-sunglasses' }, // 😎
  corgi: { icon: 'dog' }, // 🐕
  'forever-rosa': { icon: 'bouquet', accent: 'sparkling-heart' }, // 💐
  'money-gun': { icon: 'money-with-wings' }, // 💸
  swan: { icon: 'swan' }, // 🦢
  train: { icon: 'locomotive' }, // 🚂
  galaxy: { icon: 'cyclone' }, // 🌀
  'chasing-the-dream': { icon: 'rainbow', accent: 'sparkles' }, // 🌈
  'whale-diving': { icon: 'whale' }, // 🐋
  'meteor-shower': { icon: 'comet' }, // ☄️
  'private-jet': { icon: 'small-airplane' }, // 🛩️
  'sports-car': { icon: 'racing-car' }, // 🏎️
  interstellar: { icon: 'flying-saucer' }, // 🛸
  'rosa-nebula': { icon: 'cherry-blossom', accent: 'sparkles' }, // 🌸
  'tiktok-shuttle': { icon: 'rocket' }, // 🚀
  phoenix: { icon: 'phoenix' }, // 🐦‍🔥
  lion: { icon: 'lion' }, // 🦁
  zeus: { icon: 'high-voltage' }, // ⚡
  'tiktok-stars': { icon: 'glowing-star' }, // 🌟
  tiktok: { icon: 'musical-note' }, // 🎵
  gg: { icon: 'video-game' }, // 🎮
  'ice-cream-cone': { icon: 'soft-ice-cream' }, // 🍦
  'cheer-you-up': { icon: 'sunflower' }, // 🌻
  'tiny-diny': { icon: 'sauropod' }, // 🦕
  cap: { icon: 'billed-cap' }, // 🧢
  confetti: { icon: 'confetti-ball' }, // 🎊
  'boxing-gloves': { icon: 'boxing-glove' }, // 🥊
  'gem-gun': { icon: 'gem-stone' }, // 💎
  fireworks: { icon: 'fireworks', scene: true }, // 🎆
  motorcycle: { icon: 'motorcycle' }, // 🏍️
  wolf: { icon: 'wolf' }, // 🐺
  'future-city': { icon: 'cityscape-at-dusk', scene: true }, // 🌆
  'castle-fantasy': { icon: 'castle' }, // 🏰
  'dragon-flame': { icon: 'dragon', accent: 'fire' }, // 🐉
  'fire-phoenix': { icon: 'phoenix', accent: 'fire' }, // 🐦‍🔥
  pegasus: { icon: 'unicorn' }, // 🦄
  'tiktok-universe': { icon: 'ringed-planet' }, // 🪐
};

/** The box fallback (📦) wears the plain frame. */
const BOX = { file: fileName(GIFT_FALLBACK_IMAGE_URL), art: { icon: 'package' } };

/**
 * @typedef {object} Tier
 * @property {string} name
 * @property {number} minCoins
 * @property {[string, string, string]} rim   light, mid, dark metal
 * @property {[string, string]} disc          centre, edge
 * @property {string} glow                    halo and inner glow colour
 * @property {number} sparkles                how many glints sit on the frame
 */

/** @type {readonly Tier[]} price tiers, cheapest first: the frame says at a glance how rich a gift is. */
export const TIERS = [
  {
    name: 'bronze',
    minCoins: 0,
    rim: ['#ffd3a1', '#d98c4a', '#7a3e16'],
    disc: ['#2b8fb0', '#0c2a47'],
    glow: '#5fd4ff',
    sparkles: 0,
  },
  {
    name: 'silver',
    minCoins: 100,
    rim: ['#ffffff', '#b8c4d6', '#56627a'],
    disc: ['#5a6cf0', '#161b52'],
    glow: '#8fa2ff',
    sparkles: 1,
  },
  {
    name: 'gold',
    minCoins: 1000,
    rim: ['#fff4c2', '#f5c542', '#a8720c'],
    disc: ['#9b45e4', '#2a0c52'],
    glow: '#e09bff',
    sparkles: 2,
  },
  {
    name: 'ruby',
    minCoins: 10_000,
    rim: ['#ffe0ea', '#ff6f9a', '#9c1542'],
    disc: ['#d62c74', '#3f0826'],
    glow: '#ff8ab8',
    sparkles: 3,
  },
  {
    name: 'diamond',
    minCoins: 30_000,
    rim: ['#e8fffe', '#25f4ee', '#fe2c55'],
    disc: ['#1fb4c9', '#0a1233'],
    glow: '#7ffcf8',
    sparkles: 4,
  },
];

/** @type {Tier} The box keeps a neutral frame of its own. */
const BOX_TIER = {
  name: 'box',
  minCoins: 0,
  rim: ['#f4efe6', '#b9ab93', '#5e5242'],
  disc: ['#6b5a45', '#231c14'],
  glow: '#ffd9a0',
  sparkles: 0,
};

/** @param {number} coins @returns {Tier} */
export function tierOf(coins) {
  const tier = TIERS.findLast((t) => coins >= t.minCoins);
  if (!tier) throw new Error(`no price tier for ${coins} coins`);
  return tier;
}

/** @param {string} url */
function fileName(url) {
  if (!url.startsWith(GIFT_IMAGE_BASE) || !url.endsWith('.svg'))
    throw new Error(`unexpected gift image URL ${url}`);
  return url.slice(GIFT_IMAGE_BASE.length, -'.svg'.length);
}

/** @param {string} name */
function icon(name) {
  const found = twemoji.icons[name] ?? twemoji.icons[twemoji.aliases?.[name]?.parent ?? ''];
  if (!found) throw new Error(`Twemoji has no icon named ${name}`);
  const size = found.width ?? twemoji.width ?? 36;
  if ((found.height ?? twemoji.height ?? 36) !== size) throw new Error(`Twemoji icon ${name} is not square`);
  // Ids inside an icon would collide with the badge's own: none of the chosen icons has any.
  if (/\sid=/.test(found.body)) throw new Error(`Twemoji icon ${name} uses ids; prefix them before using it`);
  return { body: found.body, size };
}

/** @param {number} n */
const num = (n) => String(Math.round(n * 1000) / 1000);

/** A four-pointed glint centred on (x, y). @param {number} x @param {number} y @param {number} r */
function glint(x, y, r) {
  const w = r * 0.28;
  return (
    `<path d="M${num(x)} ${num(y - r)}Q${num(x + w)} ${num(y - w)} ${num(x + r)} ${num(y)}` +
    `Q${num(x + w)} ${num(y + w)} ${num(x)} ${num(y + r)}Q${num(x - w)} ${num(y + w)} ${num(x - r)} ${num(y)}` +
    `Q${num(x - w)} ${num(y - w)} ${num(x)} ${num(y - r)}Z" fill="#fff"/>`
  );
}

// Where the glints sit on the frame, in order; a richer tier lights more of them.
const GLINTS = [
  [100, 26, 7],
  [24, 96, 5],
  [110, 50, 4.2],
  [44, 14, 4],
];

/**
 * One badge, 128 x 128.
 * @param {Art} art
 * @param {Tier} tier
 */
export function badge(art, tier) {
  const main = icon(art.icon);
  const [rimLight, rimMid, rimDark] = tier.rim;
  const [discCentre, discEdge] = tier.disc;
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">`,
    '<defs>',
    `<radialGradient id="h"><stop offset=".76" stop-color="${tier.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${tier.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="r" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rimLight}"/><stop offset=".45" stop-color="${rimMid}"/><stop offset="1" stop-color="${rimDark}"/></linearGradient>`,
    `<linearGradient id="b" x1="1" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${rimLight}"/><stop offset=".5" stop-color="${rimMid}"/><stop offset="1" stop-color="${rimDark}"/></linearGradient>`,
    `<radialGradient id="d" cx=".5" cy=".4" r=".65"><stop offset="0" stop-color="${discCentre}"/><stop offset="1" stop-color="${discEdge}"/></radialGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset=".35" stop-color="${tier.glow}" stop-opacity=".6"/><stop offset="1" stop-color="${tier.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".38"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    '<filter id="f" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="1.2" stdDeviation="1.1" flood-color="#000" flood-opacity=".5"/></filter>',
    art.scene ? '<clipPath id="c"><circle cx="64" cy="64" r="47"/></clipPath>' : '',
    '</defs>',
    // Halo, metal frame with a bevel, the coloured disc, the glow behind the picture.
    '<circle cx="64" cy="64" r="64" fill="url(#h)"/>',
    '<circle cx="64" cy="64" r="56" fill="url(#r)"/>',
    '<circle cx="64" cy="64" r="50.5" fill="url(#b)"/>',
    '<circle cx="64" cy="64" r="47" fill="url(#d)"/>',
  );
  if (art.scene) {
    // A square scene fills the disc through a round window.
    const size = 96;
    const at = 64 - size / 2;
    parts.push(
      `<g clip-path="url(#c)"><g transform="translate(${num(at)} ${num(at)}) scale(${num(size / main.size)})">${main.body}</g></g>`,
    );
  } else {
    const size = art.accent ? 64 : 68;
    const at = 64 - size / 2;
    parts.push(
      '<circle cx="64" cy="64" r="40" fill="url(#g)"/>',
      `<g filter="url(#f)" transform="translate(${num(at)} ${num(at + 1)}) scale(${num(size / main.size)})">${main.body}</g>`,
    );
  }
  // The glass shine over the upper half of the disc.
  parts.push('<path d="M20 58A44 44 0 0 1 108 58C90 48 38 48 20 58Z" fill="url(#s)"/>');
  if (art.accent) {
    const small = icon(art.accent);
    const size = 34;
    parts.push(
      `<g filter="url(#f)" transform="translate(${num(88 - size / 2)} ${num(90 - size / 2)}) scale(${num(size / small.size)})">${small.body}</g>`,
    );
  }
  for (const [x, y, r] of GLINTS.slice(0, tier.sparkles)) parts.push(glint(x ?? 0, y ?? 0, r ?? 0));
  parts.push('</svg>\n');
  return parts.join('');
}

/** Every file to write: name -> SVG text, in catalogue order, the box last. */
export function renderAll() {
  /** @type {Map<string, string>} */
  const files = new Map();
  const used = new Set();
  for (const gift of GIFTS) {
    const file = fileName(gift.imageUrl);
    const art = ART[file];
    if (!art)
      throw new Error(`no picture chosen for gift ${gift.id} ${gift.name} (${file}.svg): add it to ART`);
    if (files.has(`${file}.svg`)) throw new Error(`two gifts share ${file}.svg`);
    files.set(`${file}.svg`, badge(art, tierOf(gift.coins)));
    used.add(file);
  }
  const unused = Object.keys(ART).filter((file) => !used.has(file));
  if (unused.length > 0)
    throw new Error(`pictures for gifts the catalogue does not have: ${unused.join(', ')}`);
  files.set(`${BOX.file}.svg`, badge(BOX.art, BOX_TIER));
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const files = renderAll();
  await mkdir(OUT_DIR, { recursive: true });
  const present = (await readdir(OUT_DIR)).filter((name) => name.endsWith('.svg'));
  const stale = present.filter((name) => !files.has(name));
  if (check) {
    const problems = [...stale.map((name) => `${name} is not a gift picture any more`)];
    for (const [name, svg] of files) {
      const onDisk = await readFile(join(OUT_DIR, name), 'utf8').catch(() => null);
      if (onDisk === null) problems.push(`${name} is missing`);
      else if (onDisk !== svg) problems.push(`${name} differs from what the script renders`);
    }
    if (problems.length > 0) {
      console.error(
        `game-client/public/gifts is out of date (run npm run render:gifts -w assets):\n  ${problems.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log(`game-client/public/gifts: ${files.size} pictures, all up to date.`);
    return;
  }
  for (const name of stale) await rm(join(OUT_DIR, name));
  let bytes = 0;
  for (const [name, svg] of files) {
    await writeFile(join(OUT_DIR, name), svg);
    bytes += Buffer.byteLength(svg);
  }
  const largest = Math.max(...[...files.values()].map((svg) => Buffer.byteLength(svg)));
  console.log(
    `Wrote ${files.size} pictures to game-client/public/gifts (${(bytes / 1024).toFixed(1)} KB in all, largest ${(largest / 1024).toFixed(1)} KB).`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
