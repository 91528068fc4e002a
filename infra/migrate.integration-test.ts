import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// infra/docker/migrate.mjs, the command of the Kubernetes Job `migrations`, run the way the image runs
// it (`node --import tsx /app/migrate.mjs` in the service's folder) against an empty database.

const rootDir = join(import.meta.dirname, '..');
const script = join(import.meta.dirname, 'docker/migrate.mjs');
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run tests through the root vitest config');
// The t_<run>_ prefix lets the global teardown drop it should afterAll not run.
const database = `t_${process.env.TEST_RUN_ID ?? 'local'}_migrate_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function migrate(folder: string) {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: join(rootDir, folder),
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return run.then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  );
}

describe('infra/docker/migrate.mjs', () => {
  beforeAll(() => admin(`create database "${database}"`));
  afterAll(() => admin(`drop database if exists "${database}" with (force)`));

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
