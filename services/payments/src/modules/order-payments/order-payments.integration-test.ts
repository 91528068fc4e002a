import { AuditEntrySchema } from '@jesus-walks/contracts/audit';
import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import type { Identity } from '@jesus-walks/contracts/common';
import { CancelAndRefundResultSchema, OrderPaymentSchema } from '@jesus-walks/contracts/payments';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, internalHeader, testAdmin, testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { type StripeCheckoutStack, startStripeCheckoutStack } from '../../testing/stripe-stack.testing';
import { REFUND_PAYMENT_QUEUE } from '../finalisation/finalisation.service';

/**
 * Cancel and refund (issue 11) against the real catalog-and-orders over HTTP: the order is
 * cancelled and its stock returned by catalog's internal cancel, the refund claimed once, recorded
 * and queued in one transaction, then made by finalisation's refund job through the processor
 * (the sandbox, or the real stripe SDK against the local fake Stripe API).
 */

const BUYER = { fullName: 'Ada Walker', email: 'ada@example.com' };

type Stack = CheckoutStack | StripeCheckoutStack;
type Method = 'stripe' | 'crypto';

/** One admin request on payments, with the x-identity the gateway would sign for it. */
async function asCaller(
  stack: Stack,
  identity: Identity | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return stack.payments.app.inject({
    method,
    url,
    headers: await identityHeaders(identity, method, url),
    ...(payload ? { payload } : {}),
  });
}

const getPayment = (stack: Stack, orderId: number, identity: Identity | null = testAdmin) =>
  asCaller(stack, identity, 'GET', `/api/admin/orders/${orderId}/payment`);

const cancelAndRefund = (
  stack: Stack,
  orderId: number,
  reason = 'The hike was called off',
  identity: Identity | null = testAdmin,
) => asCaller(stack, identity, 'POST', `/api/admin/orders/${orderId}/refund`, { reason });

/** A checkout up to the quote: the payment's id and the processor's reference. */
async function checkout(stack: Stack, productId: number, quantity: number, paymentMethod: Method = 'stripe') {
  const items = [{ productId, quantity }];
  const intentResponse = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: { items, shippingAddress: napaAddress, shippingMethodId: stack.groundId, paymentMethod },
  });
  expect(intentResponse.statusCode, intentResponse.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(intentResponse.json());
  const row = await stack.payments.db
    .selectFrom('payments')
    .select('providerReference')
    .where('id', '=', intent.paymentId)
    .executeTakeFirstOrThrow();
  return { items, intent, reference: row.providerReference };
}

