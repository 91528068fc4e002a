/**
 * The peers, side by side in one sitting (issue 22): GET /api/products through our gateway (the
 * catalog service behind it, as deployed), a bare Fastify + pg handler listing the same rows
 * (bench/bare-server.ts), and Vendure, a well-known Node e-commerce server, answering its shop
 * API's product list with variants for the same twelve products.
 *
 *   pnpm bench:peers          (BENCH_SECONDS, BENCH_CONNECTIONS; BENCH_PEER_DIR keeps the install)
 *
 * Vendure is installed from npm (@vendure/core, pinned) into BENCH_PEER_DIR (a temporary folder
 * unless set; an install already there is reused), started on its own database on the same
 * Postgres server with `synchronize`, and seeded through its admin API: a country, a zone, a tax
 * rate of 0 and our demo catalogue's products, each with one variant at our price and stock.
 * Each side is measured with the same load generator (autocannon, 50 connections, 20 s after a
 * warm-up), and each side's process RSS printed. Loopback only. Exits 1 when ours through the
 * gateway is below 0.9 of the bare handler.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import pg from 'pg';
import { prepareBenchDatabase } from './bench-database';
import { type LoadFigures, measureLoad } from './load';
import { type RunningProcess, startBenchStack, startProcess } from './processes';

const VENDURE_VERSION = '3.7.3';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUDGET_OF_BARE = 0.9;
/** Vendure refuses to start with its default superadmin password. */
const SUPERADMIN_PASSWORD = randomBytes(12).toString('hex');

interface Figures extends LoadFigures {
  'RSS MB': number;
}

async function measure(
  request: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  pid: number,
): Promise<Figures> {
  const figures = await measureLoad(request, { connections, seconds, warmUpSeconds: 3 });
  return { ...figures, 'RSS MB': rssOf(pid) };
}

/** A process's resident memory now, in MB (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Vendure from npm, once per folder. */
async function installVendure(): Promise<string> {
  const folder = process.env.BENCH_PEER_DIR ?? (await mkdtemp(join(tmpdir(), 'jesus-walks-peer-')));
  await mkdir(folder, { recursive: true });
  if (!existsSync(join(folder, 'node_modules/@vendure/core/package.json'))) {
    await writeFile(
      join(folder, 'package.json'),
      JSON.stringify({
        private: true,
        type: 'module',
        dependencies: { '@vendure/core': VENDURE_VERSION, pg: '^8' },
      }),
    );
    console.log(`Installing @vendure/core ${VENDURE_VERSION} into ${folder} (npm)...`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: folder,
      stdio: 'inherit',
    });
  }
  await writeFile(
    join(folder, 'server.mjs'),
    `import { bootstrap } from '@vendure/core';
await bootstrap({
  apiOptions: { hostname: '127.0.0.1', port: Number(process.env.PORT), adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: 'bearer',
    superadminCredentials: { identifier: 'superadmin', password: process.env.SUPERADMIN_PASSWORD },
  },
  dbConnectionOptions: { type: 'postgres', url: process.env.DATABASE_URL, synchronize: true, logging: false },
  paymentOptions: { paymentMethodHandlers: [] },
  logger: undefined,
});
`,
  );
  return folder;
}

/** The admin API as its own client uses it: bearer token from login. */
function adminApi(base: string) {
  let token = '';
  return async function call<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${base}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    token = response.headers.get('vendure-auth-token') ?? token;
    const json = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (json.errors?.length)
      throw new Error(`Vendure admin API: ${json.errors.map((e) => e.message).join('; ')}`);
    return json.data as T;
  };
}

interface DemoProduct {
  name: string;
  description: string;
  price: string;
  stock: number;
}

async function seedVendure(base: string, products: DemoProduct[]): Promise<void> {
  const call = adminApi(base);
  await call(
    `mutation($password: String!) { login(username: "superadmin", password: $password) { ... on CurrentUser { id } } }`,
    { password: SUPERADMIN_PASSWORD },
  );
  const { createCountry } = await call<{ createCountry: { id: string } }>(
    `mutation { createCountry(input: { code: "US", enabled: true, translations: [{ languageCode: en, name: "United States" }] }) { id } }`,
  );
  const { createZone } = await call<{ createZone: { id: string } }>(
    `mutation($member: ID!) { createZone(input: { name: "US", memberIds: [$member] }) { id } }`,
    { member: createCountry.id },
  );
  const { createTaxCategory } = await call<{ createTaxCategory: { id: string } }>(
    `mutation { createTaxCategory(input: { name: "Standard", isDefault: true }) { id } }`,
  );
  await call(
    `mutation($category: ID!, $zone: ID!) { createTaxRate(input: { name: "US none", enabled: true, value: 0, categoryId: $category, zoneId: $zone }) { id } }`,
    { category: createTaxCategory.id, zone: createZone.id },
  );
  const { activeChannel } = await call<{ activeChannel: { id: string } }>(`{ activeChannel { id } }`);
  await call(
    `mutation($id: ID!, $zone: ID!) { updateChannel(input: { id: $id, defaultTaxZoneId: $zone, defaultShippingZoneId: $zone }) { ... on Channel { id } } }`,
    { id: activeChannel.id, zone: createZone.id },
  );
  for (const [index, product] of products.entries()) {
    const { createProduct } = await call<{ createProduct: { id: string } }>(
      `mutation($name: String!, $slug: String!, $description: String!) {
        createProduct(input: { translations: [{ languageCode: en, name: $name, slug: $slug, description: $description }] }) { id }
      }`,
      { name: product.name, slug: `product-${index + 1}`, description: product.description },
    );
    await call(
      `mutation($product: ID!, $sku: String!, $name: String!, $price: Money!, $stock: Int!) {
        createProductVariants(input: [{ productId: $product, sku: $sku, price: $price, stockOnHand: $stock,
          translations: [{ languageCode: en, name: $name }] }]) { id }
      }`,
      {
        product: createProduct.id,
        sku: `SKU-${index + 1}`,
        name: product.name,
        price: Math.round(Number(product.price) * 100),
        stock: product.stock,
      },
    );
  }
}

