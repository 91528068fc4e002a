import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { type EmbeddedServer, startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
import { freePort } from '@jesus-walks/local-postgres/network';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { MAIL_QUEUE } from '@jesus-walks/service-kit/mailer';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sample, startLoad } from './load.testing';
import { type Stack, startStack } from './stack';

/**
 * Postgres restarted under load, through the real gateway: while it is down every answer is a JSON
 * error within the bound (never a hang, a stack trace or SQL); once it is back every route answers
 * 200 again within 15 s without restarting any service, and nothing committed before is lost: the
 * member's session, their paid orders and payments, their event registrations. New checkouts,
 * registrations and background jobs work after it. The test runs its own embedded Postgres (the
 * shared test server cannot be restarted). Loopback only, about twenty seconds.
 */
let root: string | undefined;
let dataDir: string;
let postgresPort: number;
let server: EmbeddedServer | undefined;
let databaseUrl: string;
let stack: Stack | undefined;
let origin: string;
let contentDb: Kysely<unknown> | undefined;
let paymentsDb: Kysely<unknown> | undefined;
const notices: string[] = [];
/** The load's clients go on while this is true (afterAll ends them too, should the test fail). */
let load: { stop(): Promise<void> } | undefined;

/** The same data directory and port each time: the same server, restarted. */
const startPostgres = () => startEmbeddedPostgres({ dataDir, port: postgresPort, persistent: true });

/** One statement on a connection of its own (a pool's idle connections die with the restart). */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'jesus-walks-restart-pg-'));
  dataDir = join(root, 'data');
  postgresPort = await freePort();
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database restart');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/restart';
  databaseUrl = url.toString();

  const webDist = join(root, 'web');
  await mkdir(webDist);
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The gateway's port is chosen up front: the sandbox delivers its webhooks to the public origin.
  const gatewayPort = await freePort();
  origin = `http://127.0.0.1:${gatewayPort}`;
  stack = await startStack({
    databaseUrl,
    host: '127.0.0.1',
    port: gatewayPort,
    publicOrigin: origin,
    secrets: testSecrets,
    seed: true,
    logger: false,
    logLevel: 'silent',
    environment: { WEB_DIST_DIR: webDist, RATE_LIMIT_MAX: '1000000', PAYMENTS_SANDBOX: 'on' },
    notice: (message) => notices.push(message),
  });
  contentDb = createDatabase({ connectionString: databaseUrl, schema: schemaNameOf('content-and-events') });
  paymentsDb = createDatabase({ connectionString: databaseUrl, schema: schemaNameOf('payments') });
}, 120_000);

afterAll(async () => {
  await load?.stop().catch(() => {});
  await contentDb?.destroy().catch(() => {});
  await paymentsDb?.destroy().catch(() => {});
  await stack?.close().catch(() => {});
  await server?.stop().catch(() => {});
  if (root) await rm(root, { recursive: true, force: true });
}, 60_000);

interface Answer {
  /** 0 when no answer came within 10 s (or the connection failed). */
  status: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of many routes, checked field by field
  json: any;
  setCookies: string[];
}

/** A request as the site's own pages send it. */
async function api(
  path: string,
  options: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${stack?.url}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        origin,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {}
    return { status: response.status, body, json, setCookies: response.headers.getSetCookie() };
  } catch (error) {
    return { status: 0, body: String(error), json: null, setCookies: [] };
  }
}

const member = { username: 'restart-member', email: 'restart-member@example.com', password: 'walk-on-water' };
const address = {
  fullName: 'Ada Walker',
  street: '1 Vineyard Lane',
  city: 'Napa',
  state: 'CA',
  zipCode: '94559',
  country: 'US',
};

