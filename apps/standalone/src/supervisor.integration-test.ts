import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations as gatewayMigrations, gatewaySchema } from '@jesus-walks/gateway/db';
import { freePort } from '@jesus-walks/local-postgres/network';
import { collectOutput } from '@jesus-walks/test-kit/child-output';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledRunner, compileRunner } from './compiled-runner.testing';
import { services } from './services';

/**
 * The runner `pnpm start` runs, compiled as it runs it, on a fresh database of the test server
 * (DATABASE_URL, so no embedded Postgres to wait for): the services in one process and the gateway
 * in another under the runner, the services killed come back on their own while the gateway keeps
 * answering, and one Ctrl-C stops everything; a runner that cannot start or is killed leaves
 * nothing behind. About 45 s.
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const deployables = ['gateway', 'services'];

let database: TestDatabase<unknown>;
const folders: string[] = [];

beforeAll(async () => {
  compileRunner();
  const [first, ...others] = [
    ...services.map(({ schema, migrations }) => ({ schema, migrations })),
    { schema: gatewaySchema, migrations: gatewayMigrations },
  ];
  if (!first) throw new Error('no services');
  database = await createTestDatabase(first, ...others);
});

afterAll(async () => {
  await database?.destroy();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Every process whose parent is `pid`, with its command line. */
function childrenOf(pid: number): Array<{ pid: number; args: string[] }> {
  const found: Array<{ pid: number; args: string[] }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(parent) !== pid) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ pid: Number(entry), args });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The supervisor's deployables, by name (the entry's argument). */
function deployableProcesses(supervisorPid: number): Record<string, number> {
  return Object.fromEntries(
    childrenOf(supervisorPid)
      .filter(({ args }) => args.some((arg) => arg.endsWith('deployable-process.js')))
      .map(({ pid, args }) => [args.at(-1) ?? '', pid]),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

interface Running {
  child: ChildProcess;
  pid: number;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --enable-source-maps dist/main.js` as `pnpm start` runs it, in a process group of its own. */
async function launch(port: number): Promise<Running> {
  const webDist = await folder('supervisor-web-');
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const child: ChildProcess = spawn(process.execPath, compiledRunner.slice(1), {
    cwd: packageDir,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await folder('supervisor-data-'),
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: webDist,
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, as a terminal's: Ctrl-C is sent to the whole group.
    detached: true,
  });
  const output = collectOutput(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid ?? 0, base: `http://127.0.0.1:${port}`, output, exited };
}

async function untilRunning(running: Running): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!/is running at/.test(running.output())) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`not started:\n${running.output()}`);
    }
    await pause(100);
  }
}

/** Nothing left behind, whatever the test saw. */
function cleanUp(running: Running, pids: Record<string, number>): void {
  if (running.child.exitCode === null && running.child.signalCode === null) {
    process.kill(-running.pid, 'SIGKILL');
  }
  for (const pid of Object.values(pids)) if (alive(pid)) process.kill(pid, 'SIGKILL');
}

async function untilGone(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (pids.some(alive) && Date.now() < deadline) await pause(100);
  return pids.filter(alive);
}

describe('the standalone supervisor', () => {
  it('runs the services and the gateway each in a process of its own, restarts the services killed, and stops all on one Ctrl-C', async () => {
    const running = await launch(await freePort());
    const { pid: supervisorPid, base } = running;
    let pids: Record<string, number> = {};
    try {
      await untilRunning(running);

      // Two processes, neither of them the supervisor.
      pids = deployableProcesses(supervisorPid);
      expect(Object.keys(pids).sort(), running.output()).toEqual(deployables);
      const distinct = new Set([supervisorPid, ...Object.values(pids)]);
      expect(distinct.size).toBe(deployables.length + 1);
      expect(await status(`${base}/api/products`)).toBe(200);

      // The services killed outright: their routes answer 503 for a moment, the gateway keeps
      // answering, and they come back in a new process under the same supervisor. (A product's
      // own read: the list is a shared read, which the gateway goes on answering from memory.)
      const [product] = (await (await fetch(`${base}/api/products`)).json()) as Array<{ id: number }>;
      const productPath = `/api/products/${product?.id}`;
      expect(await status(`${base}${productPath}`)).toBe(200);
      const killed = pids.services ?? 0;
      process.kill(killed, 'SIGKILL');
      while (alive(killed)) await pause(20); // gone once the supervisor reaped it
      const seen: number[] = [];
      const gateway: number[] = [];
      const recovery = Date.now() + 30_000;
      for (;;) {
        const code = await status(`${base}${productPath}`);
        seen.push(code);
        if (seen.includes(503) && code === 200) break;
        if (code === 503 && gateway.length < 3) gateway.push(await status(`${base}/health/live`));
        if (Date.now() > recovery) throw new Error(`not recovered: ${seen.join(' ')}\n${running.output()}`);
        await pause(100);
      }
      expect(seen[0]).toBe(503);
      expect(seen.filter((code) => code !== 503 && code !== 200)).toEqual([]);
      expect(gateway.length).toBeGreaterThan(0);
      expect(gateway.every((code) => code === 200)).toBe(true);
      expect(running.output()).toMatch(/services was killed by SIGKILL: restarting it in 0\.5 s/);
      // Said once all six are up again (catalog, answering above, is only the second).
      await expect.poll(() => running.output(), { timeout: 20_000 }).toMatch(/services is running again/);
      expect(alive(supervisorPid)).toBe(true);
      const restarted = deployableProcesses(supervisorPid);
      expect(restarted.services).toBeDefined();
      expect(restarted.services).not.toBe(killed);
      expect(restarted.gateway).toBe(pids.gateway);
      pids = restarted;

      // One Ctrl-C, to the supervisor's whole group as a terminal sends it.
      process.kill(-supervisorPid, 'SIGINT');
      const result = await Promise.race([running.exited, pause(20_000).then(() => 'timeout' as const)]);
      const output = running.output();
      expect(result, output).toEqual({ code: 0, signal: null });
      expect(output.match(/Jesus Walks stopped/g)).toHaveLength(1);
      expect(output).not.toMatch(/again: exiting|not stopped after|still running|error while stopping/i);
      expect(await untilGone(Object.values(pids), 1_000)).toEqual([]);
    } finally {
      cleanUp(running, pids);
    }
  }, 60_000);

  it('exits 1 saying so when the gateway cannot take its port, leaving nothing running', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const running = await launch(port);
    try {
      const result = await Promise.race([running.exited, pause(45_000).then(() => 'timeout' as const)]);
      const output = running.output();
      expect(result, output).toEqual({ code: 1, signal: null });
      expect(output).toContain(`port ${port} is already in use: stop the other program or set PORT`);
      expect(deployableProcesses(running.pid)).toEqual({});
    } finally {
      cleanUp(running, {});
      holder.close();
    }
  }, 60_000);

  it('its deployables stop on their own when it is killed outright', async () => {
    const running = await launch(await freePort());
    let pids: Record<string, number> = {};
    try {
      await untilRunning(running);
      pids = deployableProcesses(running.pid);
      expect(Object.keys(pids)).toHaveLength(deployables.length);
      process.kill(running.pid, 'SIGKILL');
      await running.exited;
      expect(await untilGone(Object.values(pids), 15_000)).toEqual([]);
      expect(await status(`${running.base}/api/products`)).toBe(0);
    } finally {
      cleanUp(running, pids);
    }
  }, 60_000);
});