const database = await prepareBenchDatabase();
const serverUrl = new URL(database.url);
const vendureDatabase = `vendure_peer_${Date.now()}`;
const running: RunningProcess[] = [];
const admin = new pg.Client({ connectionString: database.url });
try {
  const folder = await installVendure();
  await admin.connect();
  await admin.query(`create database ${vendureDatabase}`);
  const vendureUrl = new URL(serverUrl);
  vendureUrl.pathname = `/${vendureDatabase}`;
  const { rows: products } = await admin.query<DemoProduct>(
    `select name, description, price, stock from catalog_and_orders.products
      where deleted_at is null and not is_test order by id`,
  );

  const stack = await startBenchStack({
    databaseUrl: database.url,
    services: ['identity', 'catalog-and-orders'],
    running,
    gatewayEnv: { RATE_LIMIT_MAX: '100000000' },
  });
  const { gateway } = stack;
  const catalog = stack.processes['catalog-and-orders'] as RunningProcess;
  const ours = stack.processes.gateway as RunningProcess;
  const ports = { bare: await freePort(), vendure: await freePort() };
  const vendure = `http://127.0.0.1:${ports.vendure}`;
  const start = async (...args: Parameters<typeof startProcess>) => {
    const started = await startProcess(...args);
    running.push(started);
    return started;
  };
  const bare = await start(
    'bench/bare-server.ts',
    { DATABASE_URL: database.url, PORT: String(ports.bare) },
    `http://127.0.0.1:${ports.bare}/products`,
  );
  const peer = await start(
    join(folder, 'server.mjs'),
    {
      DATABASE_URL: vendureUrl.toString(),
      PORT: String(ports.vendure),
      NODE_ENV: 'production',
      SUPERADMIN_PASSWORD,
    },
    `${vendure}/health`,
    { timeoutMs: 180_000 },
  );
  await seedVendure(vendure, products);

  const query =
    '{ products { items { id name description variants { id name sku price priceWithTax stockLevel } } } }';
  const listed = (await (
    await fetch(`${vendure}/shop-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
  ).json()) as { data?: { products: { items: unknown[] } } };
  if (listed.data?.products.items.length !== products.length)
    throw new Error(`Vendure lists ${listed.data?.products.items.length} products, not ${products.length}`);

  const table: Record<string, Figures & { 'of bare': number }> = {};
  const bareFigures = await measure({ url: `http://127.0.0.1:${ports.bare}/products` }, bare.pid);
  const oursFigures = await measure({ url: `${gateway}/api/products` }, ours.pid);
  const peerFigures = await measure(
    {
      url: `${vendure}/shop-api`,
      method: 'POST',
      body: JSON.stringify({ query }),
      headers: { 'content-type': 'application/json' },
    },
    peer.pid,
  );
  const of = (figures: Figures) => Number((figures['requests/s'] / bareFigures['requests/s']).toFixed(3));
  table['bare Fastify + pg, 12 rows'] = { ...bareFigures, 'of bare': 1 };
  table['ours: GET /api/products through the gateway'] = { ...oursFigures, 'of bare': of(oursFigures) };
  table[`Vendure ${VENDURE_VERSION}: shop API products with variants`] = {
    ...peerFigures,
    'of bare': of(peerFigures),
  };
  console.table(table);
  console.log(
    `catalog service RSS ${rssOf(catalog.pid)} MB beside the gateway's; ours answered ${(
      oursFigures['requests/s'] / Math.max(1, peerFigures['requests/s'])
    ).toFixed(0)} times as many as Vendure.`,
  );
  const failed = of(oursFigures) < BUDGET_OF_BARE || oursFigures.errors + bareFigures.errors > 0;
  console.log(
    failed
      ? `Over budget: ours through the gateway is below ${BUDGET_OF_BARE} of the bare handler, or requests failed.`
      : `Within budget: ours through the gateway at least ${BUDGET_OF_BARE} of the bare handler.`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(running.map((child) => child.stop()));
  await admin.query(`drop database if exists ${vendureDatabase} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
  await database.stop();
}
