import { MemberOrderSchema } from '@jesus-walks/contracts/assistant';
import type { AuditEntry } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  AccountOrderSchema,
  AdminOrdersPageSchema,
  ClaimableOrdersSchema,
  INVALID_CLAIM_LINK_MESSAGE,
  type OrderStatus,
  OrderStatusViewSchema,
} from '@jesus-walks/contracts/orders';
import { createTestUsers } from '@jesus-walks/identity/testing';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import { queuedMailFor } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, internalHeader } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type CatalogWithIdentity,
  insertProduct,
  startCatalogWithIdentity,
} from '../../testing/catalog-test-service.testing';
import {
  CLAIM_LINK_SENT_MESSAGE,
  claimOrdersUrl,
  TOO_MANY_CLAIM_LINKS_MESSAGE,
} from './order-claims.service';

let stack: CatalogWithIdentity;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  stack = await startCatalogWithIdentity();
});
afterAll(() => stack?.close());

/** A member stored in identity (a fresh one per test, so counts and limits start at zero). */
async function newMember(username: string, email = `${username}@example.com`): Promise<Identity> {
  const [member] = await createTestUsers(stack.identity.db, [{ username, email }]);
  if (!member) throw new Error('member was not created');
  return member;
}

async function call(method: 'GET' | 'POST', url: string, caller: Identity | null, payload?: object) {
  return stack.catalog.app.inject({
    method,
    url,
    headers: caller ? await as(caller, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

/** An order as checkout or an admin leaves it (straight into the table: what matters is after it). */
async function insertOrder(
  values: {
    userId?: number | null;
    customerEmail?: string | null;
    status?: OrderStatus;
    testMode?: boolean;
    createdAt?: Date;
  } = {},
) {
  const cap = await insertProduct(stack.catalog.db, { name: 'Napa Trail Cap', price: '12.25' });
  const order = await stack.catalog.db
    .insertInto('orders')
    .values({
      userId: values.userId ?? null,
      status: values.status ?? 'paid',
      total: '31.00',
      shippingCost: '6.50',
      shippingMethodName: 'Standard Shipping',
      shippingAddress: { fullName: 'Dana Hill', street: '1 Secret Lane' },
      customerEmail: values.customerEmail ?? null,
      customerName: 'Dana Hill',
      paymentMethod: 'stripe',
      testMode: values.testMode ?? false,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await stack.catalog.db
    .insertInto('orderItems')
    .values({ orderId: order.id, productId: cap.id, quantity: 2, price: '12.25' })
    .execute();
  return order.id;
}

async function ownerOf(id: number): Promise<number | null> {
  const row = await stack.catalog.db
    .selectFrom('orders')
    .select('userId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.userId;
}

async function claimAuditOf(id: number): Promise<AuditEntry[]> {
  const response = await stack.catalog.app.inject({
    url: `/internal/audit-log/catalog-and-orders?targetType=order&targetId=${id}&action=order.claimed`,
    headers: internalHeader,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { entries: AuditEntry[] }).entries;
}

/** The claim links e-mailed to this address, newest last, and the token of the last one. */
async function claimMailsTo(email: string) {
  const mails = (await queuedMailFor(stack.catalog.db, email)).filter((mail) =>
    mail.text.includes('/account/claim-orders?token='),
  );
  const token = /\/account\/claim-orders\?token=(\S+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  return { mails, token: token === undefined ? undefined : decodeURIComponent(token) };
}

/** Asks for a claim link and answers the token it e-mailed. */
async function claimTokenFor(member: Identity, email: string): Promise<string> {
  const response = await call('POST', '/api/account/orders/claim-link', member);
  expect(response.statusCode).toBe(202);
  const { token } = await claimMailsTo(email);
  if (!token) throw new Error(`no claim link was e-mailed to ${email}`);
  return token;
}

const claim = (member: Identity | null, token: string) =>
  call('POST', '/api/account/orders/claim', member, { token });

describe('GET /api/account/orders', () => {
  it('answers 401 anonymous', async () => {
    const response = await call('GET', '/api/account/orders', null);
    expect(response.statusCode).toBe(401);
  });

  it("gives a member their own orders only, newest first, each with its status page's signed link", async () => {
    const erin = await newMember('erin');
    const other = await newMember('frank');
    const older = await insertOrder({
      userId: erin.id,
      customerEmail: 'erin@example.com',
      createdAt: new Date(Date.now() - DAY_MS),
    });
    const newer = await insertOrder({
      userId: erin.id,
      customerEmail: 'erin@example.com',
      status: 'shipped',
    });
    await stack.catalog.db
      .updateTable('orders')
      .set({
        trackingNumber: '9400100000000000000000',
        shippingCarrier: 'USPS',
        estimatedDeliveryDate: new Date('2030-07-04T19:00:00Z'),
      })
      .where('id', '=', newer)
      .execute();
    const theirs = await insertOrder({ userId: other.id, customerEmail: 'frank@example.com' });
    // Placed as a guest with erin's address: hers to claim, not shown until she does.
    const guest = await insertOrder({ customerEmail: 'erin@example.com' });

    const response = await call('GET', '/api/account/orders', erin);
    expect(response.statusCode).toBe(200);
    const orders = z.array(AccountOrderSchema).parse(response.json());
    expect(orders.map((order) => order.id)).toEqual([newer, older]);
    expect(orders.map((order) => order.id)).not.toContain(theirs);
    expect(orders.map((order) => order.id)).not.toContain(guest);
    const [shipped] = orders;
    expect(shipped).toMatchObject({
      id: newer,
      status: 'shipped',
      items: [{ name: 'Napa Trail Cap', quantity: 2, price: '12.25' }],
      subtotal: '24.50',
      shippingCost: '6.50',
      total: '31.00',
      shippingMethod: 'Standard Shipping',
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
      estimatedDeliveryDate: '2030-07-04T19:00:00.000Z',
      cancellationReason: null,
      testMode: false,
    });
    // Nothing of the address, the e-mail or the payment.
    expect(Object.keys(response.json()[0]).sort()).toEqual(Object.keys(AccountOrderSchema.shape).sort());
    expect(response.body).not.toContain('Secret Lane');
    expect(response.body).not.toContain('@example.com');
    expect(response.body).not.toContain('stripe');

    // The link is the one the e-mails carry: absolute, and it opens this order's status page.
    const link = new URL(shipped?.statusUrl ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/orders/status');
    const page = await stack.catalog.app.inject({
      url: `/api/orders/status?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(OrderStatusViewSchema.parse(page.json())).toMatchObject({
      id: newer,
      trackingNumber: '9400100000000000000000',
    });
  });

  it("gives an admin their own orders, not everyone's, and the assistant the same orders", async () => {
    const adminOrder = await insertOrder({ userId: stack.admin.id });
    await insertOrder({ userId: stack.customer.id });
    const forAdmin = z
      .array(AccountOrderSchema)
      .parse((await call('GET', '/api/account/orders', stack.admin)).json());
    expect(forAdmin.map((order) => order.id)).toEqual([adminOrder]);

    const forAssistant = await stack.catalog.app.inject({
      url: `/internal/users/${stack.admin.id}/orders`,
      headers: internalHeader,
    });
    expect(z.array(MemberOrderSchema).parse(forAssistant.json())).toEqual([
      {
        id: adminOrder,
        status: 'paid',
        total: '31.00',
        createdAt: forAdmin[0]?.createdAt,
        items: [{ name: 'Napa Trail Cap', quantity: 2 }],
        trackingNumber: null,
        carrier: null,
        estimatedDeliveryDate: null,
      },
    ]);
  });

  it('answers an empty list to a member without orders', async () => {
    const grace = await newMember('grace');
    expect((await call('GET', '/api/account/orders', grace)).json()).toEqual([]);
  });
});

describe('GET /api/account/orders/claimable', () => {
  it("counts every guest order with the member's address, whatever its case or status", async () => {
    const hana = await newMember('hana');
    await insertOrder({ customerEmail: 'Hana@Example.COM' });
    await insertOrder({ customerEmail: 'hana@example.com', status: 'cancelled' });
    await insertOrder({ customerEmail: 'hana@example.com', testMode: true });
    // Not hers to claim: another address, and an order already in an account.
    await insertOrder({ customerEmail: 'hana@example.org' });
    await insertOrder({ customerEmail: 'hana@example.com', userId: stack.customer.id });

    const response = await call('GET', '/api/account/orders/claimable', hana);
    expect(response.statusCode).toBe(200);
    expect(ClaimableOrdersSchema.parse(response.json())).toEqual({ count: 3 });
    expect((await call('GET', '/api/account/orders/claimable', await newMember('ivan'))).json()).toEqual({
      count: 0,
    });
    expect((await call('GET', '/api/account/orders/claimable', null)).statusCode).toBe(401);
  });
});

describe('POST /api/account/orders/claim-link', () => {
  it("e-mails the account's address a link listing its guest orders, and the same answer when there are none", async () => {
    const jack = await newMember('jack');
    const first = await insertOrder({
      customerEmail: 'JACK@example.com',
      createdAt: new Date('2030-03-01T18:00:00Z'),
    });
    const second = await insertOrder({ customerEmail: 'jack@example.com' });

    const response = await call('POST', '/api/account/orders/claim-link', jack);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: CLAIM_LINK_SENT_MESSAGE });
    const { mails, token } = await claimMailsTo('jack@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Add your orders to your Jesus Walks account');
    expect(mail?.text).toContain('Hi jack,');
    expect(mail?.text).toContain(`Order #${second}, placed`);
    expect(mail?.text).toContain(`Order #${first}, placed March 1, 2030: $31.00`);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/account\/claim-orders\?token=\S+/);
    expect(mail?.text).toContain('valid for 7 days');
    expect(token).toBeDefined();
    // Asking is not claiming.
    expect(await ownerOf(first)).toBeNull();

    const kim = await newMember('kim');
    const none = await call('POST', '/api/account/orders/claim-link', kim);
    expect(none.statusCode).toBe(202);
    expect(none.json()).toEqual({ message: CLAIM_LINK_SENT_MESSAGE });
    expect(await queuedMailFor(stack.catalog.db, 'kim@example.com')).toEqual([]);
  });

  it('limits each member to ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR links an hour, with a clear 429', async () => {
    const lena = await newMember('lena');
    await insertOrder({ customerEmail: 'lena@example.com' });
    const limit = stack.catalog.env.ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR;
    for (let i = 0; i < limit; i++) {
      expect((await call('POST', '/api/account/orders/claim-link', lena)).statusCode).toBe(202);
    }
    const refused = await call('POST', '/api/account/orders/claim-link', lena);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_CLAIM_LINKS_MESSAGE, code: 'rate_limited' });
    expect((await claimMailsTo('lena@example.com')).mails).toHaveLength(limit);
    // Another member is not held back by her.
    expect((await call('POST', '/api/account/orders/claim-link', await newMember('mo'))).statusCode).toBe(
      202,
    );
    expect((await call('POST', '/api/account/orders/claim-link', null)).statusCode).toBe(401);
  });
});

describe('POST /api/account/orders/claim', () => {
  it("moves every guest order of the address into the account, once, recorded; lists show them as the member's", async () => {
    const nina = await newMember('nina');
    const paid = await insertOrder({ customerEmail: 'Nina@example.com' });
    const cancelled = await insertOrder({
      customerEmail: 'nina@example.com',
      status: 'cancelled',
      testMode: true,
    });
    const token = await claimTokenFor(nina, 'nina@example.com');
    // Placed after the link was sent, with the same address: claimed with the others.
    const later = await insertOrder({ customerEmail: 'nina@example.com' });
    const someoneElses = await insertOrder({ customerEmail: 'other@example.com' });

    const response = await claim(nina, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ claimed: 3, message: 'We added 3 orders to your account.' });
    for (const id of [paid, cancelled, later]) expect(await ownerOf(id)).toBe(nina.id);
    expect(await ownerOf(someoneElses)).toBeNull();

    const mine = z.array(AccountOrderSchema).parse((await call('GET', '/api/account/orders', nina)).json());
    expect(mine.map((order) => order.id).sort()).toEqual([paid, cancelled, later].sort());
    expect((await call('GET', '/api/account/orders/claimable', nina)).json()).toEqual({ count: 0 });

    const [entry] = await claimAuditOf(cancelled);
    expect(entry).toMatchObject({
      actor: { id: nina.id, username: 'nina' },
      action: 'order.claimed',
      target: { type: 'order', id: String(cancelled), label: `Order #${cancelled} (test mode)` },
      changes: { userId: { from: null, to: nina.id } },
    });
    expect(JSON.stringify(entry)).not.toContain('@example.com');

    // The admin's list and CSV now name the member.
    const adminUrl = `/api/admin/orders?userId=${nina.id}`;
    const page = AdminOrdersPageSchema.parse((await call('GET', adminUrl, stack.admin)).json());
    expect(page.items.map((order) => [order.id, order.customerUsername]).sort()).toEqual(
      [paid, cancelled, later].sort().map((id) => [id, 'nina']),
    );
    const csv = await call('GET', `/api/admin/orders.csv?userId=${nina.id}`, stack.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${paid},`);
    expect(csv.body).toMatch(new RegExp(`\\r\\n${paid},[^\\r\\n]*,${nina.id},nina,`));

    // Claiming again moves nothing and says so.
    const again = await claim(nina, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      claimed: 0,
      message:
        'There were no orders left to add: the orders placed with your e-mail address are already in your account.',
    });
    expect(await claimAuditOf(paid)).toHaveLength(1);
  });

  it('claims each order once when the same link is followed several times at once', async () => {
    const omar = await newMember('omar');
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await insertOrder({ customerEmail: 'omar@example.com' }));
    const token = await claimTokenFor(omar, 'omar@example.com');

    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(omar, token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const claimed = answers.map((answer) => (answer.json() as { claimed: number }).claimed);
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(4);
    for (const id of ids) {
      expect(await ownerOf(id)).toBe(omar.id);
      expect(await claimAuditOf(id)).toHaveLength(1);
    }
  });

  it("refuses another member's link, a forged or expired one, and one for an address since changed", async () => {
    const pia = await newMember('pia');
    const quinn = await newMember('quinn');
    const order = await insertOrder({ customerEmail: 'pia@example.com' });
    const token = await claimTokenFor(pia, 'pia@example.com');
    const invalid = { message: INVALID_CLAIM_LINK_MESSAGE, code: 'bad_request' };

    // Quinn holds Pia's link (forwarded, or seen over her shoulder): not his.
    const notHis = await claim(quinn, token);
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json()).toEqual(invalid);

    // Forged: another member's id, or a changed MAC; malformed.
    const [, issuedAt, mac] = token.split('.');
    expect((await claim(quinn, `${quinn.id}.${issuedAt}.${mac}`)).json()).toEqual(invalid);
    expect((await claim(pia, `${pia.id}.${issuedAt}.${'A'.repeat(43)}`)).json()).toEqual(invalid);
    expect((await claim(pia, 'not-a-token')).json()).toEqual(invalid);
    expect((await claim(pia, '')).statusCode).toBe(400);
    expect((await call('POST', '/api/account/orders/claim', pia, {})).statusCode).toBe(400);

    // Signed eight days ago: past its 7 days.
    const signer = createLinkSigner(linkSigningKeys(stack.catalog.env));
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS);
    const expiredUrl = claimOrdersUrl(
      {
        links: { ...signer, sign: (purpose, id) => signer.sign(purpose, id, eightDaysAgo) },
        publicOrigin: 'http://localhost:3000',
      },
      { id: pia.id, email: 'pia@example.com' },
    );
    const expired = new URL(expiredUrl).searchParams.get('token') ?? '';
    expect((await claim(pia, expired)).json()).toEqual(invalid);
    expect(await ownerOf(order)).toBeNull();

    // Pia's address changes (an admin edits it): the link sent to the old one no longer works.
    const url = `/api/users/${pia.id}`;
    const changed = await stack.identity.app.inject({
      method: 'PUT',
      url,
      headers: await identityHeaders(stack.admin, 'PUT', url),
      payload: { username: 'pia', email: 'pia.new@example.com', isAdmin: false },
    });
    expect(changed.statusCode).toBe(200);
    const afterChange = await claim(pia, token);
    expect(afterChange.statusCode).toBe(400);
    expect(afterChange.json()).toEqual(invalid);
    expect(await ownerOf(order)).toBeNull();
    expect(await claimAuditOf(order)).toEqual([]);

    expect((await claim(null, token)).statusCode).toBe(401);
  });
});
