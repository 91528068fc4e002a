import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../provider';
import {
  type FakeSquareServer,
  SQUARE_TEST_NONCES,
  signSquareWebhook,
  startFakeSquareServer,
} from './fake-square-server.testing';
import {
  chargeIdempotencyKey,
  createSquareProvider,
  isPendingSquareReference,
  type SquareProvider,
} from './square.provider';

const SIGNATURE_KEY = 'square-signature-key-for-tests';
const WEBHOOK_URL = 'https://shop.example/api/payments/webhooks/square';

let fake: FakeSquareServer;
let provider: SquareProvider;

beforeAll(async () => {
  fake = await startFakeSquareServer();
  provider = createSquareProvider({
    accessToken: fake.accessToken,
    applicationId: fake.applicationId,
    locationId: fake.locationId,
    environment: 'sandbox',
    webhookSignatureKey: SIGNATURE_KEY,
    webhookUrl: WEBHOOK_URL,
    apiBaseUrl: fake.url,
  });
});
afterAll(async () => {
  await fake?.close();
});

async function pendingIntent(amountCents = 5899) {
  const paymentId = randomUUID();
  const intent = await provider.createIntent({
    amountCents,
    currency: 'usd',
    paymentId,
    idempotencyKey: `intent:${paymentId}`,
    description: 'test',
  });
  return { paymentId, intent };
}

