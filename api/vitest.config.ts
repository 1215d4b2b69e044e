import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Tests run @dond/shared from its TypeScript source, so they never need a build of it. The node
  // environment resolves through Vite's ssr conditions; the root resolve.conditions does not reach it.
  ssr: { resolve: { conditions: ['@dond/source', ...defaultServerConditions] } },
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
