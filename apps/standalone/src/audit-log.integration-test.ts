import { service as aiAssistant } from '@jesus-walks/ai-assistant/service';
import { service as catalogAndOrders } from '@jesus-walks/catalog-and-orders/service';
import { service as contentAndEvents } from '@jesus-walks/content-and-events/service';
import {
  type AuditEntry,
  type AuditedService,
  type AuditLogPage,
  type AuditTargetType,
  auditedServices,
} from '@jesus-walks/contracts/audit';
import { service as identity } from '@jesus-walks/identity/service';
import { service as payments } from '@jesus-walks/payments/service';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * GET /api/admin/audit-log gathering the real services' records: identity asks catalog-and-orders,
 * payments and content-and-events over their internal routes (each service on its own database
 * and port, as deployed), merges newest first and pages by one cursor across all four.
 *
 * The entries are written with service-kit's recordAudit into each service's own record, at fixed
 * times, so that the order across services is known; the services' own mutations are tested for
 * their records in each service.
 */
// biome-ignore lint/suspicious/noExplicitAny: four services, four table types; the record is the kit's
type AnyTestService = TestService<any, any>;
const peers: Record<Exclude<AuditedService, 'identity'>, AnyTestService> = {} as never;
let identityService: AnyTestService;
const admin = { id: testAdmin.id, username: testAdmin.username };

