// npm run bench:board: the canvas board against a bare Pixi v8 page, in one run of Debian's Chromium.
//   1. Navigation to something playable: the board's first case button vs the bare page's first frame
//      (median of 5 loads each). Target: the board within 1.3x the bare page.
//   2. While cases open (6 cases, one every 850 ms): frames per second inside the opening animations, long
//      animation frames (over 50 ms), and main-thread script time per frame. Target: 60 fps, no long frames.
//   3. 10 idle seconds: the page's main-thread time, and the CPU time of all Chromium's processes (GPU
//      included, read from /proc). Targets: main thread under 1% of a core, Chromium under 5%. The bare page
//      runs its ticker, as a Pixi app does by default, for comparison.
// Needs a build (npm run build); starts the built server on a throwaway SQLite file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from '../e2e/chromium.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** The page's globals the measurements use (this file is type-checked without the DOM library). */
interface InPage {
  __playable?: number;
  __firstFrame?: number;
  __frames?: number[];
  __drawn?: number[];
  __loaf?: number[];
}

type Figure = { measure: string; board: string; bare: string; target: string; met?: boolean };
const figures: Figure[] = [];
let bareFps = 0;

const BARE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare pixi</title>
<style>html,body{margin:0;background:#07060f}</style></head><body>
<script src="/pixi.min.js"></script>
<script>
(async () => {
  const app = new PIXI.Application();
  await app.init({ resizeTo: window, antialias: true, background: 0x07060f, preference: 'webgl' });
  document.body.appendChild(app.canvas);
  const g = new PIXI.Graphics();
  for (let i = 0; i < 26; i++) g.roundRect(200 + (i % 5) * 110, 40 + Math.floor(i / 5) * 90, 100, 76, 8).fill(0xf5c542);
  app.stage.addChild(g);
  app.stage.addChild(new PIXI.Text({ text: 'SELECT YOUR BRIEFCASES', style: { fill: 0xf5c542, fontSize: 28 } }));
  app.ticker.addOnce(() => requestAnimationFrame(() => { window.__firstFrame = performance.now(); }));
})();
</script></body></html>`;

function serveBarePage(): Promise<{ server: http.Server; url: string }> {
  const pixi = fs.readFileSync(path.join(ROOT, 'node_modules/pixi.js/dist/pixi.min.js'));
  const server = http.createServer((req, res) => {
    if (req.url === '/pixi.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(pixi);
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(BARE_PAGE);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

async function startGameServer(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = 3900 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/index.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      SMTP_URL: '',
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the game server did not start (run npm run build first)');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 0) => value.toFixed(digits);

/** A page that opens the game as a guest, straight to the board. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  // Straight to the board as a guest, and the moment the first case button appears over the canvas.
  await context.addInitScript(`
    sessionStorage.setItem('dond.guest', '1');
    new MutationObserver((_, observer) => {
      if (document.querySelector('button[aria-label="Briefcase 1"]')) {
        window.__playable = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  return context.newPage();
}

async function navigation(browser: Browser, gameUrl: string, bareUrl: string) {
  const board: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await guestPage(browser);
    await page.goto(gameUrl);
    await page.getByRole('button', { name: 'Briefcase 1', exact: true }).waitFor();
    board.push(await page.evaluate(() => (globalThis as unknown as InPage).__playable!));
    await page.context().close();

    const barePage = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    await barePage.goto(bareUrl);
    await barePage.waitForFunction(() => (globalThis as unknown as InPage).__firstFrame);
    bare.push(await barePage.evaluate(() => (globalThis as unknown as InPage).__firstFrame!));
    await barePage.context().close();
  }
  const barePage = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await barePage.goto(bareUrl);
  await barePage.waitForFunction(() => (globalThis as unknown as InPage).__firstFrame);
  bareFps = await rafRate(barePage, 3000);
  await barePage.context().close();
  const ratio = median(board) / median(bare);
  figures.push({
    measure: 'navigation to playable (median)',
    board: `${fmt(median(board))} ms`,
    bare: `${fmt(median(bare))} ms`,
    target: 'within 1.3x the bare page',
    met: ratio <= 1.3,
  });
  console.log(
    `  board ${board.map((v) => fmt(v)).join(', ')} ms; bare ${bare.map((v) => fmt(v)).join(', ')} ms; ratio ${fmt(ratio, 2)}`,
  );
}

/** Chromium's page metrics (ScriptDuration, TaskDuration in seconds), read through one CDP session a page. */
async function metricsReader(page: Page): Promise<() => Promise<Record<string, number>>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(list.map((m) => [m.name, m.value]));
  };
}