/** A sandbox checkout start to finish, as /checkout does it: a paid order and its payment. */
async function checkout(cookie: string, productId: number): Promise<{ orderId: number; paymentId: string }> {
  const items = [{ productId, quantity: 1 }];
  const intent = await api('/api/checkout/create-payment-intent', {
    method: 'POST',
    cookie,
    body: { items, shippingAddress: address, paymentMethod: 'stripe' },
  });
  expect(intent.status, intent.body).toBe(201);
  expect(intent.json.processor).toBe('sandbox');
  const paymentId = String(intent.json.paymentId);
  const confirm = await api('/api/checkout/sandbox/confirm', {
    method: 'POST',
    cookie,
    body: {
      clientSecret: intent.json.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      contact: { fullName: address.fullName, email: member.email },
      cvc: '123',
    },
  });
  expect(confirm.status, confirm.body).toBe(200);
  const order = await api('/api/orders', {
    method: 'POST',
    cookie,
    body: {
      items,
      shippingAddress: address,
      paymentMethod: 'stripe',
      paymentId,
      customerEmail: member.email,
    },
  });
  expect(order.status, order.body).toBe(201);
  expect(order.json.status).toBe('paid');
  return { orderId: Number(order.json.id), paymentId };
}

async function register(cookie: string, eventId: number): Promise<{ id: number; status: string }> {
  const answer = await api(`/api/events/${eventId}/registrations`, { method: 'POST', cookie, body: {} });
  expect(answer.status, answer.body).toBe(201);
  return { id: Number(answer.json.id), status: String(answer.json.status) };
}

/** Polls until `done` answers true; throws with `what` at the deadline. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${what}`);
    await pause(100);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error answer in the API's envelope, telling nothing of the database behind it. */
