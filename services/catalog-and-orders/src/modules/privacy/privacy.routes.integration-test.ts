import { randomUUID } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import { AdminOrdersPageSchema, QuoteSchema } from '@jesus-walks/contracts/orders';
import type { FulfilBody } from '@jesus-walks/contracts/payable';
import { MemberDataPartSchema, MemberErasureSchema, type MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { createTestUsers } from '@jesus-walks/identity/testing';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { findPersonalData } from '@jesus-walks/test-kit/personal-data';
import { internalHeader } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import {
  as,
  type CatalogWithIdentity,
  insertProduct,
  startCatalogWithIdentity,
  testHolder,
} from '../../testing/catalog-test-service.testing';

let stack: CatalogWithIdentity;
let groundId: number;
let maria: Identity;
let capId: number;

const MARIA = {
  name: 'Mariella Quintanilla',
  email: 'mariella.q@example.com',
  oldEmail: 'mq.old@example.net',
  phone: '+1 707 555 0142',
};
const PETER = { name: 'Peterson Oakhurst', email: 'peterson.o@example.org', phone: '+1 415 555 0199' };
const ref = (): MemberRef => ({
  userId: maria.id,
  emails: [MARIA.email, MARIA.oldEmail],
  usernames: [maria.username],
});
const needles = [MARIA.name, MARIA.email, MARIA.oldEmail, MARIA.phone, 'maria-q'];

beforeAll(async () => {
  stack = await startCatalogWithIdentity();
  await seed(stack.catalog.db);
  groundId = (
    await stack.catalog.db
      .selectFrom('shippingMethods')
      .select('id')
      .where('serviceCode', '=', 'usps_ground')
      .executeTakeFirstOrThrow()
  ).id;
  const [member] = await createTestUsers(stack.identity.db, [{ username: 'maria-q', email: MARIA.email }]);
  if (!member) throw new Error('member was not created');
  maria = member;
  capId = (await insertProduct(stack.catalog.db, { name: 'Napa Trail Cap', price: '12.25', stock: 50 })).id;
});
afterAll(() => stack?.close());

async function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  caller: Identity | null,
  payload?: object,
) {
  return stack.catalog.app.inject({
    method,
    url,
    headers: caller ? await as(caller, method, url) : internalHeader,
    ...(payload ? { payload } : {}),
  });
}

