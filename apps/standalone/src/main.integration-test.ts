import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@jesus-walks/local-postgres/network';
import { collectOutput } from '@jesus-walks/test-kit/child-output';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledRunner, compileRunner } from './compiled-runner.testing';

/**
 * The runner as a newcomer starts and stops it: real processes, embedded Postgres, signals the way
 * a terminal or an orchestrator sends them.
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cleanup: string[] = [];
// The runs below start the runner as `pnpm start` leaves it, compiled; the first runs `pnpm start`.
beforeAll(compileRunner);
afterAll(async () => {
  await Promise.all(cleanup.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function launch(command: string[], dataDir: string, options: { ownGroup: boolean }): Promise<Started> {
  const webDist = await mkdtemp(join(tmpdir(), 'standalone-web-'));
  cleanup.push(webDist);
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The site's own embedded Postgres, as with `pnpm start` on a fresh machine.
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const [program = '', ...args] = command;
  const child = spawn(program, args, {
    cwd: packageDir,
    env: {
      ...environment,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup,
  });
  const output = collectOutput(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited };
}

async function untilRunning(started: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!/is running at/.test(started.output())) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      started.child.kill('SIGKILL');
      throw new Error(`The site did not start:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          onTimeout();
          reject(new Error(`not exited within ${ms} ms`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Nothing left behind: no process of the group, and Postgres (a group of its own) shut down. */
async function expectAllStopped(pgid: number, dataDir: string): Promise<void> {
  // Every process of the group gone, soon after the runner (a busy machine reaps them later).
  await expect.poll(() => groupAlive(pgid), { timeout: 5_000 }).toBe(false);
  expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
}

const stopLines = (output: string) => output.split('\n').filter((line) => /Jesus Walks stopped/.test(line));

async function dataDirectory(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'standalone-main-'));
  cleanup.push(dir);
  return dir;
}

describe('pnpm start', () => {
  it('stops cleanly on one Ctrl-C sent to its whole process group, exiting 0', async () => {
    const dataDir = await dataDirectory();
    const started = await launch(['pnpm', 'start'], dataDir, { ownGroup: true });
    const pgid = started.child.pid ?? 0;
    await untilRunning(started);
    // Start-up says where e-mail goes (just after it says it is running: a line of its own).
    await expect
      .poll(() => started.output(), { timeout: 5_000 })
      .toContain('e-mail is not sent (SMTP_URL is not set)');
    // What a terminal does on Ctrl-C: SIGINT to pnpm, node and Postgres at once.
    process.kill(-pgid, 'SIGINT');
    const result = await within(started.exited, 20_000, () => process.kill(-pgid, 'SIGKILL'));
    const output = started.output();
    expect(result, output).toEqual({ code: 0, signal: null });
    expect(stopLines(output), output).toHaveLength(1);
    expect(output).not.toMatch(/second SIGINT|ELIFECYCLE|again: exiting|not stopped after|error/i);
    await expectAllStopped(pgid, dataDir);
  }, 90_000);

  it('stops cleanly on SIGTERM to the runner alone, Postgres included', async () => {
    const dataDir = await dataDirectory();
    const started = await launch(compiledRunner, dataDir, { ownGroup: true });
    const pgid = started.child.pid ?? 0;
    await untilRunning(started);
    started.child.kill('SIGTERM');
    const result = await within(started.exited, 20_000, () => process.kill(-pgid, 'SIGKILL'));
    const output = started.output();
    expect(result, output).toEqual({ code: 0, signal: null });
    expect(stopLines(output), output).toHaveLength(1);
    await expectAllStopped(pgid, dataDir);
  }, 90_000);

  it.runIf(process.getuid?.() === 0)(
    'as root in a private folder, stops at once with one line saying what to do',
    async () => {
      // A clone under /root (mode 700): the postgres system user cannot enter it.
      const base = await dataDirectory();
      await chmod(base, 0o755);
      const privateFolder = join(base, 'private');
      await mkdir(privateFolder, { mode: 0o700 });
      const dataDir = join(privateFolder, 'clone', '.data');
      const started = await launch(compiledRunner, dataDir, { ownGroup: true });
      const result = await within(started.exited, 30_000, () => started.child.kill('SIGKILL'));
      const output = started.output();
      expect(result, output).toEqual({ code: 1, signal: null });
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toContain(`cannot enter ${privateFolder}`);
      expect(lines[0]).toMatch(/DATABASE_URL/);
      expect(output).not.toMatch(/EACCES|\n\s+at /);
    },
    60_000,
  );
});
