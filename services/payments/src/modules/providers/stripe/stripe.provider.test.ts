import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from '../provider';
import { type FakeStripeServer, startFakeStripeServer } from './fake-stripe-server.testing';
import { createStripeProvider } from './stripe.provider';
import { buildStripeEvent, signStripeEvent } from './stripe-webhooks.testing';

/** The real SDK against a local fake of Stripe's API: no mocked SDK, no network beyond 127.0.0.1. */

const webhookSecret = 'whsec_test_provider_secret';
let fake: FakeStripeServer;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  provider = createStripeProvider({ secretKey: fake.secretKey, webhookSecret, apiBaseUrl: fake.url });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

function intentInput(overrides: Partial<CreateIntentInput> = {}): CreateIntentInput {
  return {
    amountCents: 2599,
    currency: 'usd',
    paymentId: randomUUID(),
    idempotencyKey: `create-${randomUUID()}`,
    description: 'Jesus Walks order: 1 x Trail cap',
    ...overrides,
  };
}

describe('Stripe provider: payment intents', () => {
  it('creates an intent the way Stripe expects it and returns what the browser needs', async () => {
    const input = intentInput();
    const intent = await provider.createIntent(input);

    expect(intent).toEqual({
      reference: expect.stringMatching(/^pi_\w+$/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.reference}_secret_\\w+$`)),
      amountCents: 2599,
      currency: 'usd',
      status: 'requires_payment_method',
      failureMessage: null,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      status: 200,
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        idempotencyKey: input.idempotencyKey,
        contentType: expect.stringContaining('application/x-www-form-urlencoded'),
      },
      body: {
        amount: '2599',
        currency: 'usd',
        metadata: { paymentId: input.paymentId },
        description: input.description,
        automatic_payment_methods: { enabled: 'true' },
      },
    });
    expect(fake.paymentIntent(intent.reference).metadata).toEqual({ paymentId: input.paymentId });
  });

  it('retrieves the intent as Stripe holds it after the buyer paid', async () => {
    const created = await provider.createIntent(intentInput());
    fake.succeed(created.reference);

    const intent = await provider.retrieveIntent(created.reference);

    expect(intent).toEqual({ ...created, status: 'succeeded', failureMessage: null });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${created.reference}`,
    });
  });

  it("retrieves a declined intent with Stripe's message for the buyer", async () => {
    const created = await provider.createIntent(intentInput());
    fake.fail(created.reference, 'Your card has insufficient funds.');

    const intent = await provider.retrieveIntent(created.reference);

    expect(intent.status).toBe('requires_payment_method');
    expect(intent.failureMessage).toBe('Your card has insufficient funds.');
  });

  it('surfaces an unknown intent as the SDK error', async () => {
    await expect(provider.retrieveIntent('pi_doesnotexist')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('sends the idempotency key: the same creation twice is one intent', async () => {
    const input = intentInput();
    const first = await provider.createIntent(input);
    const second = await provider.createIntent(input);

    expect(second).toEqual(first);
    expect(fake.requests.map((request) => request.headers.idempotencyKey)).toEqual([
      input.idempotencyKey,
      input.idempotencyKey,
    ]);
  });

  it('refuses the same idempotency key with other parameters, as Stripe does', async () => {
    const input = intentInput();
    await provider.createIntent(input);

    await expect(provider.createIntent({ ...input, amountCents: 9999 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('surfaces a wrong secret key as an authentication error, without retrying it', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_not_the_right_key',
      webhookSecret,
      apiBaseUrl: fake.url,
    });

    const failure = wrongKey.createIntent(intentInput());

    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringContaining('Invalid API Key'),
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.status).toBe(401);
  });

  it('refuses an API base URL it could not honour', () => {
    expect(() =>
      createStripeProvider({ secretKey: 'sk_test_x', webhookSecret, apiBaseUrl: 'ftp://127.0.0.1' }),
    ).toThrow(/http or https/);
    expect(() =>
      createStripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret,
        apiBaseUrl: 'http://127.0.0.1:1/stripe',
      }),
    ).toThrow(/path/);
  });
});

describe('Stripe provider: refunds', () => {
  it('refunds a paid intent, the reason kept as metadata', async () => {
    const created = await provider.createIntent(intentInput());
    fake.succeed(created.reference);

    const { refundReference } = await provider.refund({
      reference: created.reference,
      amountCents: 2599,
      idempotencyKey: `refund-${randomUUID()}`,
      reason: 'reservation lapsed and the stock is gone',
    });

    expect(refundReference).toMatch(/^re_\w+$/);
    expect(fake.refunds(created.reference)).toEqual([
      expect.objectContaining({
        id: refundReference,
        amount: 2599,
        payment_intent: created.reference,
        metadata: { reason: 'reservation lapsed and the stock is gone' },
      }),
    ]);
    expect(fake.charge(created.reference)).toMatchObject({ amount_refunded: 2599, refunded: true });
  });

  it('refunds once when a retried job sends the same idempotency key', async () => {
    const created = await provider.createIntent(intentInput());
    fake.succeed(created.reference);
    const input = {
      reference: created.reference,
      amountCents: 1000,
      idempotencyKey: `refund-${randomUUID()}`,
      reason: 'out of stock',
    };

    const first = await provider.refund(input);
    const retried = await provider.refund(input);

    expect(retried).toEqual(first);
    expect(fake.refunds(created.reference)).toHaveLength(1);
    expect(fake.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(2);
  });

  it('surfaces a refund of an unpaid intent as the SDK error', async () => {
    const created = await provider.createIntent(intentInput());

    await expect(
      provider.refund({
        reference: created.reference,
        amountCents: 2599,
        idempotencyKey: `refund-${randomUUID()}`,
        reason: 'out of stock',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_not_refundable' });
  });
});

describe('Stripe provider: webhooks', () => {
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  async function paidIntent() {
    const input = intentInput();
    const created = await provider.createIntent(input);
    fake.succeed(created.reference);
    return { paymentId: input.paymentId, reference: created.reference };
  }

  function parse(signed: { body: string; header: string }) {
    // Stripe verifies synchronously (the interface also allows a promise, for Square).
    return provider.parseWebhook(Buffer.from(signed.body), signed.header) as ProviderEvent;
  }

  it('verifies and reduces payment_intent.succeeded', async () => {
    const { paymentId, reference } = await paidIntent();
    const event = fake.event('payment_intent.succeeded', reference);

    expect(parse(signStripeEvent(event, webhookSecret))).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      reference,
      paymentId,
      outcome: 'succeeded',
    });
  });

  it('reduces payment_intent.payment_failed to failed', async () => {
    const input = intentInput();
    const created = await provider.createIntent(input);
    fake.fail(created.reference, 'Your card was declined.');

    const event = parse(
      signStripeEvent(fake.event('payment_intent.payment_failed', created.reference), webhookSecret),
    );

    expect(event).toMatchObject({
      reference: created.reference,
      paymentId: input.paymentId,
      outcome: 'failed',
    });
  });

  it("reduces charge.refunded to refunded, about the charge's intent", async () => {
    const { paymentId, reference } = await paidIntent();
    await provider.refund({
      reference,
      amountCents: 2599,
      idempotencyKey: randomUUID(),
      reason: 'out of stock',
    });

    const event = parse(signStripeEvent(fake.event('charge.refunded', reference), webhookSecret));

    expect(event).toMatchObject({ type: 'charge.refunded', reference, paymentId, outcome: 'refunded' });
  });

  it('reduces any other event to other, keeping what it is about when it can tell', async () => {
    const { reference } = await paidIntent();
    const created = parse(signStripeEvent(fake.event('payment_intent.created', reference), webhookSecret));
    const customer = parse(
      signStripeEvent(
        buildStripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
        webhookSecret,
      ),
    );

    expect(created).toMatchObject({ reference, outcome: 'other' });
    expect(customer).toMatchObject({
      type: 'customer.created',
      reference: null,
      paymentId: null,
      outcome: 'other',
    });
  });

  it('gives a redelivered event the same id, for the caller to de-duplicate', async () => {
    const { reference } = await paidIntent();
    const event = fake.event('payment_intent.succeeded', reference);
    const signed = signStripeEvent(event, webhookSecret);
    const resent = signStripeEvent(event, webhookSecret, nowSeconds() + 1);

    expect(parse(signed).id).toBe(event.id);
    expect(parse(signed).id).toBe(event.id);
    expect(parse(resent).id).toBe(event.id);
  });

  it('refuses an event signed with another secret', async () => {
    const { reference } = await paidIntent();
    const forged = signStripeEvent(fake.event('payment_intent.succeeded', reference), 'whsec_someone_else');

    expect(() => parse(forged)).toThrow(WebhookSignatureError);
  });

  it('refuses a body changed after signing', async () => {
    const { reference } = await paidIntent();
    const signed = signStripeEvent(fake.event('payment_intent.payment_failed', reference), webhookSecret);
    const body = signed.body.replace('payment_intent.payment_failed', 'payment_intent.succeeded');

    expect(() => parse({ body, header: signed.header })).toThrow(WebhookSignatureError);
  });

  it('refuses a missing or unreadable signature header', async () => {
    const { reference } = await paidIntent();
    const body = Buffer.from(JSON.stringify(fake.event('payment_intent.succeeded', reference)));

    expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, '')).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, 'not a stripe signature')).toThrow(WebhookSignatureError);
  });

  it('refuses an event signed more than 300 s ago, and accepts one just inside the window', async () => {
    const { reference } = await paidIntent();
    const event = fake.event('payment_intent.succeeded', reference);

    expect(() => parse(signStripeEvent(event, webhookSecret, nowSeconds() - 301))).toThrow(
      WebhookSignatureError,
    );
    expect(() => parse(signStripeEvent(event, webhookSecret, nowSeconds() - 3600))).toThrow(/tolerance/);
    expect(parse(signStripeEvent(event, webhookSecret, nowSeconds() - 290)).id).toBe(event.id);
  });

  it('refuses a correctly signed body that is not a Stripe event', () => {
    const notJson = 'this is not json';
    const header = Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: webhookSecret });

    expect(() => provider.parseWebhook(Buffer.from(notJson), header)).toThrow(WebhookSignatureError);
    expect(() => parse(signStripeEvent({ hello: 'world' }, webhookSecret))).toThrow(WebhookSignatureError);
    expect(() =>
      parse(
        signStripeEvent({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' }, webhookSecret),
      ),
    ).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.alloc(0), signStripeEvent({}, webhookSecret).header)).toThrow(
      WebhookSignatureError,
    );
  });
});
