import type { Plugin } from 'vite';
import { BOARD_FONT_WEIGHTS } from './src/board/fonts';
import {
  BOARD_BOX_KEY,
  BOARD_LIKELY_KEY,
  CURRENT_LIVE_GAME_URL,
  CUSTOM_GIFTS_URL,
  EARLY_READS_GLOBAL,
  GUEST_KEY,
  ME_URL,
  TUNING_URL,
} from './src/store/storageKeys';

/** The chunks Pixi imports dynamically as it starts with preference 'webgl' in a browser. */
const PIXI_START_CHUNK = /(^|\/)(WebGLRenderer|browserAll)-[\w-]+\.js$/;

/** The Latin files of the board's faces, as @fontsource names them. */
const BOARD_FONT_FILE = new RegExp(
  `(^|/)tiktok-sans-latin-(${BOARD_FONT_WEIGHTS.join('|')})-normal-[\\w-]+\\.woff2$`,
);

/**
 * What the page asks for before its entry runs, decided by a tiny script inline in the page's head (written at
 * build time with the chunks' hashed names; the API's CSP lets it in by its hash, api/src/http/pageScripts.ts):
 * - for a player likely to land on the board (a guest in this tab, or on the board last time): the board's
 *   chunk and the chunks it imports, Pixi's first (`<link rel="modulepreload">`), the board's fonts
 *   (`<link rel="preload">`) and the board's first reads (api/early.ts), instead of once the app's bundle has run;
 * - the app's chunks and styles, which the small entry imports dynamically, unless the board is drawn before the
 *   app (a board box kept from last time, board/boardBox.ts): that board's page asks for them once its first
 *   frame is drawn, so they do not take the six connections and the two cores from it (decision 0042).
 * The login screen never fetches the board. Build only: the dev server has no chunks.
 */
export function boardPreload(modules: { board: string; app: string }): Plugin {
  let script = '';
  return {
    name: 'dond-board-preload',
    apply: 'build',
    // Before Vite's own HTML step, which runs transformIndexHtml while it writes the page.
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
        if (!chunk) throw new Error(`boardPreload: no chunk for ${module}`);
        return chunk;
      };
      // The board's chunk and every chunk it imports statically, but not the app's entry (already loading);
      // and the two that Pixi imports itself as it starts (its WebGL renderer, its browser extensions): tiny
      // stubs, but each one a round trip in the middle of start-up if it is not already here. Largest first:
      // the connections go in that order, and Pixi's chunk is the one the board waits for longest.
      const filesOf = (module: string) => {
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
          chunk.dynamicImports.filter((f) => PIXI_START_CHUNK.test(f)).forEach(visit);
        };
        visit(chunkOf(module).fileName);
        const size = (fileName: string) => chunks.find((c) => c.fileName === fileName)?.code.length ?? 0;
        return [...files].sort((a, b) => size(b) - size(a)).map((f) => `/${f}`);
      };
      const boardFiles = filesOf(modules.board);
      const appFiles = filesOf(modules.app);
      // The login screen loads no Pixi: nothing the app imports statically may sit in the board's chunk.
      const boardChunk = `/${chunkOf(modules.board).fileName}`;
      // The app's own styles (its screens'), linked by the page rather than waited for when the entry imports it.
      const appStyles = chunks
        .filter((c) => appFiles.includes(`/${c.fileName}`))
        .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])
        .map((f) => `/${f}`);
      if (appFiles.includes(boardChunk))
        throw new Error(
          `boardPreload: the app's chunks import the board's (${boardChunk}): the login screen would load Pixi`,
        );
      const withPixi = chunks.find(
        (c) =>
          appFiles.includes(`/${c.fileName}`) &&
          c.moduleIds.some((id) => /node_modules[\\/]pixi\.js[\\/]/.test(id)),
      );
      if (withPixi)
        throw new Error(
          `boardPreload: the app's chunk ${withPixi.fileName} holds Pixi: the login screen would load it`,
        );
      // The board's faces (Latin), which the page would otherwise ask for only once the app has run and the
      // board calls document.fonts.load; the scene waits for them.
      const fonts = Object.values(bundle)
        .filter((a) => a.type === 'asset' && BOARD_FONT_FILE.test(a.fileName))
        .map((a) => `/${a.fileName}`);
      if (fonts.length !== BOARD_FONT_WEIGHTS.length)
        throw new Error(`boardPreload: ${fonts.length} board font files, not ${BOARD_FONT_WEIGHTS.length}`);
      // The session check and the published tuning, and for a player who is not a guest in this tab their gift
      // set and their game in progress, start here too (api/early.ts hands them to the app): the app would ask
      // only once its bundle has run, and the signed-in board waits for the session check, then for the server's
      // game. After the board's chunks: those are what it waits for longest.
      const read = (url: string) => `fetch(${JSON.stringify(url)},{credentials:'include'})`;
      const json = JSON.stringify;
      // Storage refused (a browser's privacy setting throws on reading it): no board hint, the app's chunks asked for.
      script =
        `{const stored=(s,k)=>{try{return s().getItem(k)}catch{return null}};` +
        `const guest=stored(()=>sessionStorage,${json(GUEST_KEY)})==='1';` +
        `const board=location.pathname==='/'&&(guest||stored(()=>localStorage,${json(BOARD_LIKELY_KEY)})==='1');` +
        `const add=(rel,href,font)=>{const l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href=href;if(font){l.as='font';l.type='font/woff2'}document.head.append(l)};` +
        `if(board){for(const h of ${json(boardFiles)})add('modulepreload',h);for(const h of ${json(fonts)})add('preload',h,true);` +
        `window[${json(EARLY_READS_GLOBAL)}]=guest?{me:${read(ME_URL)},tuning:${read(TUNING_URL)}}:{me:${read(ME_URL)},gifts:${read(CUSTOM_GIFTS_URL)},liveGame:${read(CURRENT_LIVE_GAME_URL)},tuning:${read(TUNING_URL)}}}` +
        `if(!board||stored(()=>localStorage,${json(BOARD_BOX_KEY)})===null){for(const h of ${json(appStyles)})add('stylesheet',h);for(const h of ${json(appFiles)})add('modulepreload',h)}}`;
    },
    transformIndexHtml: {
      order: 'post',
      // Inline, first in the head: a script file would be one more round trip before anything else is asked for.
      handler: () => (script ? [{ tag: 'script', children: script, injectTo: 'head-prepend' as const }] : []),
    },
  };
}
