import { fromCents } from '@jesus-walks/contracts/money';
import {
  type AdminOrdersPage,
  AdminOrdersPageSchema,
  OrderStatsSchema,
  orderStatuses,
  revenueStatuses,
} from '@jesus-walks/contracts/orders';
import { startTestService, type TestService, testAdmin } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { as, insertProduct } from '../../testing/catalog-test-service.testing';
import { valleyDayOf } from './valley-dates';

/**
 * The dashboard with 10,000 orders: seeded in one statement (not 10,000 requests), every figure
 * the routes give checked against the formula that made the rows. Order n (1..10000):
 * status orderStatuses[n % 6], placed (n % 60) valley days ago, total (n % 100).99, customer
 * n % 50 + 1 (a guest every tenth order), e-mail buyer{n, 5 digits}@example.com.
 */
const ORDERS = 10_000;
const numbers = Array.from({ length: ORDERS }, (_, index) => index + 1);
const statusOf = (n: number) => orderStatuses[n % orderStatuses.length] as string;
const userOf = (n: number) => (n % 10 === 0 ? null : (n % 50) + 1);
const daysAgoOf = (n: number) => n % 60;
const centsOf = (n: number) => (n % 100) * 100 + 99;
const earns = (n: number) => (revenueStatuses as readonly string[]).includes(statusOf(n));

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
  const product = await insertProduct(catalog.db, { name: 'Scale Cap', stock: 0 });
  await sql`
    insert into orders (user_id, status, total, shipping_cost, shipping_address, customer_email,
                        customer_name, stock_held, created_at, updated_at)
    select case when n % 10 = 0 then null else n % 50 + 1 end,
           (array['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'])[n % 6 + 1],
           (n % 100) + 0.99,
           0,
           jsonb_build_object('fullName', 'Buyer ' || n, 'city', 'Napa'),
           'buyer' || lpad(n::text, 5, '0') || '@example.com',
           'Buyer ' || n,
           false,
           (((now() at time zone 'America/Los_Angeles')::date - n % 60)::timestamp
             + time '06:00' + (n % 600) * interval '1 minute') at time zone 'America/Los_Angeles',
           now()
    from generate_series(1, ${ORDERS}::int) as n
  `.execute(catalog.db);
  await sql`
    insert into order_items (order_id, product_id, quantity, price)
    select id, ${product.id}::int, id % 3 + 1, total from orders
  `.execute(catalog.db);
}, 60_000);
afterAll(() => catalog?.close());

async function get(url: string) {
  const response = await catalog.app.inject({
    url,
    headers: await as(testAdmin, 'GET', url.split('?')[0] ?? url),
  });
  expect(response.statusCode, url).toBe(200);
  return response;
}

async function page(query: string): Promise<AdminOrdersPage> {
  return AdminOrdersPageSchema.parse((await get(`/api/admin/orders?${query}`)).json());
}

const count = (predicate: (n: number) => boolean) => numbers.filter(predicate).length;

describe('the admin order routes with 10,000 orders', () => {
  it('pages through every order exactly once, newest first', async () => {
    const seen: AdminOrdersPage['items'] = [];
    const first = await page('pageSize=100');
    expect(first.total).toBe(ORDERS);
    const pages = Math.ceil(first.total / 100);
    seen.push(...first.items);
    for (let number = 2; number <= pages; number++)
      seen.push(...(await page(`pageSize=100&page=${number}`)).items);
    expect(new Set(seen.map((order) => order.id)).size).toBe(ORDERS);
    for (let i = 1; i < seen.length; i++) {
      const [newer, older] = [seen[i - 1], seen[i]];
      if (!newer || !older) throw new Error('missing row');
      const order =
        newer.createdAt === older.createdAt ? newer.id > older.id : newer.createdAt > older.createdAt;
      expect(order, `${newer.id} before ${older.id}`).toBe(true);
    }
    expect(seen[0]?.items).toHaveLength(1);
    expect((await page(`pageSize=100&page=${pages + 1}`)).items).toEqual([]);
  }, 60_000);

  it('filters by status, customer, words and valley dates, with exact totals', async () => {
    for (const status of orderStatuses) {
      expect((await page(`status=${status}&pageSize=1`)).total, status).toBe(
        count((n) => statusOf(n) === status),
      );
    }
    expect((await page('userId=7&pageSize=1')).total).toBe(count((n) => userOf(n) === 7));
    expect((await page('userId=7&status=paid&pageSize=1')).total).toBe(
      count((n) => userOf(n) === 7 && statusOf(n) === 'paid'),
    );
    const byEmail = await page('q=BUYER04321%40');
    expect(byEmail.items.map((order) => order.customerEmail)).toEqual(['buyer04321@example.com']);
    expect((await page('q=%234321')).items.map((order) => order.id)).toHaveLength(1);

    const today = valleyDayOf(new Date());
    expect((await page(`from=${today}&to=${today}&pageSize=1`)).total).toBe(count((n) => daysAgoOf(n) === 0));
    const stats = OrderStatsSchema.parse((await get('/api/admin/orders/stats?days=30')).json());
    const fiveDaysAgo = stats.perDay.at(-6)?.date as string;
    const tenDaysAgo = stats.perDay.at(-11)?.date as string;
    expect((await page(`from=${fiveDaysAgo}&to=${fiveDaysAgo}&pageSize=1`)).total).toBe(
      count((n) => daysAgoOf(n) === 5),
    );
    expect((await page(`from=${tenDaysAgo}&to=${fiveDaysAgo}&pageSize=1`)).total).toBe(
      count((n) => daysAgoOf(n) >= 5 && daysAgoOf(n) <= 10),
    );
    expect((await page(`from=${tenDaysAgo}&status=cancelled&pageSize=1`)).total).toBe(
      count((n) => daysAgoOf(n) <= 10 && statusOf(n) === 'cancelled'),
    );
  }, 60_000);

  it('gives the totals and the per-day figures of the last 30 valley days', async () => {
    const stats = OrderStatsSchema.parse((await get('/api/admin/orders/stats?days=30')).json());
    expect(stats.totalOrders).toBe(ORDERS);
    expect(stats.totalProducts).toBe(1);
    expect(stats.revenue).toBe(fromCents(numbers.filter(earns).reduce((sum, n) => sum + centsOf(n), 0)));
    expect(stats.perDay).toHaveLength(30);
    expect(stats.perDay.at(-1)?.date).toBe(valleyDayOf(new Date()));
    stats.perDay.forEach((day, index) => {
      const daysAgo = 29 - index;
      const placed = numbers.filter((n) => daysAgoOf(n) === daysAgo);
      expect(day.orders, day.date).toBe(placed.length);
      expect(day.revenue, day.date).toBe(
        fromCents(placed.filter(earns).reduce((sum, n) => sum + centsOf(n), 0)),
      );
    });
  });

  it('exports every matching order as one CSV row', async () => {
    const all = (await get('/api/admin/orders.csv')).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(all).toHaveLength(ORDERS + 1);
    const shipped = (await get('/api/admin/orders.csv?status=shipped')).body.trimEnd().split('\r\n');
    expect(shipped).toHaveLength(count((n) => statusOf(n) === 'shipped') + 1);
    expect(shipped.slice(1).every((line) => line.split(',')[2] === 'shipped')).toBe(true);
  }, 60_000);
});