/** An order as checkout places it: a quote, then its fulfilment for a paid payment. */
async function placeOrder(buyer: FulfilBody['buyer']): Promise<number> {
  const quoted = await inject('POST', '/internal/quotes', null, {
    items: [{ productId: capId, quantity: 2 }],
    destination: { country: 'US', state: 'CA', postalCode: '94559' },
    shippingMethodId: groundId,
    holder: { ...testHolder, userId: buyer.userId },
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const quote = QuoteSchema.parse(quoted.json());
  const fulfilled = await inject('POST', `/internal/quotes/${quote.quoteId}/fulfil`, null, {
    paymentId: randomUUID(),
    amountPaid: quote.total,
    paymentMethod: 'stripe',
    buyer,
    shippingAddress: {
      fullName: buyer.fullName,
      street: '1 Vine St',
      city: 'Napa',
      state: 'CA',
      zipCode: '94559',
      country: 'US',
      phone: buyer.phone,
    },
    testMode: false,
  } satisfies FulfilBody);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  return (fulfilled.json() as { recordId: number }).recordId;
}

const call = (action: 'export' | 'erase') =>
  inject('POST', `/internal/privacy/catalog-and-orders/${action}`, null, ref());

describe('a member’s data in catalog-and-orders', () => {
  let memberOrder: number;
  let guestOrder: number;
  let petersOrder: number;
  let manualOrder: number;

  beforeAll(async () => {
    memberOrder = await placeOrder({
      userId: maria.id,
      email: MARIA.email,
      fullName: MARIA.name,
      phone: MARIA.phone,
    });
    // Placed as a guest, before the account, with an address the account had (another case).
    guestOrder = await placeOrder({
      userId: null,
      email: MARIA.oldEmail.toUpperCase(),
      fullName: MARIA.name,
      phone: MARIA.phone,
    });
    petersOrder = await placeOrder({
      userId: null,
      email: PETER.email,
      fullName: PETER.name,
      phone: PETER.phone,
    });
    expect((await inject('POST', '/api/cart/add', maria, { productId: capId, quantity: 1 })).statusCode).toBe(
      200,
    );
    // An admin ships her order: its e-mail and the activity record name her.
    const shipped = await inject('PUT', `/api/admin/orders/${memberOrder}/shipment`, stack.admin, {
      trackingNumber: '1Z999',
      carrier: 'UPS',
    });
    expect(shipped.statusCode).toBe(200);
    // An admin makes a manual order for her: the activity record names her (username) and the
    // order carries her name, account address and street.
    const manual = await inject('POST', '/api/admin/create-order', stack.admin, {
      userId: maria.id,
      items: [{ productId: capId, quantity: 1 }],
      shippingAddress: {
        fullName: MARIA.name,
        street: '2 Vine St',
        city: 'Napa',
        state: 'CA',
        zipCode: '94559',
      },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    manualOrder = (manual.json() as { id: number }).id;
    await waitForJobs(stack.catalog.db);
    // Her confirmation and shipping e-mails went out with her name and address.
    expect(
      await findPersonalData(stack.catalog.db, schemaNameOf('catalog-and-orders'), [MARIA.email]),
    ).not.toEqual([]);
  });

  it('exports her orders (as a member and as a guest) and her cart activity, and nobody else’s', async () => {
    const response = await call('export');
    expect(response.statusCode).toBe(200);
    const part = MemberDataPartSchema.parse(response.json());
    expect(part.service).toBe('catalog-and-orders');
    const orders = part.sections.orders ?? [];
    expect(orders.map((order) => order.id).sort()).toEqual([memberOrder, guestOrder, manualOrder].sort());
    const mine = orders.find((order) => order.id === memberOrder);
    expect(mine).toMatchObject({
      placedAs: 'member',
      status: 'shipped',
      name: MARIA.name,
      email: MARIA.email,
      phone: MARIA.phone,
      trackingNumber: '1Z999',
      carrier: 'UPS',
      items: [{ product: 'Napa Trail Cap', quantity: 2, unitPrice: '12.25' }],
    });
    expect(mine?.placedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(typeof mine?.total).toBe('string');
    expect(orders.find((order) => order.id === guestOrder)).toMatchObject({ placedAs: 'guest' });
    expect(part.sections.cartActivity).toEqual([
      expect.objectContaining({ product: 'Napa Trail Cap', quantity: 1 }),
    ]);
    const text = JSON.stringify(part);
    for (const other of [PETER.name, PETER.email, PETER.phone]) expect(text).not.toContain(other);
    expect(orders.map((order) => order.id)).not.toContain(petersOrder);
  });

  it('erases her name, e-mails and phone from every table of the schema, and keeps the bookkeeping', async () => {
    const response = await call('erase');
    expect(response.statusCode).toBe(200);
    const erasure = MemberErasureSchema.parse(response.json());
    expect(erasure.erased).toMatchObject({ orders: 3, cartEvents: 1 });
    expect(erasure.erased.auditEntries).toBeGreaterThan(0);

    expect(await findPersonalData(stack.catalog.db, schemaNameOf('catalog-and-orders'), needles)).toEqual([]);
    const kept = await stack.catalog.db
      .selectFrom('orders')
      .select(['id', 'userId', 'total', 'status', 'customerEmail', 'shippingAddress'])
      .where('id', 'in', [memberOrder, guestOrder, manualOrder])
      .orderBy('id')
      .execute();
    expect(kept.map((order) => order.status).sort()).toEqual(['paid', 'pending', 'shipped']);
    expect(kept.every((order) => order.customerEmail === null && order.shippingAddress === null)).toBe(true);
    // Peter's order is his, untouched.
    const peters = await stack.catalog.db
      .selectFrom('orders')
      .select(['customerEmail', 'customerName'])
      .where('id', '=', petersOrder)
      .executeTakeFirstOrThrow();
    expect(peters).toEqual({ customerEmail: PETER.email, customerName: PETER.name });
  });

  it('erases nothing the second time, and succeeds', async () => {
    const response = await call('erase');
    expect(response.statusCode).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(Object.values(erased).every((count) => count === 0)).toBe(true);
  });

  it('exports what is left: her orders without her details', async () => {
    const part = MemberDataPartSchema.parse((await call('export')).json());
    expect(part.sections.orders?.map((order) => order.id).sort()).toEqual([memberOrder, manualOrder].sort());
    expect(part.sections.orders?.[0]).toMatchObject({
      name: null,
      email: null,
      phone: null,
      shippingAddress: null,
    });
  });

  it('keeps the admin’s list, CSV, order and status changes working on the erased orders', async () => {
    const list = await inject('GET', '/api/admin/orders?pageSize=50', stack.admin);
    expect(list.statusCode).toBe(200);
    const page = AdminOrdersPageSchema.parse(list.json());
    expect(page.items.find((order) => order.id === guestOrder)).toMatchObject({
      customerName: null,
      customerEmail: null,
      shippingAddress: null,
    });
    const csv = await inject('GET', '/api/admin/orders.csv', stack.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`\n${guestOrder},`);
    expect(csv.body).toContain('No shipping address');
    const searched = await inject(
      'GET',
      `/api/admin/orders?q=${encodeURIComponent(`#${guestOrder}`)}`,
      stack.admin,
    );
    expect(searched.statusCode).toBe(200);
    expect(await inject('GET', '/api/orders', stack.admin).then((r) => r.statusCode)).toBe(200);
    // Shipping the guest order tells no one (no address is left), and delivering the other works.
    const shipped = await inject('PUT', `/api/admin/orders/${guestOrder}/shipment`, stack.admin, {
      trackingNumber: '1Z111',
    });
    expect(shipped.statusCode).toBe(200);
    const delivered = await inject('PUT', `/api/orders/${memberOrder}`, stack.admin, { status: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    await waitForJobs(stack.catalog.db);
    expect(await findPersonalData(stack.catalog.db, schemaNameOf('catalog-and-orders'), needles)).toEqual([]);
  });
});
