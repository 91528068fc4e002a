import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    // *.integration-test.ts: the migrations Job's command against the run's Postgres.
    include: ['**/*.test.ts', '**/*.integration-test.ts'],
  },
});
