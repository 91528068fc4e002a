import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'seo',
    include: ['src/**/*.test.ts', 'src/**/*.integration-test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});
