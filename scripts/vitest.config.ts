import { defineProject } from 'vitest/config';

// The repository's own checks (scripts/*.test.ts), over every workspace's files.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
    environment: 'node',
  },
});
