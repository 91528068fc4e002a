import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `dist/main.js --migrate-only`, the command of the Kubernetes Job `migrations`, run the way the
// image runs it (compiled, in the deployable's folder) against an empty database.

const rootDir = join(import.meta.dirname, '..');
let database: EmptyTestDatabase;

async function migrate(folder: string, env: Record<string, string | undefined>) {
  const run = promisify(execFile)(
    process.execPath,
    ['--enable-source-maps', 'dist/main.js', '--migrate-only'],
    {
      cwd: join(rootDir, folder),
      env: { PATH: process.env.PATH, ...env },
    },
  );
  return run.then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  );
}

describe('main.js --migrate-only', () => {
  beforeAll(async () => {
    database = await createEmptyTestDatabase('migrate');
    for (const folder of ['services/identity', 'apps/gateway']) {
      execFileSync('pnpm', ['run', 'build'], { cwd: join(rootDir, folder), stdio: 'ignore' });
    }
  }, 60_000);
  afterAll(() => database?.destroy());

  it('applies a service’s migrations, then finds none pending, and exits each time', async () => {
    const first = await migrate('services/identity', { DATABASE_URL: database.url });
    expect(first).toEqual({ code: 0, output: expect.stringMatching(/^identity: applied \S/) });
    const second = await migrate('services/identity', { DATABASE_URL: database.url });
    expect(second).toEqual({ code: 0, output: 'identity: no pending migrations\n' });
  }, 60_000);

  it('migrates the gateway’s schema too', async () => {
    const gateway = await migrate('apps/gateway', { DATABASE_URL: database.url });
    expect(gateway).toEqual({
      code: 0,
      output: expect.stringMatching(/^gateway: applied 0001_create_rate_limit_counts/),
    });
  }, 60_000);

  it('fails, saying why, without a database to migrate (and needs nothing else)', async () => {
    const identity = await migrate('services/identity', {});
    expect(identity).toEqual({ code: 1, output: 'migrations failed: DATABASE_URL is not set\n' });
  }, 60_000);
});
