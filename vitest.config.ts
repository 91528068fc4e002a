import { defineConfig } from 'vitest/config';

/**
 * One run for the whole workspace: one Postgres server (global setup), then every package's
 * project. Suffixes say what a test needs: *.test.ts nothing, *.integration-test.ts Postgres,
 * e2e/*.spec.ts the running site in Chromium.
 */
export default defineConfig({
  test: {
    globalSetup: ['./packages/test-kit/src/global-setup.ts'],
    projects: ['packages/*', 'services/*', 'apps/*', 'infra', 'e2e'],
    pool: 'forks',
    // Most files wait on Postgres, a child process or Chromium rather than compute: three at a
    // time keep two cores busy (vitest's default, one fewer than the cores, ran one at a time).
    maxWorkers: 3,
    reporters: ['default', './vitest-summary-reporter.ts'],
    passWithNoTests: false,
  },
});
