import type { Plugin } from 'vite';
import { BOARD_FONT_WEIGHTS } from './src/board/fonts';
import {
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
 * The board's chunk and the Pixi chunks it imports, fetched with the page for a player likely to land on the
 * board (a guest in this tab, or on the board last time), instead of once the app's bundle has run: a tiny
 * classic script in the page's head, written at build time with the chunks' hashed names, adds
 * `<link rel="modulepreload">` for them, and `<link rel="preload">` for the board's fonts. The login screen
 * never fetches them. The page also links the app's chunks and styles, which the small entry imports dynamically
 * (decision 0042). Build only: the dev server has no chunks.
 */
export function boardPreload(modules: { board: string; app: string }): Plugin {
  let script = '';
  let appFiles: string[] = [];
  let appStyles: string[] = [];
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
      // stubs, but each one a round trip in the middle of start-up if it is not already here.
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
        return JSON.stringify([...files].map((f) => `/${f}`));
      };
      const hrefs = filesOf(modules.board);
      // The app's chunks, which the small entry imports dynamically (at once, or once a board drawn before the app
      // has its first frame): the page links them, as it linked the entry's own static imports.
      const appHrefs = filesOf(modules.app);
      // The login screen loads no Pixi: nothing the app imports statically may sit in the board's chunk.
      const boardChunk = `/${chunkOf(modules.board).fileName}`;
      appFiles = JSON.parse(appHrefs) as string[];
      // The app's own styles (its screens'), linked by the page rather than waited for when the entry imports it.
      appStyles = chunks
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
      // set and their game in progress, start here too (api/early.ts hands them to the app): the app would ask only once its bundle
      // has run, and the signed-in board waits for the session check, then for the server's game.
      const read = (url: string) => `fetch(${JSON.stringify(url)},{credentials:'include'})`;
      const source =
        `{const guest=sessionStorage.getItem(${JSON.stringify(GUEST_KEY)})==='1';` +
        `if(location.pathname==='/'&&(guest||localStorage.getItem(${JSON.stringify(BOARD_LIKELY_KEY)})==='1')){` +
        `window[${JSON.stringify(EARLY_READS_GLOBAL)}]=guest?{me:${read(ME_URL)},tuning:${read(TUNING_URL)}}:{me:${read(ME_URL)},gifts:${read(CUSTOM_GIFTS_URL)},liveGame:${read(CURRENT_LIVE_GAME_URL)},tuning:${read(TUNING_URL)}};` +
        `const add=(rel,href,as)=>{const l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href=href;if(as){l.as=as;l.type='font/woff2'}document.head.append(l)};` +
        `for(const h of ${hrefs})add('modulepreload',h);for(const h of ${JSON.stringify(fonts)})add('preload',h,'font')}}\n`;
      const fileName = this.emitFile({ type: 'asset', name: 'board-preload.js', source });
      script = `/${this.getFileName(fileName)}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        script
          ? [
              { tag: 'script', attrs: { src: script }, injectTo: 'head-prepend' as const },
              // The app's styles and chunks, asked for with the page, as the entry's own imports are.
              ...appStyles.map((href) => ({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: '', href },
                injectTo: 'head' as const,
              })),
              ...appFiles.map((href) => ({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: '', href },
                injectTo: 'head' as const,
              })),
            ]
          : [],
    },
  };
}
