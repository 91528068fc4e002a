import { authRoutes } from '@jesus-walks/contracts/auth';
import { orderRoutes } from '@jesus-walks/contracts/orders';
import { productRoutes } from '@jesus-walks/contracts/products';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { userRoutes } from '@jesus-walks/contracts/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDashboardUserQueryOptions } from '@/components/admin-gate/get-dashboard-user';
import { changePassword } from '@/lib/account/change-password';
import { logout } from '@/lib/logout';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { createManualOrder } from './create-manual-order';
import { createTestProduct } from './create-test-product';
import { createUser } from './create-user';
import { deleteOrder } from './delete-order';
import { deleteProduct } from './delete-product';
import { getProducts, getProductsQueryOptions } from './get-products';
import { getUsers, getUsersQueryOptions } from './get-users';
import { updateOrder } from './update-order';
import { updateProduct } from './update-product';
import { updateUser } from './update-user';

const user = { id: 2, username: 'martha', email: 'martha@example.com', isAdmin: false, isVerified: true };
const product = {
  id: 7,
  name: 'Trail Cap',
  description: 'A cap',
  price: '22.00',
  imageUrl: '/images/products/trail-cap.svg',
  category: 'Headwear',
  stock: 3,
  available: 3,
};
const order = {
  id: 11,
  userId: 2,
  status: 'pending',
  total: '44.00',
  shippingCost: '0.00',
  createdAt: '2030-04-01T09:00:00.000Z',
  updatedAt: '2030-04-01T09:00:00.000Z',
  shippingAddress: {
    fullName: 'Martha Walker',
    street: '1 Vine St',
    city: 'Napa',
    state: 'CA',
    zipCode: '94559',
  },
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

afterEach(() => {
  vi.unstubAllGlobals();
});

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return {
    url,
    method: init?.method,
    credentials: init?.credentials,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
  };
}

describe('admin lists', () => {
  it('GET /api/users with the session cookie', async () => {
    const fetchMock = stubFetch(() => jsonResponse([user]));
    expect(await getUsers()).toEqual([user]);
    expect(sent(fetchMock)).toMatchObject({
      url: userRoutes.list.path,
      method: 'GET',
      credentials: 'include',
    });
  });

  it('GET /api/products?includeTest=true: the shop and the test products only admins see', async () => {
    const testProduct = { ...product, id: 8, name: 'Test Product AB12', isTest: true };
    const fetchMock = stubFetch(() => jsonResponse([{ ...product, isTest: false }, testProduct]));
    expect(await getProducts()).toEqual([{ ...product, isTest: false }, testProduct]);
    expect(sent(fetchMock)).toMatchObject({
      url: `${productRoutes.list.path}?includeTest=true`,
      method: 'GET',
    });
  });

  it("raises 'HTTP {status}: {statusText}' when a list fails", async () => {
    stubFetch(() =>
      jsonResponse({ message: 'Admin only', code: 'forbidden' }, { status: 403, statusText: 'Forbidden' }),
    );
    await expect(getUsers()).rejects.toThrow('HTTP 403: Forbidden');
  });

  it('users: always refetched, not kept', () => {
    const options = getUsersQueryOptions();
    expect(options.staleTime).toBe(0);
    expect(options.gcTime).toBe(0);
  });

  it('products: retried 2 times 1000 ms apart, always refetched, not kept, under a key of their own', () => {
    const options = getProductsQueryOptions();
    expect(options).toMatchObject({ staleTime: 0, gcTime: 0, retry: 2, retryDelay: 1000 });
    expect(options.queryKey).not.toEqual(['products']);
  });

  it("the dashboard's current user: 2 retries, fresh 10 s, kept 30 s, the shared key", () => {
    const options = getDashboardUserQueryOptions();
    expect(options).toMatchObject({ retry: 2, staleTime: 10_000, gcTime: 30_000 });
    expect(options.queryKey).toEqual(['auth', 'me']);
  });
});

