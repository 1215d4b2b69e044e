import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // @dond/shared from its TypeScript source, as in the api project.
  ssr: { resolve: { conditions: ['@dond/source', ...defaultServerConditions] } },
  test: {
    name: 'assets',
    include: ['scripts/**/*.test.{mjs,ts}'],
    environment: 'node',
  },
});
