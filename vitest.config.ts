import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores on CI: the end-to-end suites start real servers, keep the fork count small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
