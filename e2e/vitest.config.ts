import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One site, one browser per file; files run one after another to stay within 2 cores.
    fileParallelism: false,
  },
});
