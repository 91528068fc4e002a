import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, isAbsolute, join } from 'node:path';
import { repositoryRoot } from './bench-database';

export interface RunningProcess {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs `<entry>` with the given environment, until `ready` answers 200 (within `timeoutMs`): a
 * deployable's `src/main.ts` compiled, as production runs it (decision 033), another file of the
 * repository (a path from its root, run from its package folder) with tsx, and a JavaScript file
 * outside it (an absolute path: a peer installed from npm) with Node, from its folder.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: string,
  options: { timeoutMs?: number } = {},
): Promise<RunningProcess> {
  const outside = isAbsolute(entry);
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
      ...(outside
        ? [entry]
        : deployable
          ? ['--enable-source-maps', join(repositoryRoot, packageDir, 'dist/main.js')]
          : ['--import', 'tsx', join(repositoryRoot, entry)]),
    ],
    {
      cwd: outside ? packageDir : join(repositoryRoot, packageDir),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let failure: Error | undefined;
  child.once('error', (error) => {
    failure = error;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
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
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
