import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookSignatureError } from '../provider';
import {
  type CryptoChargeProvider,
  createCoinbaseProvider,
  ManualRefundRequiredError,
  PAYMENT_EXPIRED,
} from './coinbase.provider';
import { type FakeCoinbaseServer, startFakeCoinbaseServer } from './fake-coinbase-server.testing';

let fake: FakeCoinbaseServer;
let coinbase: CryptoChargeProvider;

beforeAll(async () => {
  fake = await startFakeCoinbaseServer();
  // The SDK warns (console.warn) about a plain-http base URL: expected against the local fake.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  coinbase = createCoinbaseProvider({
    apiKey: fake.apiKey,
    webhookSecret: fake.webhookSecret,
    apiBaseUrl: fake.url,
  });
  warn.mockRestore();
});
afterAll(() => fake?.close());

const create = (amountCents = 4_999, paymentId = randomUUID()) =>
  coinbase.createIntent({
    amountCents,
    currency: 'usd',
    paymentId,
    idempotencyKey: `intent:${paymentId}`,
    description: 'Order of 1 item(s)',
  });

describe('Coinbase Commerce through coinbase-commerce-node against the fake API', () => {
  it('creates a fixed-price USD charge for the total with the payment id as metadata', async () => {
    const paymentId = randomUUID();
    const intent = await create(4_999, paymentId);
    expect(intent).toMatchObject({ amountCents: 4_999, currency: 'usd', status: 'requires_payment_method' });
    const charge = fake.charges.get(intent.reference);
    expect(charge?.metadata).toEqual({ paymentId });
    expect(charge?.pricing.local).toEqual({ amount: '49.99', currency: 'USD' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/charges' });
  });

  it('answers the hosted page, the chosen coin address and amount', async () => {
    const intent = await create(9_500);
    const details = await coinbase.chargeDetails(intent.reference, 'bitcoin');
    expect(details.paymentUrl).toBe(`https://commerce.coinbase.com/charges/${intent.reference}`);
    expect(details.cryptoAmount).toBe('0.00100000');
    expect(details.walletAddress).toMatch(/^bitcoin-/);
  });

  it('retrieves the charge: COMPLETED succeeded, EXPIRED canceled with "Payment expired"', async () => {
    const paid = await create();
    fake.setStatus(paid.reference, 'PENDING');
    expect((await coinbase.retrieveIntent(paid.reference)).status).toBe('processing');
    fake.setStatus(paid.reference, 'COMPLETED');
    expect(await coinbase.retrieveIntent(paid.reference)).toMatchObject({
      status: 'succeeded',
      amountCents: 4_999,
    });
    const lapsed = await create();
    fake.setStatus(lapsed.reference, 'EXPIRED');
    expect(await coinbase.retrieveIntent(lapsed.reference)).toMatchObject({
      status: 'canceled',
      failureMessage: PAYMENT_EXPIRED,
    });
  });

  it('surfaces an unknown charge as the SDK error', async () => {
    await expect(coinbase.retrieveIntent('NOPE')).rejects.toThrow();
  });

  it('verifies webhooks with X-CC-Webhook-Signature and refuses forged ones', async () => {
    const paymentId = randomUUID();
    const intent = await create(1_000, paymentId);
    const confirmed = fake.signedEvent('charge:confirmed', intent.reference);
    expect(coinbase.parseWebhook(Buffer.from(confirmed.body), confirmed.signature)).toEqual({
      id: confirmed.id,
      type: 'charge:confirmed',
      reference: intent.reference,
      paymentId,
      outcome: 'succeeded',
    });
    const failed = fake.signedEvent('charge:failed', intent.reference);
    expect((await coinbase.parseWebhook(Buffer.from(failed.body), failed.signature)).outcome).toBe('failed');

    const forged = fake.signedEvent('charge:confirmed', intent.reference, 'not-the-secret');
    expect(() => coinbase.parseWebhook(Buffer.from(forged.body), forged.signature)).toThrow(
      WebhookSignatureError,
    );
    const tampered = confirmed.body.replace('"charge:confirmed"', '"charge:resolved"');
    expect(() => coinbase.parseWebhook(Buffer.from(tampered), confirmed.signature)).toThrow(
      WebhookSignatureError,
    );
    expect(() => coinbase.parseWebhook(Buffer.from(confirmed.body), undefined)).toThrow(
      WebhookSignatureError,
    );
  });

  it('never refunds on-chain: a manual refund is required', async () => {
    await expect(
      coinbase.refund({ reference: 'X', amountCents: 100, idempotencyKey: 'refund:x', reason: 'gone' }),
    ).rejects.toBeInstanceOf(ManualRefundRequiredError);
  });
});
