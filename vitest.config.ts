import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Builds dist/ once when it is older than src/, for the tests that spawn the CLI.
    globalSetup: ['test/support/global-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores on CI: the end-to-end suites start real servers, keep the fork count small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
