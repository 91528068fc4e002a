import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { repositoryRoot } from './bench-database';

export interface RunningProcess {
  stop(): Promise<void>;
}

/**
 * Runs `<entry>` (a path from the repository root, run from its package folder) with the given
 * environment, until `ready` answers 200: a deployable's `src/main.ts` compiled, as production runs
 * it (decision 033), anything else with tsx.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: string,
): Promise<RunningProcess> {
  const packageDir = entry.includes('/src/') ? entry.slice(0, entry.indexOf('/src/')) : dirname(entry);
  // BENCH_PROFILE_DIR=<folder>: each process writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const deployable = entry.endsWith('/src/main.ts');
  if (deployable) {
    // Its own build script, which names all its entries (the standalone has two).
    execFileSync('pnpm', ['run', '--silent', 'build'], {
      cwd: join(repositoryRoot, packageDir),
      stdio: 'inherit',
    });
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profile,
      ...(deployable
        ? ['--enable-source-maps', join(repositoryRoot, packageDir, 'dist/main.js')]
        : ['--import', 'tsx', join(repositoryRoot, entry)]),
    ],
    {
      cwd: join(repositoryRoot, packageDir),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let failure: Error | undefined;
  child.once('error', (error) => {
    failure = error;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(ready)).ok) break;
    } catch {
      // not up yet
    }
    if (failure || Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start${failure ? `: ${failure.message}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
