import type { AdminOrderListItem, AdminOrdersPage, OrderStats } from '@jesus-walks/contracts/orders';
import type { AdminUsersPage } from '@jesus-walks/contracts/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyOrdersFilter, getAdminOrdersQueryOptions } from '../api/get-admin-orders';
import { getAdminUsersQueryOptions } from '../api/get-admin-users';
import { getOrderStatsQueryOptions, OVERVIEW_DAYS } from '../api/get-order-stats';
import { getWalkStatsQueryOptions, type WalkStats } from '../api/get-walk-stats';
import { overviewDays } from '../utils/order-chart';
import { savedValuesKey } from './order-details-dialog';
import { OrdersChart } from './orders-chart';
import { OrdersTab } from './orders-tab';
import { OverviewTab } from './overview-tab';

/** A tab rendered once with its queries already answered (what the server gave): no request is made. */
function render(node: ReactNode, fill: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fill(client);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const order: AdminOrderListItem = {
  id: 41,
  userId: 2,
  status: 'shipped',
  total: '44.00',
  shippingCost: '0.00',
  createdAt: '2030-04-01T19:00:00.000Z',
  updatedAt: '2030-04-01T19:00:00.000Z',
  shippingAddress: { fullName: 'Martha Walker' },
  items: [{ productId: 7, name: 'Trail Cap', quantity: 2, price: '22.00' }],
  customerName: 'Martha Walker',
  customerEmail: 'martha@example.com',
  trackingNumber: '1Z9',
  carrier: 'UPS',
  estimatedDeliveryDate: null,
  cancellationReason: null,
  paymentMethod: null,
  testMode: false,
  customerUsername: 'martha',
};

describe('Orders tab', () => {
  it("shows the SPEC's table for the page the server gave, with 'Page X of Y', the total and the filters", () => {
    const page: AdminOrdersPage = {
      items: [order, { ...order, id: 40, userId: null, status: 'pending', customerUsername: null }],
      total: 60,
      page: 1,
      pageSize: 25,
    };
    const html = render(<OrdersTab />, (client) =>
      client.setQueryData(getAdminOrdersQueryOptions(emptyOrdersFilter, 1).queryKey, page),
    );
    for (const heading of ['Order ID', 'User ID', 'Status', 'Total', 'Created', 'Actions']) {
      expect(html).toContain(`>${heading}</th>`);
    }
    expect(html).toContain('Orders Management');
    expect(html).toContain('data-order="41"');
    expect(html).toContain('#41');
    expect(html).toContain('$44.00');
    expect(html).toContain('>Guest<');
    expect(html).toContain('aria-label="View order 41"');
    expect(html).toContain('aria-label="Delete order 40"');
    expect(html).toContain('Page 1 of 3 · 60 orders');
    expect(html).toContain('Export CSV');
    expect(html).toContain('Every status');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Previous/);
  });

  it("names a guest's order by the name and e-mail given, marks test mode, and gives the valley's day and time with its zone", () => {
    const guest: AdminOrderListItem = {
      ...order,
      id: 40,
      userId: null,
      status: 'paid',
      customerUsername: null,
      customerName: 'Gail Guest',
      customerEmail: 'gail@example.com',
      testMode: true,
      // 05:30 on 2 April in UTC is still 1 April, 10:30 PM, in the valley.
      createdAt: '2030-04-02T05:30:00.000Z',
    };
    const html = render(<OrdersTab />, (client) =>
      client.setQueryData(getAdminOrdersQueryOptions(emptyOrdersFilter, 1).queryKey, {
        items: [guest, order],
        total: 2,
        page: 1,
        pageSize: 25,
      }),
    );
    const row = /<tr[^>]*data-order="40"[^>]*>(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(row).toContain('>Guest<');
    expect(row).toContain('Gail Guest');
    expect(row).toContain('gail@example.com');
    expect(row).toContain('Test mode');
    expect(row).toContain('Apr 1, 2030');
    expect(row).toContain('10:30 PM PDT');
    const member = /<tr[^>]*data-order="41"[^>]*>(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(member).toContain('martha');
    expect(member).toContain('martha@example.com');
    expect(member).not.toContain('Test mode');
    expect(member).toContain('12:00 PM PDT');
  });

  it('gives every order a card of its own with View and Delete at hand (narrow screens), the table from 1024 px', () => {
    const html = render(<OrdersTab />, (client) =>
      client.setQueryData(getAdminOrdersQueryOptions(emptyOrdersFilter, 1).queryKey, {
        items: [
          order,
          { ...order, id: 40, userId: null, customerUsername: null, customerName: 'Gail Guest' },
        ],
        total: 2,
        page: 1,
        pageSize: 25,
      }),
    );
    expect(html).toMatch(/<ul aria-label="Orders" class="[^"]*lg:hidden/);
    expect(html).toMatch(/<div class="[^"]*hidden[^"]*lg:block[^"]*"><section aria-label="Orders"/);
    for (const id of [41, 40]) {
      const card = new RegExp(`<li data-order-card="${id}">(.*?)</li>`).exec(html)?.[1] ?? '';
      expect(card).toContain(`Order #${id}`);
      expect(card).toContain(`aria-label="View order ${id}"`);
      expect(card).toContain(`aria-label="Delete order ${id}"`);
    }
    expect(/<li data-order-card="40">(.*?)<\/li>/.exec(html)?.[1]).toContain('Gail Guest');
  });

  it('says when nothing is there yet', () => {
    const html = render(<OrdersTab />, (client) =>
      client.setQueryData(getAdminOrdersQueryOptions(emptyOrdersFilter, 1).queryKey, {
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
      }),
    );
    expect(html).toContain('No orders yet.');
    expect(html).toContain('Page 1 of 1 · 0 orders');
  });
});

const stats: OrderStats = {
  totalOrders: 12,
  revenue: '0.00',
  totalProducts: 4,
  days: 3,
  perDay: [
    { date: '2030-04-01', orders: 0, revenue: '0.00' },
    { date: '2030-04-02', orders: 2, revenue: '0.00' },
    { date: '2030-04-03', orders: 1, revenue: '0.00' },
  ],
  testMode: { count: 0, revenue: '0.00' },
};

const walks: WalkStats = {
  paidRegistrations: 3,
  revenue: '75.00',
  days: 3,
  perDay: [
    { date: '2030-04-01', registrations: 1, revenue: '25.00' },
    { date: '2030-04-02', registrations: 0, revenue: '0.00' },
    { date: '2030-04-03', registrations: 2, revenue: '50.00' },
  ],
  testMode: { count: 0, revenue: '0.00' },
};

const users: AdminUsersPage = {
  items: [{ id: 1, username: 'boss', email: 'boss@example.com', isAdmin: true, isVerified: true }],
  total: 5000,
  page: 1,
  pageSize: 1,
};

function renderOverview(shop: OrderStats, walkStats: WalkStats) {
  return render(<OverviewTab />, (client) => {
    client.setQueryData(getOrderStatsQueryOptions(OVERVIEW_DAYS).queryKey, shop);
    client.setQueryData(getWalkStatsQueryOptions(OVERVIEW_DAYS).queryKey, walkStats);
    client.setQueryData(
      getAdminUsersQueryOptions({ search: '', role: '', page: 1, pageSize: 1 }).queryKey,
      users,
    );
  });
}

describe('Overview tab', () => {
  it('shows the four counts from the server and the chart with its summary and figures', () => {
    const html = renderOverview(stats, {
      ...walks,
      revenue: '0.00',
      paidRegistrations: 0,
      perDay: walks.perDay.map((day) => ({ ...day, registrations: 0, revenue: '0.00' })),
    });
    expect(html).toMatch(/data-stat="Total Users"[^>]*>5000</);
    expect(html).toMatch(/data-stat="Total Orders"[^>]*>12</);
    expect(html).toMatch(/data-stat="Total Products"[^>]*>4</);
    expect(html).toMatch(/data-stat="Revenue"[^>]*>\$0\.00</);
    expect(html).toContain('Revenue, orders and paid walk seats per day, last 3 days');
    expect(html).toContain(
      'Over the last 3 days: $0.00 revenue ($0.00 shop, $0.00 walks); 3 orders, 0 paid walk seats.',
    );
    expect(html).not.toContain('Test mode');
  });

  it("counts the shop's and the paid walks' revenue, each and together", () => {
    const html = renderOverview({ ...stats, revenue: '120.50' }, walks);
    expect(html).toMatch(/data-stat="Revenue"[^>]*>\$195\.50</);
    expect(html).toContain('Shop $120.50 + walks $75.00.');
    expect(html).toContain('Walk seats</th>');
    expect(html).toMatch(/data-chart-day="2030-04-03".*?\$50\.00/);
  });

  it('says apart what the sandbox took, which no figure counts', () => {
    const html = renderOverview(
      { ...stats, testMode: { count: 2, revenue: '49.00' } },
      { ...walks, testMode: { count: 1, revenue: '25.00' } },
    );
    expect(html).toContain('Test mode, not counted');
    expect(html).toContain(
      '2 orders ($49.00) and 1 walk seat ($25.00) paid through the built-in sandbox: no real money was taken',
    );
  });
});

describe('orders chart', () => {
  it('draws bars against the busiest day, described by its summary, with a row per day', () => {
    const html = renderToStaticMarkup(
      <OrdersChart
        days={overviewDays(
          [
            { date: '2030-04-01', orders: 1, revenue: '10.00' },
            { date: '2030-04-02', orders: 4, revenue: '40.00' },
          ],
          [
            { date: '2030-04-01', registrations: 0, revenue: '0.00' },
            { date: '2030-04-02', registrations: 0, revenue: '0.00' },
          ],
        )}
      />,
    );
    expect(html).toContain('aria-describedby="orders-chart-summary"');
    expect(html).toContain('style="height:25%"');
    expect(html).toContain('style="height:100%"');
    expect(html).toContain('data-chart-day="2030-04-02"');
    expect(html).toContain('$40.00');
  });
});

describe('Order Details: when its form starts again from the saved order', () => {
  it('not for an equal order handed over as a new object (a refetch), but for another order or new saved values', () => {
    const refetched = structuredClone(order);
    expect(refetched).not.toBe(order);
    expect(savedValuesKey(refetched)).toBe(savedValuesKey(order));
    expect(savedValuesKey({ ...order, updatedAt: '2030-04-02T19:00:00.000Z' })).toBe(savedValuesKey(order));
    for (const changed of [
      { ...order, id: 42 },
      { ...order, status: 'delivered' as const },
      { ...order, trackingNumber: '1Z10' },
      { ...order, carrier: 'USPS' },
      { ...order, estimatedDeliveryDate: '2030-04-09T19:00:00.000Z' },
    ])
      expect(savedValuesKey(changed)).not.toBe(savedValuesKey(order));
    expect(savedValuesKey(null)).toBe('');
  });
});
