import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { boardPreload } from './boardPreload';

export default defineConfig({
  plugins: [react(), boardPreload({ board: '/src/board/boardFirst.tsx', app: '/src/renderApp.tsx' })],
  // Bundle @dond/shared from its TypeScript source: no build of shared is needed first.
  resolve: { conditions: ['@dond/source', ...defaultClientConditions] },
  // In development the API runs apart (npm start or npm run start -w api) on its default port.
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    // The board (its own code, Pixi, GSAP, @pixi/react) in one chunk: a returning player's board is drawn before
    // the app from it, and one request of it arrived sooner than the fourteen it was split into (decision 0042).
    // The modules the app imports itself (the box, the preload, the fonts, the mirror) stay out, or the login
    // screen would load Pixi: boardPreload.ts checks it at every build.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'board',
              test: /node_modules[\\/](pixi\.js|@pixi|gsap|react-reconciler|its-fine|earcut|eventemitter3|@xmldom|parse-svg-path|ismobilejs|tiny-lru)[\\/]|src[\\/]board[\\/](?!boardBox|preload|fonts|BoardMirror|boardView)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
