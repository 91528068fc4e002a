/**
 * Budgets (ARCHITECTURE.md section 10, issues 14 and 22):
 * - public reads through the gateway keep at least 0.9 of the throughput of a bare Fastify + pg
 *   handler running the same query on the same machine, and at least half of the owning service's
 *   own (the gateway answers them from memory: apps/gateway/src/kept-answers.ts);
 * - the pages every visitor opens (/, /shop, /events and an event's page), through the gateway,
 *   answer at least half as many requests per second as GET /api/products through the gateway in
 *   the same run, with p99 under 50 ms (the gateway keeps rendered pages too).
 *
 *   pnpm build && pnpm bench:api          (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
 *
 * In one run, for GET /api/products and GET /api/events: the bare handler (bench/bare-server.ts),
 * the owning service straight, and the gateway in front of it; requests per second, p50 and p99,
 * and the ratios. Then the pages' HTML through the gateway. Each side runs as it is deployed: the
 * gateway, identity and the services as processes of their own (compose / cluster topology).
 * Loopback only, bounded in time. Exits 1 when a budget is not kept.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import { prepareBenchDatabase, repositoryRoot } from './bench-database';
import { type LoadFigures, measureLoad } from './load';
import { type RunningProcess, startBenchStack, startProcess } from './processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** A read through the gateway: at least this share of the bare handler, and of the service alone. */
const BUDGET_OF_BARE = 0.9;
const BUDGET_OF_SERVICE = 0.5;
/** Pages: at least this share of GET /api/products through the gateway, and p99 under this. */
const PAGE_BUDGET = 0.5;
const PAGE_P99_MS = 50;

type Figures = LoadFigures;

const measure = (url: string, headers: Record<string, string> = {}): Promise<Figures> =>
  measureLoad({ url, headers }, { connections, seconds, warmUpSeconds: 2 });

const database = await prepareBenchDatabase();
const running: RunningProcess[] = [];
const start = async (...args: Parameters<typeof startProcess>) => {
  running.push(await startProcess(...args));
};
try {
  // Every page's layout reads the checkout's configuration (the test-mode banner): payments too.
  const { gateway, urlOf } = await startBenchStack({
    databaseUrl: database.url,
    services: ['identity', 'catalog-and-orders', 'content-and-events', 'payments'],
    running,
    gatewayEnv: { RATE_LIMIT_MAX: '100000000' },
  });
  const barePort = await freePort();
  await start(
    'bench/bare-server.ts',
    { DATABASE_URL: database.url, PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/products`,
  );

  const reads = {
    products: { bare: '/products', service: urlOf['catalog-and-orders'], path: '/api/products' },
    events: { bare: '/events', service: urlOf['content-and-events'], path: '/api/events' },
  };
  const table: Record<string, Figures & { 'of bare': number; 'of service': number | string }> = {};
  let failed = false;
  let productsThroughGateway: Figures | undefined;
  for (const [name, read] of Object.entries(reads)) {
    const bare = await measure(`http://127.0.0.1:${barePort}${read.bare}`);
    const service = await measure(`${read.service}${read.path}`);
    const throughGateway = await measure(`${gateway}${read.path}`);
    const ratio = (figures: Figures, of: Figures) =>
      Number((figures['requests/s'] / of['requests/s']).toFixed(2));
    table[`${name}: bare Fastify + pg`] = { ...bare, 'of bare': 1, 'of service': '-' };
    table[`${name}: service`] = { ...service, 'of bare': ratio(service, bare), 'of service': 1 };
    table[`${name}: gateway -> service`] = {
      ...throughGateway,
      'of bare': ratio(throughGateway, bare),
      'of service': ratio(throughGateway, service),
    };
    if (name === 'products') productsThroughGateway = throughGateway;
    if (ratio(throughGateway, bare) < BUDGET_OF_BARE || ratio(throughGateway, service) < BUDGET_OF_SERVICE)
      failed = true;
    if (bare.errors + service.errors + throughGateway.errors > 0) failed = true;
  }
  console.table(table);

  if (existsSync(join(repositoryRoot, 'apps/web/dist-server/entry-server.js')) && productsThroughGateway) {
    const events = (await (await fetch(`${gateway}/api/events`)).json()) as Array<{ id: number }>;
    const pages = ['/', '/shop', '/events', ...(events[0] ? [`/events/${events[0].id}`] : [])];
    if (pages.length < 4) {
      console.log('No event in the demo data: an event page could not be measured.');
      failed = true;
    }
    const pageTable: Record<string, Figures & { 'of /api/products': number }> = {};
    for (const page of pages) {
      // As a browser asks for a page: compressed.
      const figures = await measure(`${gateway}${page}`, { 'accept-encoding': 'gzip, deflate, br' });
      const share = Number((figures['requests/s'] / productsThroughGateway['requests/s']).toFixed(2));
      pageTable[`page ${page} through the gateway`] = { ...figures, 'of /api/products': share };
      if (share < PAGE_BUDGET || figures['p99 ms'] >= PAGE_P99_MS || figures.errors > 0) failed = true;
    }
    console.table(pageTable);
  } else {
    console.log('The pages were not measured: build the web app first (pnpm build).');
    failed = true;
  }
  console.log(
    failed
      ? `Over budget: a read through the gateway is below ${BUDGET_OF_BARE} of the bare handler or ${BUDGET_OF_SERVICE} of the service alone, a page below ${PAGE_BUDGET} of /api/products or its p99 at ${PAGE_P99_MS} ms or more, or requests failed.`
      : `Within budget: reads through the gateway at least ${BUDGET_OF_BARE} of the bare handler and ${BUDGET_OF_SERVICE} of the service alone; pages at least ${PAGE_BUDGET} of /api/products, p99 under ${PAGE_P99_MS} ms.`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(running.map((child) => child.stop()));
  await database.stop();
}