/** Frames per second of the page's own animation frames over `ms` (a page that draws every frame). */
async function rafRate(page: Page, ms: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    const tick = (t) => {
      times.push(t);
      if (t - times[0] < ${ms}) requestAnimationFrame(tick);
      else resolve(((times.length - 1) / (t - times[0])) * 1000);
    };
    requestAnimationFrame(tick);
  })`);
}

async function openingCases(browser: Browser, gameUrl: string) {
  const page = await guestPage(browser);
  await page.goto(gameUrl);
  await page.getByRole('button', { name: 'Briefcase 1', exact: true }).waitFor();
  // As a string: tsx's name helpers would not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__drawn = [];
    window.__loaf = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__loaf.push(entry.duration);
    }).observe({ type: 'long-animation-frame', buffered: false });
    const canvas = document.querySelector('canvas');
    const tick = (t) => {
      window.__frames.push(t);
      // The board's own count of frames drawn (stage.ts), read at each of the browser's frames.
      window.__drawn.push(Number(canvas.dataset.frames));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const metrics = await metricsReader(page);
  const canvasFrames = async () => Number(await page.locator('canvas').getAttribute('data-frames'));
  await page.getByRole('button', { name: 'Briefcase 1', exact: true }).click();
  await page.waitForTimeout(900);
  const before = await metrics();
  const drawnBefore = await canvasFrames();
  const windows: Array<[number, number]> = [];
  for (let n = 2; n <= 7; n++) {
    const start = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: `Briefcase ${n}`, exact: true }).click();
    // The opening runs about 0.6 s (lid 0.22 s, then the gift 0.35 s); the case toast slides in beside it.
    windows.push([start, start + 600]);
    await page.waitForTimeout(900);
  }
  const after = await metrics();
  const drawn = (await canvasFrames()) - drawnBefore;
  const { frames, drawnAt, loaf } = await page.evaluate(() => {
    const w = globalThis as unknown as InPage;
    return { frames: w.__frames!, drawnAt: w.__drawn!, loaf: w.__loaf! };
  });
  // Frames per second inside the animation windows, from the browser's own frame times.
  // And the frames the board itself drew there: what a viewer sees move.
  let inside = 0;
  let span = 0;
  let drawnInside = 0;
  for (const [from, to] of windows) {
    const at = frames.flatMap((t, i) => (t >= from && t <= to ? [i] : []));
    inside += Math.max(0, at.length - 1);
    if (at.length > 1) {
      span += frames[at.at(-1)!]! - frames[at[0]!]!;
      drawnInside += drawnAt[at.at(-1)!]! - drawnAt[at[0]!]!;
    }
  }
  const fps = span > 0 ? (inside / span) * 1000 : 0;
  const drawnFps = span > 0 ? (drawnInside / span) * 1000 : 0;
  const scriptMs = ((after.ScriptDuration! - before.ScriptDuration!) * 1000) / Math.max(1, drawn);
  const long = loaf.filter((d) => d > 50);
  figures.push(
    {
      measure: 'fps while cases open',
      board: `${fmt(fps, 1)}`,
      bare: `${fmt(bareFps, 1)} (its ticker drawing every frame)`,
      target: '60 fps',
      met: fps >= 57,
    },
    {
      measure: 'canvas frames drawn per second while cases open',
      board: `${fmt(drawnFps, 1)}`,
      bare: '',
      target: '',
    },
    {
      measure: 'long animation frames (>50 ms)',
      board: `${long.length}${long.length ? ` (longest ${fmt(Math.max(...long))} ms)` : ''}`,
      bare: '',
      target: 'none',
      met: long.length === 0,
    },
    {
      measure: 'main-thread script time per drawn frame',
      board: `${fmt(scriptMs, 2)} ms over ${drawn} frames`,
      bare: '',
      target: '',
    },
  );
  await page.context().close();
}

/** CPU seconds used so far by `pid` and all its descendants (Chromium's GPU, renderer and utility processes). */
function treeCpuSeconds(pid: number): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we read
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    total += cpu.get(next) ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  return total;
}

async function idle(url: string, name: string, ready: (page: Page) => Promise<void>) {
  // A browser server, so its process id (the root of Chromium's process tree) is known.
  const server = await chromium.launchServer(CHROMIUM);
  const pid = server.process().pid;
  if (!pid) throw new Error('no Chromium process id');
  const browser = await chromium.connect(server.wsEndpoint());
  const page =
    name === 'board'
      ? await guestPage(browser)
      : await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await page.goto(url);
  await ready(page);
  const metrics = await metricsReader(page);
  await page.waitForTimeout(2000); // let start-up work settle
  const before = await metrics();
  const cpuBefore = treeCpuSeconds(pid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const seconds = (performance.now() - started) / 1000;
  const cpu = (treeCpuSeconds(pid) - cpuBefore) / seconds;
  const after = await metrics();
  const mainThread = (after.TaskDuration! - before.TaskDuration!) / seconds;
  await browser.close();
  await server.close();
  return { mainThread, cpu };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-bench-board-'));
  const game = await startGameServer(dir);
  const bare = await serveBarePage();
  try {
    console.log(
      `Chromium: ${CHROMIUM.executablePath}; ${os.cpus().length} cores; load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    console.log('\n1. navigation to playable');
    const browser = await chromium.launch(CHROMIUM);
    await navigation(browser, `${game.url}/`, bare.url);
    console.log('2. cases opening');
    await openingCases(browser, `${game.url}/`);
    await browser.close();

    console.log(`3. ${IDLE_SECONDS} idle seconds`);
    const board = await idle(`${game.url}/`, 'board', async (page) => {
      await page.getByRole('button', { name: 'Briefcase 1', exact: true }).waitFor();
    });
    const barePage = await idle(bare.url, 'bare', async (page) => {
      await page.waitForFunction(() => (globalThis as unknown as InPage).__firstFrame);
    });
    const pct = (v: number) => `${fmt(v * 100, 1)}%`;
    figures.push(
      {
        measure: 'idle: page main thread',
        board: pct(board.mainThread),
        bare: `${pct(barePage.mainThread)} (ticker on)`,
        target: 'under 1% of a core',
        met: board.mainThread < 0.01,
      },
      {
        measure: 'idle: all Chromium processes',
        board: pct(board.cpu),
        bare: `${pct(barePage.cpu)} (ticker on)`,
        target: 'under 5% of a core',
        met: board.cpu < 0.05,
      },
    );
  } finally {
    game.child.kill('SIGTERM');
    bare.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('\n| measure | board | bare Pixi v8 page | target |\n|---|---|---|---|');
  for (const f of figures) {
    const verdict = f.met === undefined ? '' : f.met ? ': met' : ': **missed**';
    console.log(`| ${f.measure} | ${f.board} | ${f.bare} | ${f.target}${f.target ? verdict : ''} |`);
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

await main();
