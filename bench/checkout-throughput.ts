/**
 * Budget (issue 22; issue 14 asked for 50 per second): at least 150 completed sandbox checkouts
 * per second, from cart to paid order, through the gateway on this machine, p99 under 300 ms, at
 * most 25 SQL statements and one internal (service-to-service) call per completed checkout, and
 * never a unit sold that was not in stock.
 *
 *   pnpm bench:checkout          (BENCH_SECONDS, BENCH_CONCURRENCY to tune)
 *
 * Each checkout is what the browser does at /checkout with the built-in sandbox processor (no
 * provider keys): POST /api/checkout/create-payment-intent (the server's quote and a reservation),
 * POST /api/checkout/sandbox/confirm with card 4242 and the buyer's contact, then
 * POST /api/orders. It counts as completed when the order answers 201 and is paid.
 *
 * Two phases against the deployed topology (gateway and services as processes of their own):
 * 1. throughput: BENCH_CONCURRENCY buyers, each from an address of their own, check out one after
 *    another for BENCH_SECONDS;
 * 2. oversell: 120 buyers at once for a product with 25 units: exactly 25 paid orders, the others
 *    refused before any charge, stock 0, never below.
 * Then the database is checked: one order per paid payment, no payment without its order.
 * Loopback only, bounded in time. Exits 1 when the budget is not kept.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import pg from 'pg';
import { type Dispatcher, Pool } from 'undici';
import { prepareBenchDatabase } from './bench-database';
import { type RunningProcess, startBenchStack } from './processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BUDGET = { perSecond: 150, p99Ms: 300, statements: 25, internalCalls: 1 };
const SCARCE_STOCK = 25;
const SCARCE_BUYERS = 120;

const address = {
  fullName: 'Ada Walker',
  street: '1 Vineyard Lane',
  city: 'Napa',
  state: 'CA',
  zipCode: '94559',
  country: 'US',
};

type Outcome =
  | { kind: 'paid'; orderId: number; ms: number }
  | { kind: 'refused'; status: number; code: string };

/**
 * Each buyer is a shopper of their own: their own loopback address (127.0.0.10 onwards, all of
 * 127.0.0.0/8 reaches this machine), as the gateway and the holds count a client. Sixteen buyers
 * from one address would queue on that one client's hold lock, which measures one shopper
 * hammering the checkout rather than sixteen people buying.
 */
const pools = new Map<number, Pool>();
const client = (base: string, buyer: number): Pool => {
  let pool = pools.get(buyer);
  if (!pool) {
    pool = new Pool(base, { connections: 4, localAddress: `127.0.0.${10 + buyer}` });
    pools.set(buyer, pool);
  }
  return pool;
};

