import { defineConfig } from 'vitest/config';

// One run over every workspace; each workspace's own vitest.config.ts names its project and environment.
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'game-client', 'admin-console', 'assets', 'scripts'],
  },
});
