import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { boardPreload } from './boardPreload';

const PIXI_MODULES =
  /node_modules[\\/](pixi\.js|@pixi[\\/]colord|earcut|parse-svg-path|ismobilejs|eventemitter3|tiny-lru)[\\/]/;

export default defineConfig({
  plugins: [react(), boardPreload({ board: '/src/board/boardFirst.tsx', app: '/src/renderApp.tsx' })],
  // Bundle @dond/shared from its TypeScript source: no build of shared is needed first.
  resolve: { conditions: ['@dond/source', ...defaultClientConditions] },
  // In development the API runs apart (npm start or npm run start -w api) on its default port.
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    rolldownOptions: {
      output: {
        // Pixi and its own dependencies in one chunk (the board's Pixi came in 13, its renderer and browser
        // extensions imported as Pixi starts): the page reaches the server over six connections, and a returning
        // player's board waited for them in turn (docs/decisions/0042). Not what Pixi's modules import
        // (the preload helper, React): those stay where the other chunks find them.
        codeSplitting: {
          groups: [{ name: 'pixi', test: PIXI_MODULES, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
