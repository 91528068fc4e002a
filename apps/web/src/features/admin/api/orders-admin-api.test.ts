import { orderRoutes } from '@jesus-walks/contracts/orders';
import { orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { cancelAndRefundOrder } from './cancel-and-refund-order';
import { getOrdersCsv } from './download-orders-csv';
import {
  emptyOrdersFilter,
  getAdminOrders,
  getAdminOrdersQueryOptions,
  ORDERS_PAGE_SIZE,
} from './get-admin-orders';
import { getOrderPayment } from './get-order-payment';
import { getOrderStats, getOrderStatsQueryOptions } from './get-order-stats';
import { adminQueryKeys } from './query-keys';
import { setOrderShipment } from './set-order-shipment';

const order = {
  id: 11,
  userId: 2,
  status: 'paid',
  total: '44.00',
  shippingCost: '0.00',
  createdAt: '2030-04-01T09:00:00.000Z',
  updatedAt: '2030-04-01T09:00:00.000Z',
  shippingAddress: { fullName: 'Martha Walker' },
  items: [{ productId: 7, name: 'Trail Cap', quantity: 2, price: '22.00' }],
  customerName: 'Martha Walker',
  customerEmail: 'martha@example.com',
  trackingNumber: null,
  carrier: null,
  estimatedDeliveryDate: null,
  cancellationReason: null,
  paymentMethod: null,
  testMode: false,
};
const payment = {
  orderId: 11,
  paymentId: '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f',
  paymentMethod: 'stripe',
  provider: 'sandbox',
  amount: '44.00',
  status: 'succeeded',
  refundStatus: null,
  refundReason: null,
  testMode: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function requested(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return {
    url: String(url),
    method: init?.method,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
  };
}

describe('orders tab', () => {
  it('GET /api/admin/orders with the page and only the filters that are set', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ items: [{ ...order, customerUsername: 'martha' }], total: 1, page: 2, pageSize: 25 }),
    );
    const page = await getAdminOrders({ status: 'paid', search: '  martha ', from: '2030-04-01', to: '' }, 2);
    expect(page.items[0]?.customerUsername).toBe('martha');
    const { url, method } = requested(fetchMock);
    expect(method).toBe('GET');
    const sentUrl = new URL(url, 'http://site');
    expect(sentUrl.pathname).toBe(orderRoutes.adminList.path);
    expect(Object.fromEntries(sentUrl.searchParams)).toEqual({
      status: 'paid',
      q: 'martha',
      from: '2030-04-01',
      page: '2',
      pageSize: String(ORDERS_PAGE_SIZE),
    });
  });

  it('keeps every page under the orders key, so each order mutation refreshes it', () => {
    const options = getAdminOrdersQueryOptions(emptyOrdersFilter, 3);
    expect(options.queryKey.slice(0, 2)).toEqual([...adminQueryKeys.orders]);
    expect(options.queryKey).toEqual(['admin', 'orders', 'page', { page: 3 }]);
    expect(getOrderStatsQueryOptions(30).queryKey.slice(0, 2)).toEqual([...adminQueryKeys.orders]);
    expect(getOrderStatsQueryOptions(30).staleTime).toBe(0);
  });

  it('GET /api/admin/orders.csv with the same filters, read as text', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response('\uFEFFOrder ID\r\n11\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    // The byte-order mark is dropped in reading (saveTextFile puts it back).
    expect(await getOrdersCsv({ ...emptyOrdersFilter, status: 'shipped' })).toBe('Order ID\r\n11\r\n');
    expect(requested(fetchMock).url).toBe(`${orderRoutes.adminCsv.path}?status=shipped`);
  });

  it('GET /api/admin/orders/stats?days=30', async () => {
    const stats = {
      totalOrders: 3,
      revenue: '44.00',
      totalProducts: 2,
      days: 30,
      perDay: [{ date: '2030-04-01', orders: 3, revenue: '44.00' }],
      testMode: { count: 1, revenue: '12.00' },
    };
    const fetchMock = stubFetch(() => jsonResponse(stats));
    expect(await getOrderStats(30)).toEqual(stats);
    expect(requested(fetchMock).url).toBe(`${orderRoutes.adminStats.path}?days=30`);
  });

  it('PUT /api/admin/orders/{id}/shipment with the tracking details', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ order: { ...order, status: 'shipped', trackingNumber: '1Z9' }, customerNotified: true }),
    );
    const result = await setOrderShipment({ id: 11, body: { trackingNumber: '1Z9', carrier: 'UPS' } });
    expect(result.customerNotified).toBe(true);
    expect(requested(fetchMock)).toEqual({
      url: pathOf(orderRoutes.setShipment, { id: 11 }),
      method: 'PUT',
      body: { trackingNumber: '1Z9', carrier: 'UPS' },
    });
  });
});

describe("an order's payment", () => {
  it('GET /api/admin/orders/{id}/payment', async () => {
    const fetchMock = stubFetch(() => jsonResponse(payment));
    expect(await getOrderPayment(11)).toMatchObject({ provider: 'sandbox', testMode: true });
    expect(requested(fetchMock).url).toBe(pathOf(orderPaymentRoutes.get, { id: 11 }));
  });

  it('reads 404 as no online payment (a manual order), and raises other failures', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'No payment', code: 'not_found' }, { status: 404, statusText: 'Not Found' }),
    );
    expect(await getOrderPayment(11)).toBeNull();
    stubFetch(() =>
      jsonResponse(
        { message: 'Down', code: 'upstream_unavailable' },
        { status: 503, statusText: 'Service Unavailable' },
      ),
    );
    await expect(getOrderPayment(11)).rejects.toThrow('HTTP 503: Service Unavailable');
  });

  it('POST /api/admin/orders/{id}/refund with the reason; a 409 keeps the server message for the toast', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(
        {
          orderId: 11,
          orderStatus: 'cancelled',
          payment: { ...payment, refundStatus: 'requested' },
          message: 'Refund requested',
        },
        { status: 202 },
      ),
    );
    const result = await cancelAndRefundOrder({ orderId: 11, reason: 'Customer asked' });
    expect(result.message).toBe('Refund requested');
    expect(requested(fetchMock)).toEqual({
      url: pathOf(orderPaymentRoutes.cancelAndRefund, { id: 11 }),
      method: 'POST',
      body: { reason: 'Customer asked' },
    });
    stubFetch(() =>
      jsonResponse(
        { message: 'This order has already shipped', code: 'conflict' },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    await expect(cancelAndRefundOrder({ orderId: 11, reason: 'x' })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'This order has already shipped',
    });
  });
});