/** The answer's text, decompressed as a browser would (the gateway compresses what is large). */
async function readBody(response: Dispatcher.ResponseData): Promise<string> {
  const raw = Buffer.from(await response.body.arrayBuffer());
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** Time spent in each call of the checkout, summed over the throughput phase. */
const stepMs = new Map<string, { total: number; count: number }>();

async function post(
  base: string,
  buyer: number,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const started = performance.now();
  // undici's Pool rather than fetch: the load generator shares this machine's two cores with what
  // it measures, and fetch costs it about three times the CPU per request.
  const response = await client(base, buyer).request({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', origin: base, 'accept-encoding': 'br, gzip' },
    body: JSON.stringify(body),
  });
  const text = await readBody(response);
  const status = response.statusCode;
  const step = stepMs.get(path) ?? { total: 0, count: 0 };
  step.total += performance.now() - started;
  step.count += 1;
  stepMs.set(path, step);
  return { status, json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** One buyer's checkout, start to finish; a refusal before payment is an outcome, anything else throws. */
async function checkout(
  base: string,
  buyer: number,
  items: { productId: number; quantity: number }[],
): Promise<Outcome> {
  const started = performance.now();
  const intent = await post(base, buyer, '/api/checkout/create-payment-intent', {
    items,
    shippingAddress: address,
    paymentMethod: 'stripe',
  });
  if (intent.status === 409) return { kind: 'refused', status: 409, code: String(intent.json.code) };
  if (intent.status !== 201)
    throw new Error(`payment intent: ${intent.status} ${JSON.stringify(intent.json)}`);
  const paymentId = String(intent.json.paymentId);
  const confirm = await post(base, buyer, '/api/checkout/sandbox/confirm', {
    clientSecret: intent.json.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 40',
    cvc: '123',
    contact: { fullName: 'Ada Walker', email: 'ada@example.com' },
  });
  if (confirm.status !== 200)
    throw new Error(`sandbox confirm: ${confirm.status} ${JSON.stringify(confirm.json)}`);
  const order = await post(base, buyer, '/api/orders', {
    items,
    // The client's idea of the total is never what is charged; the quote's is.
    total: '0.01',
    shippingAddress: address,
    paymentMethod: 'stripe',
    paymentId,
    customerEmail: 'ada@example.com',
  });
  if (order.status !== 201 || order.json.status !== 'paid')
    throw new Error(`order: ${order.status} ${JSON.stringify(order.json)}`);
  return { kind: 'paid', orderId: Number(order.json.id), ms: performance.now() - started };
}

/** What a deployable has done so far, from its /metrics: SQL statements and internal calls received. */
interface Work {
  statements: number;
  internalCalls: number;
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

async function workOf(url: string): Promise<Work> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  let statements = 0;
  let internalCalls = 0;
  for (const line of text.split('\n')) {
    const statement = /^db_statements_total\{[^}]*\} (\d+)/.exec(line);
    if (statement) statements += Number(statement[1]);
    const call = /^http_request_duration_seconds_count\{[^}]*route="\/internal\/[^"]*"[^}]*\} (\d+)/.exec(
      line,
    );
    if (call) internalCalls += Number(call[1]);
  }
  return { statements, internalCalls };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const database = await prepareBenchDatabase();
const running: RunningProcess[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
const catalog = schemaNameOf('catalog-and-orders');
const payments = schemaNameOf('payments');
try {
  const { gateway: base, urlOf } = await startBenchStack({
    databaseUrl: database.url,
    services: ['identity', 'catalog-and-orders', 'payments', 'content-and-events'],
    running,
    env: {
      // Each buyer checks out hundreds of times a minute from their address, far past what the
      // limits per client allow a shopper: those limits are tested in the services.
      PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: '100000000',
      // Attempts still running count against the declines until they are paid (payments-limits).
      PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '100000000',
      STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: '100000000',
      STOCK_HOLD_CHECKOUTS_PER_CLIENT: '100000000',
    },
    gatewayEnv: { RATE_LIMIT_MAX: '100000000', METRICS_TOKEN },
  });

  // Two products of the demo catalogue: one plentiful for the throughput phase, one scarce.
  const { rows: products } = await pool.query<{ id: number }>(
    `select id from ${catalog}.products where deleted_at is null and stock > 0 order by id limit 2`,
  );
  const [plentiful, scarce] = products.map((row) => row.id);
  if (plentiful === undefined || scarce === undefined)
    throw new Error('the demo catalogue has no two products in stock');
  await pool.query(`update ${catalog}.products set stock = 1000000 where id = $1`, [plentiful]);
  await pool.query(`update ${catalog}.products set stock = $2 where id = $1`, [scarce, SCARCE_STOCK]);

  // Warm up connections, pools and the JIT.
  await Promise.all(
    Array.from({ length: 4 }, (_, buyer) => checkout(base, buyer, [{ productId: plentiful, quantity: 1 }])),
  );

  // What each deployable has done so far, to count what the throughput phase costs it.
  const deployables: Record<string, string> = { gateway: base, ...(urlOf as Record<string, string>) };
  const workBefore = Object.fromEntries(
    await Promise.all(
      Object.entries(deployables).map(async ([name, url]) => [name, await workOf(url)] as const),
    ),
  );

  // 1. Throughput.
  stepMs.clear();
  const latencies: number[] = [];
  let failures = 0;
  const firstFailures: string[] = [];
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, buyer) => {
      while (performance.now() < deadline) {
        try {
          const outcome = await checkout(base, buyer, [{ productId: plentiful, quantity: 1 }]);
          if (outcome.kind === 'paid') latencies.push(outcome.ms);
          else failures += 1;
        } catch (error) {
          failures += 1;
          if (firstFailures.length < 3) firstFailures.push(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const perSecond = latencies.length / elapsed;
  // The jobs the checkouts queued (the webhook's, the confirmation e-mail) run meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const perCheckout = (value: number) => Number((value / Math.max(1, latencies.length)).toFixed(1));
  const workTable: Record<string, { 'SQL statements': number; 'internal calls received': number }> = {};
  for (const [name, url] of Object.entries(deployables)) {
    const after = await workOf(url);
    const before = workBefore[name] ?? { statements: 0, internalCalls: 0 };
    workTable[name] = {
      'SQL statements': perCheckout(after.statements - before.statements),
      'internal calls received': perCheckout(after.internalCalls - before.internalCalls),
    };
  }
  const work = Object.values(workTable);
  const workPerCheckout = {
    statements: Number(work.reduce((sum, each) => sum + each['SQL statements'], 0).toFixed(1)),
    internalCalls: Number(work.reduce((sum, each) => sum + each['internal calls received'], 0).toFixed(1)),
  };
  workTable['per checkout'] = {
    'SQL statements': workPerCheckout.statements,
    'internal calls received': workPerCheckout.internalCalls,
  };

  const steps = Object.fromEntries(
    [...stepMs].map(([path, step]) => [path, { 'mean ms': Math.round(step.total / step.count) }]),
  );

  // 2. Oversell: every buyer at once for the last units.
  const outcomes = await Promise.all(
    Array.from({ length: SCARCE_BUYERS }, (_, buyer) =>
      checkout(base, buyer, [{ productId: scarce, quantity: 1 }]).catch((error: unknown) => ({
        kind: 'error' as const,
        message: String(error),
      })),
    ),
  );
  const paidScarce = outcomes.filter((outcome) => outcome.kind === 'paid').length;
  const refusedScarce = outcomes.filter((outcome) => outcome.kind === 'refused').length;
  const erroredScarce = outcomes.filter((outcome) => outcome.kind === 'error');
  const { rows: stockRows } = await pool.query<{ stock: number }>(
    `select stock from ${catalog}.products where id = $1`,
    [scarce],
  );
  const { rows: soldRows } = await pool.query<{ units: number }>(
    `select coalesce(sum(i.quantity), 0)::int as units
       from ${catalog}.order_items i join ${catalog}.orders o on o.id = i.order_id
      where i.product_id = $1 and o.status = 'paid'`,
    [scarce],
  );

  // One order per paid payment, and no paid payment without its order.
  const { rows: duplicateRows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from (select payment_id from ${catalog}.orders where payment_id is not null
      group by payment_id having count(*) > 1) d`,
  );
  const { rows: orphanRows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from ${payments}.payments p where p.status = 'succeeded'
      and not exists (select 1 from ${catalog}.orders o where o.payment_id = p.id::text)`,
  );

  console.table({
    'throughput phase': {
      buyers: concurrency,
      seconds: Number(elapsed.toFixed(1)),
      'paid orders': latencies.length,
      'checkouts/s': Number(perSecond.toFixed(1)),
      'p50 ms': Math.round(percentile(latencies, 50)),
      'p99 ms': Math.round(percentile(latencies, 99)),
      failures,
    },
  });
  console.table(steps);
  console.log('Work per paid checkout (the throughput phase and the jobs it queued, from /metrics):');
  console.table(workTable);
  console.table({
    'oversell phase': {
      'units in stock': SCARCE_STOCK,
      buyers: SCARCE_BUYERS,
      'paid orders': paidScarce,
      'refused before paying': refusedScarce,
      errors: erroredScarce.length,
      'units sold': soldRows[0]?.units ?? -1,
      'stock left': stockRows[0]?.stock ?? -1,
    },
  });
  console.log(
    `duplicate orders: ${duplicateRows[0]?.n ?? -1}; paid payments without an order: ${orphanRows[0]?.n ?? -1}`,
  );
  for (const message of [...firstFailures, ...erroredScarce.slice(0, 3).map((error) => error.message)])
    console.error(`  ${message}`);

  const problems = [
    perSecond < BUDGET.perSecond &&
      `${perSecond.toFixed(1)} checkouts/s is below the budget of ${BUDGET.perSecond}`,
    percentile(latencies, 99) > BUDGET.p99Ms &&
      `p99 ${Math.round(percentile(latencies, 99))} ms is above the budget of ${BUDGET.p99Ms} ms`,
    workPerCheckout.statements > BUDGET.statements &&
      `${workPerCheckout.statements} SQL statements per checkout, above the budget of ${BUDGET.statements}`,
    workPerCheckout.internalCalls > BUDGET.internalCalls &&
      `${workPerCheckout.internalCalls} internal calls per checkout, above the budget of ${BUDGET.internalCalls}`,
    failures > 0 && `${failures} checkouts failed in the throughput phase`,
    paidScarce !== SCARCE_STOCK && `${paidScarce} paid orders for ${SCARCE_STOCK} units`,
    (soldRows[0]?.units ?? -1) !== SCARCE_STOCK && 'units sold differ from the units in stock',
    (stockRows[0]?.stock ?? -1) !== 0 && 'stock left is not 0',
    erroredScarce.length > 0 && `${erroredScarce.length} checkouts errored in the oversell phase`,
    (duplicateRows[0]?.n ?? -1) !== 0 && 'a payment has two orders',
    (orphanRows[0]?.n ?? -1) !== 0 && 'a paid payment has no order',
  ].filter(Boolean);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exitCode = 1;
  } else {
    console.log(
      `Within budget: at least ${BUDGET.perSecond} checkouts/s, p99 under ${BUDGET.p99Ms} ms, at most ` +
        `${BUDGET.statements} statements and ${BUDGET.internalCalls} internal call per checkout, ` +
        'no unit sold twice, stock never below 0.',
    );
  }
} finally {
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  await pool.end();
  await Promise.all(running.map((child) => child.stop()));
  await database.stop();
}
