import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, isAbsolute, join } from 'node:path';
import { type ServiceName, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { freePort } from '@jesus-walks/local-postgres/network';
import { benchSecrets, repositoryRoot } from './bench-database';

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

/** A bench's services, each in a process of its own, and the gateway in front (the cluster's topology). */
export interface BenchStack {
  /** The gateway's address. */
  gateway: string;
  /** Each started service's address. */
  urlOf: Partial<Record<ServiceName, string>>;
  /** Every process, by name ('gateway' or the service's). */
  processes: Record<string, RunningProcess>;
}

/**
 * Starts `services` (their compiled `main`) and the gateway on free loopback ports, on `databaseUrl`;
 * the services not started are given an address nothing listens on. Each process is pushed onto
 * `running` as it starts, so that the caller stops whatever did start. `env` goes to every process,
 * `gatewayEnv` to the gateway alone.
 */
export async function startBenchStack(options: {
  databaseUrl: string;
  services: readonly ServiceName[];
  running: RunningProcess[];
  env?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
}): Promise<BenchStack> {
  const urlOf: Partial<Record<ServiceName, string>> = {};
  const ports = new Map<ServiceName, number>();
  for (const service of options.services) {
    const port = await freePort();
    ports.set(service, port);
    urlOf[service] = `http://127.0.0.1:${port}`;
  }
  const gatewayPort = await freePort();
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const common = {
    ...benchSecrets,
    // Not started: the gateway only needs to know where they would be.
    ...Object.fromEntries(
      serviceNames.map((name) => [urlVariableOf(name), urlOf[name] ?? 'http://127.0.0.1:9']),
    ),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  };
  const processes: Record<string, RunningProcess> = {};
  const start = async (name: string, ...args: Parameters<typeof startProcess>) => {
    const started = await startProcess(...args);
    options.running.push(started);
    processes[name] = started;
  };
  for (const service of options.services) {
    await start(
      service,
      `services/${service}/src/main.ts`,
      { ...common, PORT: String(ports.get(service)) },
      `${urlOf[service]}/health/ready`,
    );
  }
  await start(
    'gateway',
    'apps/gateway/src/main.ts',
    { ...common, PORT: String(gatewayPort), PUBLIC_ORIGIN: gateway, ...options.gatewayEnv },
    `${gateway}/health/ready`,
  );
  return { gateway, urlOf, processes };
}
