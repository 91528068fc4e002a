/**
 * Budget (ARCHITECTURE.md section 10, issue 14): public reads through the gateway keep at least
 * half the throughput of a bare Fastify + pg handler running the same query on the same machine.
 *
 *   pnpm build && pnpm bench:api          (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
 *
 * In one run, for GET /api/products and GET /api/events: the bare handler (bench/bare-server.ts),
 * the owning service straight, and the gateway in front of it; requests per second, p50 and p99,
 * and the ratios. Then the home page's HTML through the gateway (rendered on the server). Each
 * side runs as it is deployed: the gateway, identity and the services as processes of their own
 * (compose / cluster topology). Loopback only, bounded in time. Exits 1 when the budget is not kept.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import autocannon from 'autocannon';
import { benchSecrets, prepareBenchDatabase, repositoryRoot } from './bench-database';
import { type RunningProcess, startProcess } from './processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUDGET = 0.5;

interface Figures {
  'requests/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'KB/answer': number;
  errors: number;
}

async function measure(url: string): Promise<Figures> {
  // Warm up connections, JIT and the pools before measuring.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KB/answer': Number((result.throughput.average / Math.max(1, result.requests.average) / 1024).toFixed(2)),
    errors: result.errors + result.non2xx,
  };
}

const database = await prepareBenchDatabase();
const running: RunningProcess[] = [];
const start = async (...args: Parameters<typeof startProcess>) => {
  running.push(await startProcess(...args));
};
try {
  const ports = {
    gateway: await freePort(),
    identity: await freePort(),
    catalog: await freePort(),
    content: await freePort(),
    bare: await freePort(),
  };
  const urls = {
    IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
    CATALOG_AND_ORDERS_URL: `http://127.0.0.1:${ports.catalog}`,
    CONTENT_AND_EVENTS_URL: `http://127.0.0.1:${ports.content}`,
    // Not called by this benchmark; the gateway only needs to know where they would be.
    PAYMENTS_URL: 'http://127.0.0.1:9',
    SEO_URL: 'http://127.0.0.1:9',
    AI_ASSISTANT_URL: 'http://127.0.0.1:9',
  };
  const common = {
    ...benchSecrets,
    ...urls,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
  };
  const gateway = `http://127.0.0.1:${ports.gateway}`;
  await start(
    'services/identity/src/main.ts',
    { ...common, PORT: String(ports.identity) },
    `${urls.IDENTITY_URL}/health/ready`,
  );
  await start(
    'services/catalog-and-orders/src/main.ts',
    { ...common, PORT: String(ports.catalog) },
    `${urls.CATALOG_AND_ORDERS_URL}/health/ready`,
  );
  await start(
    'services/content-and-events/src/main.ts',
    { ...common, PORT: String(ports.content) },
    `${urls.CONTENT_AND_EVENTS_URL}/health/ready`,
  );
  await start(
    'apps/gateway/src/main.ts',
    { ...common, PORT: String(ports.gateway), PUBLIC_ORIGIN: gateway, RATE_LIMIT_MAX: '100000000' },
    `${gateway}/health/ready`,
  );
  await start(
    'bench/bare-server.ts',
    { DATABASE_URL: database.url, PORT: String(ports.bare) },
    `http://127.0.0.1:${ports.bare}/products`,
  );

  const reads = {
    products: { bare: '/products', service: urls.CATALOG_AND_ORDERS_URL, path: '/api/products' },
    events: { bare: '/events', service: urls.CONTENT_AND_EVENTS_URL, path: '/api/events' },
  };
  const table: Record<string, Figures & { 'of bare': number }> = {};
  let failed = false;
  for (const [name, read] of Object.entries(reads)) {
    const bare = await measure(`http://127.0.0.1:${ports.bare}${read.bare}`);
    const service = await measure(`${read.service}${read.path}`);
    const throughGateway = await measure(`${gateway}${read.path}`);
    const ratio = (figures: Figures) => Number((figures['requests/s'] / bare['requests/s']).toFixed(2));
    table[`${name}: bare Fastify + pg`] = { ...bare, 'of bare': 1 };
    table[`${name}: service`] = { ...service, 'of bare': ratio(service) };
    table[`${name}: gateway -> service`] = { ...throughGateway, 'of bare': ratio(throughGateway) };
    if (ratio(throughGateway) < BUDGET) failed = true;
    if (bare.errors + service.errors + throughGateway.errors > 0) failed = true;
  }
  console.table(table);

  if (existsSync(join(repositoryRoot, 'apps/web/dist-server/entry-server.js'))) {
    const home = await measure(`${gateway}/`);
    console.table({ 'home page HTML through the gateway': home });
    if (home.errors > 0) failed = true;
  } else {
    console.log('The home page was not measured: build the web app first (pnpm build).');
  }
  console.log(
    failed
      ? `Over budget: a read through the gateway is below ${BUDGET} of the bare handler, or requests failed.`
      : `Within budget: reads through the gateway at least ${BUDGET} of the bare handler.`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(running.map((child) => child.stop()));
  await database.stop();
}
