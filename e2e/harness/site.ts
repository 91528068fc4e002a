import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@jesus-walks/local-postgres/network';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningSite {
  baseUrl: string;
  /** The runner's process id. */
  pid: number;
  output(): string;
  /** A file that receives everything the site prints, for specs that read the console. */
  logPath: string;
  /** SIGTERM, as Ctrl-C or an orchestrator would; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the product the way a newcomer does (`pnpm start`'s runner on the built web app), on a
 * free port with a fresh data directory. With DATABASE_URL unset it runs on embedded Postgres,
 * exactly the standalone path; a set DATABASE_URL is not passed on, so the site's data never
 * mixes with anything else.
 */
export async function startSite(
  extraEnvironment: Record<string, string> = {},
  options: {
    /** The Node that runs the site (its deployables fork the same one); this one by default. */
    nodeBinary?: string;
  } = {},
): Promise<RunningSite> {
  // E2E_WEB_DIST lets a developer test a build kept elsewhere (vite build --outDir ...).
  const webDist = process.env.E2E_WEB_DIST ?? join(repositoryRoot, 'apps/web/dist');
  // The server render's bundle sits beside the build (apps/web/dist-server).
  const webServerEntry = join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The web app is not built in ${webDist}: run \`pnpm test\` (it builds first) or \`pnpm build\`.`,
    );
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'jesus-walks-e2e-'));
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  let output = '';
  // As `pnpm start` runs it: compiled (a no-op when dist/ is up to date with the sources).
  const standaloneDir = join(repositoryRoot, 'apps/standalone');
  const compiler = join(repositoryRoot, 'packages/deployable-build/compile-deployable.mjs');
  execFileSync(process.execPath, [compiler, 'src/main.ts', 'src/deployable-process.ts'], {
    cwd: standaloneDir,
    stdio: 'inherit',
  });
  const child: ChildProcess = spawn(
    options.nodeBinary ?? process.execPath,
    ['--enable-source-maps', join(standaloneDir, 'dist/main.js')],
    {
      cwd: join(repositoryRoot, 'apps/standalone'),
      env: {
        ...environment,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: webDist,
        WEB_SERVER_ENTRY: webServerEntry,
        // The address the journeys use: canonical URLs and e-mailed links name it.
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        // The journeys read the reset token from the development toast.
        EXPOSE_RESET_TOKEN: 'true',
        // No live exchange rates from the network: the built-in table (tested in the service).
        CRYPTO_RATES_URL: 'off',
        // Every journey comes from 127.0.0.1, several spec files at once: the limits per client
        // are tested in the services and the gateway (its API requests per minute, which three
        // browsers polling the API together could reach).
        RATE_LIMIT_MAX: '100000',
        GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
        GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY: '1000',
        NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
        PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '1000',
        PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: '1000',
        STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: '1000',
        STOCK_HOLD_CHECKOUTS_PER_CLIENT: '1000',
        SEAT_HOLDS_PER_EVENT_PER_CLIENT: '1000',
        SEAT_HOLDS_PER_CLIENT: '1000',
        ...extraEnvironment,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logPath = join(dataDir, 'site.log');
  const log = createWriteStream(logPath);
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    const early = await Promise.race([
      exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 250)),
    ]);
    if (early !== 'running') throw new Error(`The site exited (code ${early}) while starting:\n${output}`);
    try {
      // Every service, not only the gateway: a journey starting earlier would meet 503s.
      const response = await fetch(`${baseUrl}/health/upstreams`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The site did not become ready within 90 s:\n${output}`);
    }
  }

  return {
    baseUrl,
    pid: child.pid ?? 0,
    logPath,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), 20_000);
        }),
      ]);
      clearTimeout(timer);
      if (code === 'timeout') child.kill('SIGKILL');
      log.end();
      await rm(dataDir, { recursive: true, force: true });
      return code === 'timeout' ? null : code;
    },
  };
}
