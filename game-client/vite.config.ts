import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { boardPreload } from './boardPreload';

export default defineConfig({
  plugins: [react(), boardPreload({ board: '/src/board/boardFirst.tsx', app: '/src/renderApp.tsx' })],
  // Bundle @dond/shared from its TypeScript source: no build of shared is needed first.
  resolve: { conditions: ['@dond/source', ...defaultClientConditions] },
  // In development the API runs apart (npm start or npm run start -w api) on its default port.
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
