import { existsSync, readdirSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import workspace from './vitest.config.ts';

/**
 * `pnpm test:fast`: the unit tests (`*.test.ts`, `*.test.tsx`) of every project in
 * vitest.config.ts but e2e, with no global setup: no Postgres, no browser. Each project keeps its
 * own vitest.config.ts, but only its include patterns for unit test files (`*.test.ts(x)`).
 */
const unitTestFile = /\.test\.tsx?$/;

const unitTestsOnly: NonNullable<TestProjectInlineConfiguration['plugins']>[number] = {
  name: 'unit-tests-only',
  config(config) {
    const include = config.test?.include ?? [];
    if (config.test) config.test.include = include.filter((pattern) => unitTestFile.test(pattern));
  },
};

function projectDirectories(pattern: string): string[] {
  const dirs = pattern.endsWith('/*')
    ? readdirSync(pattern.slice(0, -2), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
    : [pattern];
  return dirs.filter((dir) => existsSync(`${dir}/vitest.config.ts`));
}

const projects: TestProjectInlineConfiguration[] = (workspace.test?.projects ?? [])
  .filter((pattern): pattern is string => typeof pattern === 'string' && pattern !== 'e2e')
  .flatMap(projectDirectories)
  .map((dir) => ({
    extends: `./${dir}/vitest.config.ts`,
    root: `./${dir}`,
    plugins: [unitTestsOnly],
    // Each worker keeps the modules it loaded from one test file to the next: 130 files each
    // importing React, fastify or an SDK afresh took over three minutes on two busy cores, under
    // one minute without. `pnpm test` keeps every file isolated.
    test: { isolate: false },
  }));

export default defineConfig({
  test: {
    projects,
    pool: workspace.test?.pool,
    reporters: workspace.test?.reporters,
    passWithNoTests: false,
  },
});
