import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// infra/docker/migrate.mjs, the command of the Kubernetes Job `migrations`, run the way the image runs
// it (`node --import tsx /app/migrate.mjs` in the service's folder) against an empty database.

const rootDir = join(import.meta.dirname, '..');
const script = join(import.meta.dirname, 'docker/migrate.mjs');
let database: EmptyTestDatabase;

async function migrate(folder: string) {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: join(rootDir, folder),
    env: { ...process.env, DATABASE_URL: database.url },
  });
  return run.then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  );
}

describe('infra/docker/migrate.mjs', () => {
  beforeAll(async () => {
    database = await createEmptyTestDatabase('migrate');
  });
  afterAll(() => database?.destroy());

  it('applies a service’s migrations, then finds none pending, and exits each time', async () => {
    const first = await migrate('services/identity');
    expect(first).toEqual({ code: 0, output: expect.stringMatching(/^identity: applied \S/) });
    const second = await migrate('services/identity');
    expect(second).toEqual({ code: 0, output: 'identity: no pending migrations\n' });
  }, 60_000);

  it('migrates the gateway’s schema too', async () => {
    const gateway = await migrate('apps/gateway');
    expect(gateway).toEqual({
      code: 0,
      output: expect.stringMatching(/^gateway: applied 0001_create_rate_limit_counts/),
    });
  }, 60_000);

  it('fails, saying why, where there is nothing to migrate', async () => {
    const standalone = await migrate('apps/standalone');
    expect(standalone.code).toBe(1);
    expect(standalone.output).toMatch(/^migrations failed: .*apps\/standalone has no migrations/);
  }, 60_000);
});