function expectJsonError(sample: Sample, when: string) {
  const what = `${sample.path} ${when}: ${sample.status} ${sample.body.slice(0, 200)}`;
  expect(JSON.parse(sample.body), what).toMatchObject({
    message: expect.any(String),
    code: expect.any(String),
  });
  expect(sample.body, what).not.toMatch(
    /\bat .+\(|\.ts:\d+|\bselect\b|\binsert\b|ECONNREFUSED|127\.0\.0\.1|terminating connection|postgres/i,
  );
}

describe('Postgres restarted under load', () => {
  it('answers JSON errors while it is down, recovers by itself and loses nothing committed', async () => {
    if (!stack || !contentDb || !paymentsDb) throw new Error('the stack did not start');
    // 1. A member with a session, two paid orders and two event registrations.
    const created = await api('/api/users', { method: 'POST', body: member });
    expect(created.status, created.body).toBe(201);
    const login = await api('/api/auth/login', {
      method: 'POST',
      body: { username: member.username, password: member.password },
    });
    expect(login.status, login.body).toBe(200);
    const cookie = login.setCookies.map((setCookie) => setCookie.split(';')[0]).join('; ');
    expect(cookie).toMatch(/\bsid=/);

    const products = (await api('/api/products')).json as Array<{ id: number; stock: number }>;
    const product = products.find((candidate) => candidate.stock >= 10);
    if (!product) throw new Error('the demo catalogue has no product in stock');
    const paidBefore = [await checkout(cookie, product.id), await checkout(cookie, product.id)];

    const events = (await api('/api/events')).json as Array<{
      id: number;
      title: string;
      price: number;
      isPast: boolean;
      isCancelled: boolean;
      seatsLeft: number;
    }>;
    // Free ones first: their registrations are confirmed at once.
    const open = events
      .filter((event) => !event.isPast && !event.isCancelled && event.seatsLeft > 0)
      .sort((a, b) => a.price - b.price);
    const [first, second, third] = open;
    if (!first || !second || !third) throw new Error('the demo events have no three open events');
    const registeredBefore = [await register(cookie, first.id), await register(cookie, second.id)];

    // What was queued so far has run: no job is cut off halfway by the stop (it would wait for its
    // expiry, minutes, before running again).
    await waitForJobs(contentDb, { names: [MAIL_QUEUE] });
    await waitForJobs(paymentsDb, { names: ['sandbox-webhook-delivery'] });
    const appsBefore = Object.values(stack.services).map((service) => service.app);

    // 2. Load: visitors and the member, every answer recorded.
    const paths = ['/api/products', '/api/events', '/api/auth/me'];
    const running = startLoad({ workers: 4, paths, request: (path) => api(path, { cookie }), breathMs: 20 });
    load = running;
    const { samples } = running;

    // 3. Postgres stops (a fast shutdown: every connection cut), stays down a second, starts again.
    await pause(1_000);
    const stoppingAt = performance.now();
    await server?.stop();
    const downAt = performance.now();
    await pause(1_000);
    const restartingAt = performance.now();
    server = await startPostgres();
    const upAt = performance.now();

    // 4. Every route answers 200 again within 15 s, by itself.
    const deadline = upAt + 15_000;
    for (const path of paths) {
      await until(
        `${path} answers 200 again`,
        async () => (await api(path, { cookie })).status === 200,
        deadline - performance.now(),
      );
    }
    const allBackAt = performance.now();
    await pause(2_000);
    await load.stop();
    // No service was restarted: the same apps answer.
    expect(Object.values(stack.services).every((service, i) => service.app === appsBefore[i])).toBe(true);

    // Never a hang: every request got its answer within the bound.
    expect(samples.filter((sample) => sample.status === 0)).toEqual([]);
    // Sent and answered while Postgres was down: JSON errors only.
    const down = samples.filter((sample) => sample.at >= downAt && sample.at + sample.ms <= restartingAt);
    expect(down.length).toBeGreaterThan(5);
    for (const sample of down) {
      expect(sample.status, `${sample.path} while down: ${sample.body.slice(0, 200)}`).toBe(503);
      expectJsonError(sample, 'while down');
    }
    // From the stop until every route is back, the answers are 200 or 503s saying to try again:
    // never a 401 telling a logged-in member's browser that they are logged out.
    const disturbed = samples.filter((sample) => sample.at >= stoppingAt && sample.at < allBackAt);
    for (const sample of disturbed) {
      if (sample.status === 200) continue;
      expect(sample.status, `${sample.path} during the restart: ${sample.body.slice(0, 200)}`).toBe(503);
      expectJsonError(sample, 'during the restart');
    }
    // Once back, it stays back.
    const after = samples.filter((sample) => sample.at >= allBackAt);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((sample) => sample.status !== 200)).toEqual([]);

    // Nothing committed is lost: the session, ...
    const me = await api('/api/auth/me', { cookie });
    expect(me.status, me.body).toBe(200);
    expect(me.json).toMatchObject({ username: member.username, email: member.email });
    // ... the paid orders and their payments, ...
    const orders = await api('/api/orders', { cookie });
    expect(orders.status, orders.body).toBe(200);
    for (const { orderId } of paidBefore) {
      expect(orders.json).toContainEqual(expect.objectContaining({ id: orderId, status: 'paid' }));
    }
    const paymentIds = paidBefore.map((paid) => paid.paymentId);
    const payments = await query<{ id: string; status: string }>(
      `select id::text, status from ${schemaNameOf('payments')}.payments where id = any($1::uuid[])`,
      [paymentIds],
    );
    expect(payments.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded']);
    const linked = await query<{ id: number; paymentId: string }>(
      `select id, payment_id as "paymentId" from ${schemaNameOf('catalog-and-orders')}.orders
        where payment_id = any($1::text[]) order by id`,
      [paymentIds],
    );
    expect(linked).toEqual(paidBefore.map(({ orderId, paymentId }) => ({ id: orderId, paymentId })));
    // ... and the registrations.
    const mine = await api('/api/events/my-registrations', { cookie });
    expect(mine.status, mine.body).toBe(200);
    for (const registration of registeredBefore) {
      expect(mine.json).toContainEqual(expect.objectContaining(registration));
    }

    // New work goes through: a checkout, a registration, ...
    const paidAfter = await checkout(cookie, product.id);
    expect(paidAfter.orderId).toBeGreaterThan(Math.max(...paidBefore.map((paid) => paid.orderId)));
    const registeredAfter = await register(cookie, third.id);
    expect(['confirmed', 'pending_payment']).toContain(registeredAfter.status);

    // ... and the job queues run what it queued: the registration's e-mail is sent (printed, no
    // SMTP here) and the sandbox's webhook of the payment is delivered.
    await until('the e-mails of the three registrations are sent', async () => {
      const mail = await queuedMailFor(contentDb as Kysely<unknown>, member.email);
      return mail.length === 3 && mail.every((sent) => sent.state === 'completed');
    });
    expect(notices.some((notice) => notice.includes(member.email) && notice.includes(third.title))).toBe(
      true,
    );
    await until('the webhooks of the three payments are delivered', async () => {
      const deliveries = await jobsOf(paymentsDb as Kysely<unknown>, 'sandbox-webhook-delivery');
      return deliveries.length === 3 && deliveries.every((delivery) => delivery.state === 'completed');
    });
  }, 90_000);
});
