/**
 * Budget (ARCHITECTURE.md section 10): catalog reads through the gateway keep at least half the
 * throughput of a bare Fastify + pg handler doing the same query on the same machine.
 *
 *   pnpm bench:catalog          (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
 *
 * Each side runs as it is deployed: the gateway, identity and catalog-and-orders as processes of
 * their own (compose / cluster topology), the baseline as one process. Loopback only, bounded in
 * time. Exits 1 when the budget is not kept.
 */
import { freePort } from '@jesus-walks/service-kit/network';
import autocannon from 'autocannon';
import { benchSecrets, prepareBenchDatabase } from './bench-database';
import { type RunningProcess, startProcess } from './processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUDGET = 0.5;

async function measure(url: string) {
  // Warm up connections, JIT and the pools before measuring.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const database = await prepareBenchDatabase();
const running: RunningProcess[] = [];
const start = async (...args: Parameters<typeof startProcess>) => {
  running.push(await startProcess(...args));
};
try {
  const [gatewayPort, identityPort, catalogPort, barePort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const urls = {
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    CATALOG_AND_ORDERS_URL: `http://127.0.0.1:${catalogPort}`,
    // Not called by this benchmark; the gateway only needs to know where they would be.
    PAYMENTS_URL: 'http://127.0.0.1:9',
    CONTENT_AND_EVENTS_URL: 'http://127.0.0.1:9',
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
  await start(
    'services/identity/src/main.ts',
    { ...common, PORT: String(identityPort) },
    `${urls.IDENTITY_URL}/health/ready`,
  );
  await start(
    'services/catalog-and-orders/src/main.ts',
    { ...common, PORT: String(catalogPort) },
    `${urls.CATALOG_AND_ORDERS_URL}/health/ready`,
  );
  await start(
    'apps/gateway/src/main.ts',
    { ...common, PORT: String(gatewayPort), RATE_LIMIT_MAX: '100000000' },
    `http://127.0.0.1:${gatewayPort}/health/ready`,
  );
  await start(
    'bench/bare-server.ts',
    { DATABASE_URL: database.url, PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/products`,
  );

  const bare = await measure(`http://127.0.0.1:${barePort}/products`);
  const gateway = await measure(`http://127.0.0.1:${gatewayPort}/api/products`);
  const ratio = gateway.requestsPerSecond / bare.requestsPerSecond;
  console.table({ 'bare Fastify + pg': bare, 'gateway -> catalog-and-orders': gateway });
  console.log(`gateway / bare = ${ratio.toFixed(2)} (budget: at least ${BUDGET})`);
  if (gateway.errors > 0 || bare.errors > 0) {
    console.error('Some requests failed.');
    process.exitCode = 1;
  } else if (ratio < BUDGET) {
    console.error('Over budget: catalog reads through the gateway are too slow.');
    process.exitCode = 1;
  }
} finally {
  await Promise.all(running.map((child) => child.stop()));
  await database.stop();
}