async function listen(test: AnyTestService): Promise<string> {
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const address = test.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

interface Fixture {
  service: AuditedService;
  at: string;
  action: string;
  target: { type: AuditTargetType; id: string; label: string };
  summary: string;
}

/** Two entries at 10:00:00.000 in different services: the tie is broken by service name. */
const fixtures: Fixture[] = [
  {
    service: 'identity',
    at: '2030-03-01T09:00:00.000Z',
    action: 'user.created',
    target: { type: 'user', id: '7', label: 'ann' },
    summary: 'Added user ann',
  },
  {
    service: 'catalog-and-orders',
    at: '2030-03-01T09:30:00.000Z',
    action: 'product.created',
    target: { type: 'product', id: '3', label: 'Trail Cap' },
    summary: 'Created product Trail Cap',
  },
  {
    service: 'payments',
    at: '2030-03-01T10:00:00.000Z',
    action: 'payment.refunded',
    target: { type: 'payment', id: '11', label: 'Order #12' },
    summary: 'Refunded $24.50 for order #12',
  },
  {
    service: 'catalog-and-orders',
    at: '2030-03-01T10:00:00.000Z',
    action: 'order.status_changed',
    target: { type: 'order', id: '12', label: 'Order #12' },
    summary: 'Changed order #12 from paid to cancelled',
  },
  {
    service: 'content-and-events',
    at: '2030-03-01T10:30:00.000Z',
    action: 'event.cancelled',
    target: { type: 'event', id: '4', label: 'Sunrise Walk' },
    summary: 'Cancelled event Sunrise Walk',
  },
  {
    service: 'identity',
    at: '2030-03-01T11:00:00.000Z',
    action: 'user.updated',
    target: { type: 'user', id: '7', label: 'ann' },
    summary: 'Edited user ann: email',
  },
  {
    service: 'content-and-events',
    at: '2030-03-01T11:30:00.000Z',
    action: 'subscriber.removed',
    target: { type: 'subscriber', id: '9', label: 'walker@example.com' },
    summary: 'Removed subscriber walker@example.com',
  },
  {
    service: 'payments',
    at: '2030-03-01T12:00:00.000Z',
    action: 'payment.refunded',
    target: { type: 'payment', id: '13', label: 'Order #14' },
    summary: 'Refunded $9.99 for order #14',
  },
  {
    service: 'ai-assistant',
    at: '2030-03-01T12:30:00.000Z',
    action: 'knowledge.updated',
    target: { type: 'knowledge', id: '3', label: 'What to bring' },
    summary: 'Edited "What to bring" in the assistant\'s knowledge: content.',
  },
];

/** The summaries in the order the route must give them: newest first, ties by service descending. */
const newestFirst = [
  'Edited "What to bring" in the assistant\'s knowledge: content.',
  'Refunded $9.99 for order #14',
  'Removed subscriber walker@example.com',
  'Edited user ann: email',
  'Cancelled event Sunrise Walk',
  'Refunded $24.50 for order #12', // 10:00, payments
  'Changed order #12 from paid to cancelled', // 10:00, catalog-and-orders sorts after payments
  'Created product Trail Cap',
  'Added user ann',
];

beforeAll(async () => {
  const [catalog, pay, content, assistant] = await Promise.all([
    startTestService(catalogAndOrders),
    startTestService(payments),
    startTestService(contentAndEvents),
    startTestService(aiAssistant),
  ]);
  peers['catalog-and-orders'] = catalog as AnyTestService;
  peers.payments = pay as AnyTestService;
  peers['content-and-events'] = content as AnyTestService;
  peers['ai-assistant'] = assistant as AnyTestService;
  identityService = (await startTestService(identity, {
    CATALOG_AND_ORDERS_URL: await listen(peers['catalog-and-orders']),
    PAYMENTS_URL: await listen(peers.payments),
    CONTENT_AND_EVENTS_URL: await listen(peers['content-and-events']),
    AI_ASSISTANT_URL: await listen(peers['ai-assistant']),
  })) as AnyTestService;

  // biome-ignore lint/suspicious/noExplicitAny: each service's own table types; the record is the kit's
  const dbOf = (service: AuditedService): Kysely<any> =>
    service === 'identity' ? identityService.db : peers[service].db;
  for (const fixture of fixtures) {
    const db = dbOf(fixture.service);
    await recordAudit(db, {
      actor: admin,
      action: fixture.action,
      target: fixture.target,
      summary: fixture.summary,
    });
    await sql`update audit_log set occurred_at = ${fixture.at} where summary = ${fixture.summary}`.execute(
      db,
    );
  }
}, 120_000);

afterAll(async () => {
  await identityService?.close();
  await Promise.all(Object.values(peers).map((peer) => peer?.close()));
});

async function get(query: string, caller = testAdmin) {
  const url = `/api/admin/audit-log${query}`;
  return identityService.app.inject({ url, headers: await identityHeaders(caller, 'GET', url) });
}

async function page(query: string): Promise<AuditLogPage> {
  const response = await get(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const summaries = (entries: AuditEntry[]) => entries.map((entry) => entry.summary);

describe('GET /api/admin/audit-log across the services', () => {
  it('answers 401 anonymous and 403 for a member', async () => {
    expect((await identityService.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await get('', testUser)).statusCode).toBe(403);
  });

  it("merges every service's record newest first, each entry naming its service", async () => {
    const all = await page('');
    expect(all.unavailable).toEqual([]);
    expect(all.nextCursor).toBeNull();
    expect(summaries(all.entries)).toEqual(newestFirst);
    expect(all.entries.find((entry) => entry.action === 'event.cancelled')).toMatchObject({
      id: expect.stringMatching(/^content-and-events:\d+$/),
      service: 'content-and-events',
      occurredAt: '2030-03-01T10:30:00.000Z',
      actor: admin,
      target: { type: 'event', id: '4', label: 'Sunrise Walk' },
    });
    expect(new Set(all.entries.map((entry) => entry.service))).toEqual(new Set(auditedServices));
  });

  it('filters by service, target type, words and time, across the services', async () => {
    const onlyPayments = await page('?service=payments');
    expect(summaries(onlyPayments.entries)).toEqual([
      'Refunded $9.99 for order #14',
      'Refunded $24.50 for order #12',
    ]);
    expect(onlyPayments.unavailable).toEqual([]);
    expect(summaries((await page('?targetType=order')).entries)).toEqual([
      'Changed order #12 from paid to cancelled',
    ]);
    expect(summaries((await page('?q=order%20%2312')).entries)).toEqual([
      'Refunded $24.50 for order #12',
      'Changed order #12 from paid to cancelled',
    ]);
    expect(summaries((await page('?action=payment.')).entries)).toHaveLength(2);
    const window = await page('?from=2030-03-01T10:00:00.000Z&to=2030-03-01T11:00:00.000Z');
    expect(summaries(window.entries)).toEqual(newestFirst.slice(4, 7));
  });

  it('pages by cursor across the services without skipping or repeating an entry', async () => {
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next: AuditLogPage = await page(
          `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(next.entries.length).toBeLessThanOrEqual(limit);
        seen.push(...summaries(next.entries));
        cursor = next.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen).toEqual(newestFirst);
    }
    // A filtered query pages the same way.
    const first = await page('?service=payments&limit=1');
    const second = await page(`?service=payments&limit=1&cursor=${first.nextCursor}`);
    expect([...summaries(first.entries), ...summaries(second.entries)]).toEqual([
      'Refunded $9.99 for order #14',
      'Refunded $24.50 for order #12',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('lists a stopped service as unavailable and still answers with the others', async () => {
    await peers.payments.app.close();
    const all = await page('');
    expect(all.unavailable).toEqual(['payments']);
    expect(summaries(all.entries)).toEqual(newestFirst.filter((summary) => !summary.startsWith('Refunded')));
    const onlyPayments = await page('?service=payments');
    expect(onlyPayments).toEqual({ entries: [], nextCursor: null, unavailable: ['payments'] });
  });
});