/** The browser's order call once paid: the paid order's id. */
async function placeOrder(
  stack: Stack,
  paymentId: string,
  items: { productId: number; quantity: number }[],
  paymentMethod: Method = 'stripe',
) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items,
      shippingAddress: napaAddress,
      paymentMethod,
      paymentId,
      customerEmail: BUYER.email,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const paymentRow = (stack: Stack, id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const orderStatus = async (stack: Stack, orderId: number) =>
  (
    await stack.catalog.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).status;

const auditOf = (stack: Stack, paymentId: string) =>
  stack.payments.db
    .selectFrom('auditLog')
    .selectAll()
    .where('targetType', '=', 'payment')
    .where('targetId', '=', paymentId)
    .execute();

const refundJobsOf = async (stack: Stack, paymentId: string) =>
  (await jobsOf(stack.payments.db, REFUND_PAYMENT_QUEUE)).filter(
    (job) => (job.data as { paymentId: string }).paymentId === paymentId,
  );

const mailAbout = async (stack: Stack, orderId: number) =>
  (await queuedMailFor(stack.payments.db, BUYER.email)).filter((mail) =>
    mail.subject.startsWith(`Order #${orderId} cancelled`),
  );

describe('Cancel and refund in the sandbox', () => {
  let stack: CheckoutStack;
  beforeAll(async () => {
    stack = await startCheckoutStack();
  });
  afterAll(() => stack?.close());

  /** A sandbox purchase paid with 4242: the order, its payment and the product. */
  async function paidOrder(stock = 5, quantity = 2) {
    const cap = await stack.insertProduct({ name: 'Refund Cap', price: '24.50', stock });
    const { items, intent } = await checkout(stack, cap.id, quantity);
    const paid = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
        contact: BUYER,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = await placeOrder(stack, intent.paymentId, items);
    // The sandbox's own payment_intent.succeeded reaches the same finalisation: let it settle.
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await stack.stockOf(cap.id)).toBe(stock - quantity);
    return { orderId, paymentId: intent.paymentId, productId: cap.id, total: intent.total };
  }

  it('shows how the order was paid: the sandbox, in test mode, not refunded', async () => {
    const { orderId, paymentId } = await paidOrder();
    const response = await getPayment(stack, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(OrderPaymentSchema.parse(response.json())).toEqual({
      orderId,
      paymentId,
      paymentMethod: 'stripe',
      provider: 'sandbox',
      amount: '58.99',
      status: 'succeeded',
      refundStatus: null,
      refundReason: null,
      testMode: true,
    });
  });

  it('cancels the order, returns its stock, records it and refunds it through the job; asked again, nothing more', async () => {
    const { orderId, paymentId, productId } = await paidOrder(5, 2);
    const response = await cancelAndRefund(stack, orderId, 'The hike was called off');
    expect(response.statusCode, response.body).toBe(202);
    const result = CancelAndRefundResultSchema.parse(response.json());
    expect(result).toMatchObject({
      orderId,
      orderStatus: 'cancelled',
      payment: {
        paymentId,
        refundStatus: 'requested',
        refundReason: 'The hike was called off',
        amount: '58.99',
      },
    });
    expect(result.message).toBe(
      `Order #${orderId} cancelled. The refund of $58.99 is on its way through the sandbox (test mode).`,
    );
    // Catalog cancelled the order and put the stock back before the refund was claimed.
    expect(await orderStatus(stack, orderId)).toBe('cancelled');
    expect(await stack.stockOf(productId)).toBe(5);

    // The refund job: requested -> refunded, through the sandbox processor.
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const payment = await paymentRow(stack, paymentId);
    expect(payment).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    expect(payment.refundReference).toMatch(/^re_sandbox_/);
    expect((await getPayment(stack, orderId)).json()).toMatchObject({ refundStatus: 'refunded' });

    // The activity record, as payments serves it to identity.
    const entries = await auditOf(stack, paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'payment.refund_requested',
      actorId: testAdmin.id,
      actorUsername: testAdmin.username,
      // The sandbox took it: the Activity tab names the order as a test-mode one.
      targetLabel: `Order #${orderId} (test mode)`,
      summary: `Cancelled order #${orderId} and refunded $58.99 by the sandbox (test mode)`,
      changes: {
        refundStatus: { from: null, to: 'requested' },
        refundReason: { from: null, to: 'The hike was called off' },
      },
    });
    const served = await stack.payments.app.inject({
      url: `/internal/audit-log/payments?targetType=payment&targetId=${paymentId}`,
      headers: internalHeader,
    });
    expect(served.statusCode, served.body).toBe(200);
    expect(AuditEntrySchema.array().parse(served.json().entries)).toMatchObject([
      { service: 'payments', action: 'payment.refund_requested', actor: { id: testAdmin.id } },
    ]);

    // The customer is told, once.
    const mails = await mailAbout(stack, orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Order #${orderId} cancelled and refunded`);
    expect(mails[0]?.text).toContain('Hi Ada Walker,');
    expect(mails[0]?.text).toContain('Reason: The hike was called off');
    expect(mails[0]?.text).toContain('Your payment of $58.99 has been refunded.');

    // Asked again: the refund as it stands, nothing refunded, recorded or sent twice.
    const again = await cancelAndRefund(stack, orderId);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({
      orderStatus: 'cancelled',
      payment: { refundStatus: 'refunded', refundReason: 'The hike was called off' },
      message: `Order #${orderId} is cancelled; its payment of $58.99 has been refunded.`,
    });
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await refundJobsOf(stack, paymentId)).toHaveLength(1);
    expect(await auditOf(stack, paymentId)).toHaveLength(1);
    expect(await mailAbout(stack, orderId)).toHaveLength(1);
    expect(await stack.stockOf(productId)).toBe(5);
  });

  it('a crypto payment no API can pull back: the order is cancelled, the refund recorded manual, nothing sent to a processor', async () => {
    const boots = await stack.insertProduct({ name: 'Crypto Boots', price: '90.01', stock: 3 });
    const { items, intent } = await checkout(stack, boots.id, 1, 'crypto');
    const charged = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/crypto/coinbase/process-payment',
      payload: {
        amount: '1.00',
        currency: 'USD',
        cryptocurrency: 'usdc',
        description: 'Jesus Walks order',
        merchantReference: 'ORDER-refund-test',
        customerEmail: BUYER.email,
        paymentId: intent.paymentId,
        paymentSecret: intent.paymentSecret,
        contact: BUYER,
      },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const code = String(charged.json().paymentUrl).split('/').at(-1);
    const completed = await stack.payments.app.inject({
      method: 'POST',
      url: `/api/crypto/sandbox/charges/${code}/complete`,
      payload: { paymentSecret: intent.paymentSecret },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const orderId = await placeOrder(stack, intent.paymentId, items, 'crypto');
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await stack.stockOf(boots.id)).toBe(2);

    const response = await cancelAndRefund(stack, orderId, 'Sold out at the warehouse');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({
      orderStatus: 'cancelled',
      payment: { paymentMethod: 'crypto', amount: '100.00', refundStatus: 'manual' },
      message: expect.stringMatching(/Crypto payments cannot be refunded automatically/),
    });
    expect(await orderStatus(stack, orderId)).toBe('cancelled');
    expect(await stack.stockOf(boots.id)).toBe(3);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await refundJobsOf(stack, intent.paymentId)).toEqual([]);
    expect(await paymentRow(stack, intent.paymentId)).toMatchObject({
      status: 'succeeded',
      refundStatus: 'manual',
      refundReference: null,
    });
    expect((await auditOf(stack, intent.paymentId))[0]?.summary).toBe(
      `Cancelled order #${orderId}; its $100.00 crypto payment is to be refunded by hand`,
    );
    const mails = await mailAbout(stack, orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([`Order #${orderId} cancelled: your refund`]);
    expect(mails[0]?.text).toContain('recorded for a manual refund');
  });

  it('refuses a shipped order with 409: nothing cancelled, refunded or recorded', async () => {
    const { orderId, paymentId, productId } = await paidOrder(4, 1);
    const shipUrl = `/api/orders/${orderId}`;
    const shipped = await stack.catalog.app.inject({
      method: 'PUT',
      url: shipUrl,
      headers: await identityHeaders(testAdmin, 'PUT', shipUrl),
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const response = await cancelAndRefund(stack, orderId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', message: expect.any(String) });
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await paymentRow(stack, paymentId)).toMatchObject({ status: 'succeeded', refundStatus: null });
    expect(await refundJobsOf(stack, paymentId)).toEqual([]);
    expect(await auditOf(stack, paymentId)).toEqual([]);
    expect(await mailAbout(stack, orderId)).toEqual([]);
    expect(await orderStatus(stack, orderId)).toBe('shipped');
    expect(await stack.stockOf(productId)).toBe(3);
  });

  it('answers 404 for an order no payment paid (a manual order)', async () => {
    const { orderId } = await paidOrder(3, 1);
    // No payment carries this order's id: the manual orders' case.
    const unpaid = orderId + 100_000;
    for (const response of [await getPayment(stack, unpaid), await cancelAndRefund(stack, unpaid)]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'No payment found for this order' });
    }
  });

  it('is for admins only: 401 anonymous, 403 for a member, and the order stays paid', async () => {
    const { orderId, paymentId } = await paidOrder(3, 1);
    expect((await getPayment(stack, orderId, null)).statusCode).toBe(401);
    expect((await getPayment(stack, orderId, testUser)).statusCode).toBe(403);
    expect((await cancelAndRefund(stack, orderId, 'x', null)).statusCode).toBe(401);
    expect((await cancelAndRefund(stack, orderId, 'x', testUser)).statusCode).toBe(403);
    expect(await orderStatus(stack, orderId)).toBe('paid');
    expect(await paymentRow(stack, paymentId)).toMatchObject({ refundStatus: null });
  });

  it('refuses a blank reason and unknown fields with 400', async () => {
    const { orderId } = await paidOrder(3, 1);
    expect((await cancelAndRefund(stack, orderId, '   ')).statusCode).toBe(400);
    const url = `/api/admin/orders/${orderId}/refund`;
    const unknown = await stack.payments.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(testAdmin, 'POST', url),
      payload: { reason: 'Duplicate', refundAmount: '1.00' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await orderStatus(stack, orderId)).toBe('paid');
  });
});

describe('Cancel and refund on Stripe (the real SDK against the fake Stripe API)', () => {
  let stack: StripeCheckoutStack;
  beforeAll(async () => {
    stack = await startStripeCheckoutStack();
  });
  afterAll(() => stack?.close());

  async function paidOrder(stock: number, quantity: number) {
    const lamp = await stack.insertProduct({ name: 'Stripe Lamp', price: '40.00', stock });
    const { items, intent, reference } = await checkout(stack, lamp.id, quantity);
    // The Payment Element sends the buyer's contact to Stripe with its confirmation.
    stack.fake.succeed(reference, {
      receiptEmail: BUYER.email,
      billingDetails: { name: BUYER.fullName, email: BUYER.email },
    });
    const orderId = await placeOrder(stack, intent.paymentId, items);
    expect(await stack.stockOf(lamp.id)).toBe(stock - quantity);
    return { orderId, paymentId: intent.paymentId, reference, productId: lamp.id };
  }

  const refundCallsFor = (paymentId: string) =>
    stack.fake.requests.filter(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v1/refunds' &&
        request.headers.idempotencyKey === `refund:${paymentId}`,
    );

  it('refunds the whole payment at Stripe once, with the payment’s idempotency key and the reason', async () => {
    const { orderId, paymentId, reference, productId } = await paidOrder(5, 1);
    expect((await getPayment(stack, orderId)).json()).toMatchObject({
      provider: 'stripe',
      testMode: false,
      amount: '49.99',
    });
    const response = await cancelAndRefund(stack, orderId, 'Ordered twice by mistake');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().message).toBe(
      `Order #${orderId} cancelled. The refund of $49.99 is on its way through Stripe.`,
    );
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const refunds = stack.fake.refunds(reference);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 4999, metadata: { reason: 'Ordered twice by mistake' } });
    expect(refundCallsFor(paymentId)).toHaveLength(1);
    expect(await paymentRow(stack, paymentId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'refunded',
      refundReference: refunds[0]?.id,
    });
    expect(await orderStatus(stack, orderId)).toBe('cancelled');
    expect(await stack.stockOf(productId)).toBe(5);
    expect((await auditOf(stack, paymentId))[0]?.summary).toBe(
      `Cancelled order #${orderId} and refunded $49.99 by Stripe`,
    );
    // Real money: the order is named plainly.
    expect((await auditOf(stack, paymentId))[0]?.targetLabel).toBe(`Order #${orderId}`);
    const mails = await mailAbout(stack, orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('refunded through Stripe to the card or account you paid with');
  });

  it('5 concurrent requests for one order: one refund at Stripe, one record, one e-mail, the stock back once', async () => {
    const { orderId, paymentId, reference, productId } = await paidOrder(6, 3);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => cancelAndRefund(stack, orderId, 'Duplicate order')),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toMatchObject({ orderId, orderStatus: 'cancelled' });
    }
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(stack.fake.refunds(reference)).toHaveLength(1);
    expect(refundCallsFor(paymentId)).toHaveLength(1);
    expect(await refundJobsOf(stack, paymentId)).toHaveLength(1);
    expect(await auditOf(stack, paymentId)).toHaveLength(1);
    expect(await mailAbout(stack, orderId)).toHaveLength(1);
    expect(await stack.stockOf(productId)).toBe(6);
    expect(await paymentRow(stack, paymentId)).toMatchObject({ refundStatus: 'refunded' });
  });
});