describe('admin mutations', () => {
  it('POST /api/auth/change-password with the current and new password only', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Password changed' }));
    await changePassword({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(sent(fetchMock)).toEqual({
      url: authRoutes.changePassword.path,
      method: 'POST',
      credentials: 'include',
      body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
    });
  });

  it('POST /api/users with the admin flag', async () => {
    const fetchMock = stubFetch(() => jsonResponse(user, { status: 201 }));
    await createUser({ username: 'martha', email: 'martha@example.com', password: 'secret1', isAdmin: true });
    expect(sent(fetchMock)).toMatchObject({
      url: userRoutes.create.path,
      method: 'POST',
      body: { username: 'martha', email: 'martha@example.com', password: 'secret1', isAdmin: true },
    });
  });

  it('PUT /api/users/{id}', async () => {
    const fetchMock = stubFetch(() => jsonResponse(user));
    await updateUser({ id: 2, body: { username: 'martha', email: 'martha@example.com', isAdmin: false } });
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(userRoutes.update, { id: 2 }),
      method: 'PUT',
      body: { username: 'martha', email: 'martha@example.com', isAdmin: false },
    });
  });

  it('PUT /api/orders/{id} with the status', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...order, status: 'shipped' }));
    const updated = await updateOrder({ id: 11, status: 'shipped' });
    expect(updated.status).toBe('shipped');
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(orderRoutes.update, { id: 11 }),
      method: 'PUT',
      body: { status: 'shipped' },
    });
  });

  it('DELETE /api/orders/{id}', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 11, message: 'Order deleted' }));
    await deleteOrder(11);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(orderRoutes.delete, { id: 11 }),
      method: 'DELETE',
      body: null,
    });
  });

  it('POST /api/admin/create-order with the manual order payload', async () => {
    const fetchMock = stubFetch(() => jsonResponse(order, { status: 201 }));
    const payload = {
      userId: 2,
      items: [{ productId: 7, quantity: 2, price: '22.00' }],
      total: '44.00',
      shippingAddress: {
        fullName: 'Martha Walker',
        street: '1 Vine St',
        city: 'Napa',
        state: 'CA',
        zipCode: '94559',
        country: 'US',
      },
      status: 'pending' as const,
    };
    await createManualOrder(payload);
    expect(sent(fetchMock)).toMatchObject({
      url: orderRoutes.createManual.path,
      method: 'POST',
      body: payload,
    });
  });

  it("the server's message of a failed manual order is kept for the toast", async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'Only 2 Trail Cap left', code: 'out_of_stock' },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    const error = await createManualOrder({
      userId: 2,
      items: [{ productId: 7, quantity: 5 }],
      shippingAddress: { fullName: 'M', street: 'S', city: 'C', state: 'CA', zipCode: '94559' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, serverMessage: 'Only 2 Trail Cap left' });
  });

  it('POST /api/admin/create-test-product with no body', async () => {
    const fetchMock = stubFetch(() => jsonResponse(product, { status: 201 }));
    await createTestProduct();
    expect(sent(fetchMock)).toMatchObject({ url: productRoutes.createTest.path, method: 'POST', body: null });
  });

  it('PUT /api/products/{id} with every field', async () => {
    const fetchMock = stubFetch(() => jsonResponse(product));
    const body = {
      name: 'Trail Cap',
      description: 'A cap',
      price: 22,
      category: 'Headwear',
      stock: 3,
      imageUrl: '/images/products/trail-cap.svg',
    };
    await updateProduct({ id: 7, body });
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(productRoutes.update, { id: 7 }),
      method: 'PUT',
      body,
    });
  });

  it('DELETE /api/products/{id}', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 7, message: 'Product deleted' }));
    await deleteProduct(7);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(productRoutes.delete, { id: 7 }),
      method: 'DELETE',
    });
  });

  it('POST /api/auth/logout', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Logged out' }));
    await logout();
    expect(sent(fetchMock)).toMatchObject({ url: authRoutes.logout.path, method: 'POST', body: null });
  });
});