describe('the Square adapter (the real SDK against a fake Square API)', () => {
  it('holds a checkout without calling Square until a card is charged', async () => {
    const before = fake.requests.length;
    const { intent } = await pendingIntent();
    expect(isPendingSquareReference(intent.reference)).toBe(true);
    expect(intent).toMatchObject({ amountCents: 5899, status: 'requires_payment_method' });
    expect(await provider.retrieveIntent(intent.reference)).toMatchObject({
      amountCents: 5899,
      status: 'requires_payment_method',
    });
    expect(fake.requests.length).toBe(before);
  });

  it('charges the token with CreatePayment for the amount, at the location, with our reference and a key', async () => {
    const { paymentId } = await pendingIntent();
    const charge = await provider.charge({
      paymentId,
      amountCents: 5899,
      sourceId: SQUARE_TEST_NONCES.ok,
      note: 'Order of 1 item(s)',
    });
    expect(charge).toMatchObject({
      kind: 'paid',
      intent: { status: 'succeeded', amountCents: 5899, currency: 'usd' },
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v2/payments', status: 200 });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request?.body).toMatchObject({
      source_id: SQUARE_TEST_NONCES.ok,
      idempotency_key: chargeIdempotencyKey(paymentId, SQUARE_TEST_NONCES.ok),
      amount_money: { amount: 5899, currency: 'USD' },
      location_id: fake.locationId,
      reference_id: paymentId,
      autocomplete: true,
    });
    if (charge.kind !== 'paid') throw new Error('not paid');
    expect(fake.payment(charge.intent.reference)).toMatchObject({
      status: 'COMPLETED',
      reference_id: paymentId,
    });

    // The same token again is the same payment at Square, never a second charge.
    const again = await provider.charge({
      paymentId,
      amountCents: 5899,
      sourceId: SQUARE_TEST_NONCES.ok,
      note: 'Order of 1 item(s)',
    });
    expect(fake.paymentsFor(paymentId)).toHaveLength(1);
    expect(again).toMatchObject({ kind: 'paid', intent: { reference: charge.intent.reference } });

    expect(await provider.retrieveIntent(charge.intent.reference)).toMatchObject({
      status: 'succeeded',
      amountCents: 5899,
    });
  });

  it("answers a declined card with Square's words", async () => {
    const { paymentId } = await pendingIntent();
    const charge = await provider.charge({
      paymentId,
      amountCents: 1000,
      sourceId: SQUARE_TEST_NONCES.declined,
      note: 'x',
    });
    expect(charge).toEqual({
      kind: 'declined',
      code: 'CARD_DECLINED',
      message: "Authorization error: 'CARD_DECLINED'",
    });
    expect(fake.paymentsFor(paymentId)[0]?.status).toBe('FAILED');
  });

  it('refunds with RefundPayment and its idempotency key, once', async () => {
    const { paymentId } = await pendingIntent();
    const charge = await provider.charge({
      paymentId,
      amountCents: 2500,
      sourceId: SQUARE_TEST_NONCES.ok,
      note: 'x',
    });
    if (charge.kind !== 'paid') throw new Error('not paid');
    const input = {
      reference: charge.intent.reference,
      amountCents: 2500,
      idempotencyKey: `refund:${paymentId}`,
      reason: 'reservation lapsed, out of stock',
    };
    const first = await provider.refund(input);
    const second = await provider.refund(input);
    expect(second.refundReference).toBe(first.refundReference);
    expect(fake.refunds(charge.intent.reference)).toEqual([
      expect.objectContaining({ amount_money: { amount: 2500, currency: 'USD' }, reason: input.reason }),
    ]);
  });

  it('propagates a wrong access token as the SDK error', async () => {
    const wrong = createSquareProvider({
      accessToken: 'EAAAwrong',
      applicationId: 'app',
      locationId: fake.locationId,
      environment: 'sandbox',
      webhookSignatureKey: SIGNATURE_KEY,
      webhookUrl: WEBHOOK_URL,
      apiBaseUrl: fake.url,
    });
    await expect(
      wrong.charge({ paymentId: randomUUID(), amountCents: 100, sourceId: SQUARE_TEST_NONCES.ok, note: 'x' }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('verifies webhooks with Square’s scheme (URL + body) and reduces them', async () => {
    const { paymentId } = await pendingIntent();
    const charge = await provider.charge({
      paymentId,
      amountCents: 700,
      sourceId: SQUARE_TEST_NONCES.ok,
      note: 'x',
    });
    if (charge.kind !== 'paid') throw new Error('not paid');
    const event = fake.paymentEvent('payment.updated', charge.intent.reference);
    const signed = signSquareWebhook(event, SIGNATURE_KEY, WEBHOOK_URL);
    expect(await provider.parseWebhook(Buffer.from(signed.body), signed.signature)).toEqual({
      id: event.event_id,
      type: 'payment.updated',
      reference: charge.intent.reference,
      paymentId,
      outcome: 'succeeded',
    });

    await provider.refund({
      reference: charge.intent.reference,
      amountCents: 700,
      idempotencyKey: `refund:${paymentId}`,
      reason: 'x',
    });
    const [refund] = fake.refunds(charge.intent.reference);
    if (!refund) throw new Error('no refund');
    const pending = signSquareWebhook(
      fake.refundEvent('refund.updated', refund.id),
      SIGNATURE_KEY,
      WEBHOOK_URL,
    );
    expect(await provider.parseWebhook(Buffer.from(pending.body), pending.signature)).toMatchObject({
      outcome: 'other',
    });
    fake.completeRefund(refund.id);
    const done = signSquareWebhook(fake.refundEvent('refund.updated', refund.id), SIGNATURE_KEY, WEBHOOK_URL);
    expect(await provider.parseWebhook(Buffer.from(done.body), done.signature)).toMatchObject({
      outcome: 'refunded',
      reference: charge.intent.reference,
    });

    const declined = await pendingIntent();
    await provider.charge({
      paymentId: declined.paymentId,
      amountCents: 100,
      sourceId: SQUARE_TEST_NONCES.declined,
      note: 'x',
    });
    const failedId = fake.paymentsFor(declined.paymentId)[0]?.id ?? '';
    const failed = signSquareWebhook(
      fake.paymentEvent('payment.updated', failedId),
      SIGNATURE_KEY,
      WEBHOOK_URL,
    );
    expect(await provider.parseWebhook(Buffer.from(failed.body), failed.signature)).toMatchObject({
      outcome: 'failed',
      paymentId: declined.paymentId,
    });
  });

  it('refuses a missing, forged or re-targeted signature, and a signed body that is not an event', async () => {
    const event = { event_id: 'e1', type: 'payment.updated', data: { type: 'payment', id: 'p', object: {} } };
    const signed = signSquareWebhook(event, SIGNATURE_KEY, WEBHOOK_URL);
    const body = Buffer.from(signed.body);
    await expect(provider.parseWebhook(body, undefined)).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(body, 'forged')).rejects.toThrow(WebhookSignatureError);
    const otherKey = signSquareWebhook(event, 'another-signature-key', WEBHOOK_URL);
    await expect(provider.parseWebhook(body, otherKey.signature)).rejects.toThrow(WebhookSignatureError);
    const otherUrl = signSquareWebhook(event, SIGNATURE_KEY, 'https://evil.example/hook');
    await expect(provider.parseWebhook(body, otherUrl.signature)).rejects.toThrow(WebhookSignatureError);
    const tampered = Buffer.from(signed.body.replace('e1', 'e2'));
    await expect(provider.parseWebhook(tampered, signed.signature)).rejects.toThrow(WebhookSignatureError);
    const notEvent = signSquareWebhook({ hello: 'world' }, SIGNATURE_KEY, WEBHOOK_URL);
    await expect(provider.parseWebhook(Buffer.from(notEvent.body), notEvent.signature)).rejects.toThrow(
      'not a Square event',
    );
  });
});
