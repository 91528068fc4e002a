/**
 * Budgets (issue 22, "memory and start on a small server"): the standalone as `pnpm start` runs it,
 * every process of it counted (the supervisor, the gateway, the services, embedded Postgres and
 * each of its backends):
 * - ready in under 8 s, started again after a first start (which built the web app, compiled the
 *   standalone and created the database);
 * - under 1 GB idle and under 1.2 GB right after a load of API reads and pages.
 *
 *   pnpm bench:memory           (BENCH_REPOSITORY=<another checkout> measures that one instead)
 *
 * Memory is summed over the process tree twice: resident set sizes (RSS, which counts a page
 * shared by several processes once per process: Postgres's shared buffers once per backend) and
 * proportional set sizes (PSS, each shared page split among its sharers: what the tree takes from
 * the machine). Each budget holds for both. Idle is measured 45 s after the start, once the pools
 * have closed the connections the start and its first jobs opened (the pools close a connection
 * idle for 30 s). Loopback only, bounded in time. Exits 1 when a budget is not kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import { collectOutput } from '@jesus-walks/test-kit/child-output';
import { repositoryRoot } from './bench-database';
import { measureLoad } from './load';

const START_BUDGET_S = 8;
const IDLE_BUDGET_MB = 1024;
const LOADED_BUDGET_MB = 1.2 * 1024;
const IDLE_AFTER_MS = 45_000;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const repository = process.env.BENCH_REPOSITORY ?? repositoryRoot;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));

interface Started {
  child: ChildProcess;
  base: string;
  readyMs: number;
  output(): string;
}

async function startSite(port: number): Promise<Started> {
  const began = Date.now();
  // Its own embedded Postgres, whatever DATABASE_URL this shell has.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn('sh', [join(repository, 'apps/standalone/start.sh')], {
    cwd: repository,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const deadline = Date.now() + 300_000;
  while (!/is running at/.test(output())) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the site did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base: `http://127.0.0.1:${port}`, readyMs: Date.now() - began, output };
}

async function stopSite(site: Started): Promise<void> {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  site.child.kill('SIGINT');
  await exited;
}

/** `root` and every process below it. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? 0) ?? []));
  return tree;
}

interface Memory {
  processes: number;
  'RSS MB': number;
  'PSS MB': number;
  'gateway PSS MB': number;
  'services PSS MB': number;
  'Postgres PSS MB': number;
}

function memoryOf(root: number): Memory {
  const memory: Memory = {
    processes: 0,
    'RSS MB': 0,
    'PSS MB': 0,
    'gateway PSS MB': 0,
    'services PSS MB': 0,
    'Postgres PSS MB': 0,
  };
  for (const pid of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const kb = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(rollup)?.[1] ?? 0);
      const pss = kb('Pss') / 1024;
      memory.processes += 1;
      memory['RSS MB'] += kb('Rss') / 1024;
      memory['PSS MB'] += pss;
      if (/deployable-process\.\w+ gateway/.test(command)) memory['gateway PSS MB'] += pss;
      else if (/deployable-process\.\w+ services/.test(command)) memory['services PSS MB'] += pss;
      else if (/postgres/.test(command)) memory['Postgres PSS MB'] += pss;
    } catch {
      // a process that ended meanwhile (a short-lived Postgres worker) takes nothing
    }
  }
  for (const key of Object.keys(memory) as (keyof Memory)[]) memory[key] = Math.round(memory[key]);
  return memory;
}

async function load(base: string): Promise<void> {
  const events = (await (await fetch(`${base}/api/events`)).json()) as Array<{ id: number }>;
  const eventId = events[0]?.id;
  const paths = [
    '/api/products',
    '/api/events',
    '/',
    '/shop',
    '/events',
    ...(eventId ? [`/events/${eventId}`] : []),
  ];
  for (const path of paths) {
    const figures = await measureLoad(
      { url: `${base}${path}`, headers: { 'accept-encoding': 'br, gzip' } },
      { connections: 32, seconds: LOAD_SECONDS, warmUpSeconds: 2 },
    );
    console.log(`${path}: ${figures['requests/s']} requests/s, ${figures.errors} errors`);
  }
}

const failures: string[] = [];
try {
  const port = await freePort();
  const first = await startSite(port);
  console.log(`first start (build, compile, new database): ${(first.readyMs / 1000).toFixed(1)} s`);
  await stopSite(first);

  const site = await startSite(port);
  const pid = site.child.pid ?? 0;
  const startSeconds = site.readyMs / 1000;
  console.log(`start: ready in ${startSeconds.toFixed(1)} s (budget ${START_BUDGET_S} s)`);
  if (startSeconds >= START_BUDGET_S) failures.push(`start took ${startSeconds.toFixed(1)} s`);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    const idle = memoryOf(pid);
    await load(site.base);
    const loaded = memoryOf(pid);
    console.table({ idle, 'after load': loaded });
    for (const [label, memory, budget] of [
      ['idle', idle, IDLE_BUDGET_MB],
      ['after load', loaded, LOADED_BUDGET_MB],
    ] as const) {
      for (const field of ['RSS MB', 'PSS MB'] as const) {
        if (memory[field] >= budget) failures.push(`${label}: ${field} ${memory[field]} against ${budget}`);
      }
    }
  } finally {
    await stopSite(site);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`Budget missed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('Within budget.');
