import type { AdminOrderListItem, AdminOrdersPage, OrderStats } from '@jesus-walks/contracts/orders';
import type { AdminUsersPage } from '@jesus-walks/contracts/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyOrdersFilter, getAdminOrdersQueryOptions } from '../api/get-admin-orders';
import { getAdminUsersQueryOptions } from '../api/get-admin-users';
import { getOrderStatsQueryOptions, OVERVIEW_DAYS } from '../api/get-order-stats';
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
};

describe('Overview tab', () => {
  it('shows the four counts from the server and the chart with its summary and figures', () => {
    const users: AdminUsersPage = {
      items: [{ id: 1, username: 'boss', email: 'boss@example.com', isAdmin: true, isVerified: true }],
      total: 5000,
      page: 1,
      pageSize: 1,
    };
    const html = render(<OverviewTab />, (client) => {
      client.setQueryData(getOrderStatsQueryOptions(OVERVIEW_DAYS).queryKey, stats);
      client.setQueryData(
        getAdminUsersQueryOptions({ search: '', role: '', page: 1, pageSize: 1 }).queryKey,
        users,
      );
    });
    expect(html).toMatch(/data-stat="Total Users"[^>]*>5000</);
    expect(html).toMatch(/data-stat="Total Orders"[^>]*>12</);
    expect(html).toMatch(/data-stat="Total Products"[^>]*>4</);
    expect(html).toMatch(/data-stat="Revenue"[^>]*>\$0\.00</);
    expect(html).toContain('Revenue and orders per day, last 3 days');
    expect(html).toContain('Over the last 3 days: 3 orders, $0.00 revenue. Busiest day: Apr 2 (2 orders).');
  });
});

describe('orders chart', () => {
  it('draws bars against the busiest day, described by its summary, with a row per day', () => {
    const html = renderToStaticMarkup(
      <OrdersChart
        perDay={[
          { date: '2030-04-01', orders: 1, revenue: '10.00' },
          { date: '2030-04-02', orders: 4, revenue: '40.00' },
        ]}
      />,
    );
    expect(html).toContain('aria-describedby="orders-chart-summary"');
    expect(html).toContain('style="height:25%"');
    expect(html).toContain('style="height:100%"');
    expect(html).toContain('data-chart-day="2030-04-02"');
    expect(html).toContain('$40.00');
  });
});
