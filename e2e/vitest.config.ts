import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows once it has hydrated (who is logged in, a refetched list) may take a few
    // seconds on a busy machine: every expect.poll waits up to 10 s unless it says otherwise.
    expect: { poll: { timeout: 10_000 } },
    // One site, one browser per file; files run one after another to stay within 2 cores.
    fileParallelism: false,
  },
});
