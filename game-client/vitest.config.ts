import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Built on vite.config.ts so tests resolve and transform the code exactly as the build does.
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'game-client',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/testSetup.ts'],
    },
  }),
);
