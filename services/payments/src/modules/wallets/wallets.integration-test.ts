import { CARD_DECLINED, PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { APPLE_PAY_NOT_CONFIGURED, SAFEKEY_NOT_CONFIGURED } from '@jesus-walks/contracts/payments';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});
afterAll(() => stack?.close());

type WalletMethod = 'apple_pay' | 'google_pay';
const path = (method: WalletMethod) => (method === 'apple_pay' ? 'apple-pay' : 'google-pay');

async function walletIntent(method: WalletMethod, productId: number) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: method,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(response.json());
  secrets.set(intent.paymentId, intent.paymentSecret);
  return intent;
}

/** Each payment's secret, as its browser keeps it from the intent's answer. */
const secrets = new Map<string, string>();

/** As the checkout sends it: with the payment's secret when it names a payment. */
function pay(method: WalletMethod, payload: Record<string, unknown>) {
  const secret = typeof payload.paymentId === 'string' ? secrets.get(payload.paymentId) : undefined;
  return stack.payments.app.inject({
    method: 'POST',
    url: `/api/${path(method)}/process-payment`,
    payload: { ...(secret ? { paymentSecret: secret } : {}), ...payload },
  });
}

function createOrder(method: WalletMethod, paymentId: string, productId: number) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      paymentMethod: method,
      paymentId,
      customerEmail: 'ada@example.com',
    },
  });
}

const ordersOf = (paymentId: string) =>
  stack.catalog.db.selectFrom('orders').select(['id', 'status']).where('paymentId', '=', paymentId).execute();

// Google Pay's TEST environment with the 'example' gateway gives this token.
const googlePayData = {
  apiVersion: 2,
  paymentMethodData: {
    type: 'CARD',
    tokenizationData: { type: 'PAYMENT_GATEWAY', token: 'examplePaymentMethodToken' },
  },
};
const applePayPayment = {
  token: {
    paymentData: { version: 'EC_v1', data: 'sandbox', signature: 'sandbox' },
    paymentMethod: { network: 'Visa', displayName: 'Visa 0077', type: 'debit' },
    transactionIdentifier: 'sandbox-transaction',
  },
};

describe.each([
  ['apple_pay', applePayPayment],
  ['google_pay', googlePayData],
] as const)('%s through the sandbox card processor', (method, token) => {
  it('charges the token for the quoted total: one paid order, however often the browser posts', async () => {
    const product = await stack.insertProduct({ name: `Wallet Cap ${method}`, price: '15.00', stock: 2 });
    const intent = await walletIntent(method, product.id);
    expect(intent).toMatchObject({ processor: 'sandbox', testMode: true });
    const body = {
      amount: intent.total,
      currency: 'USD',
      description: 'Order',
      merchantReference: `ORDER-${Date.now()}`,
      paymentToken: token,
      paymentId: intent.paymentId,
      contact: { fullName: 'Ada Walker', email: 'ada@example.com', phone: '555-0100' },
    };
    const paid = await pay(method, body);
    expect(paid.statusCode, paid.body).toBe(200);
    const contact = await stack.contactOf(intent.paymentId);
    expect(contact).toEqual({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
    });
    expect(paid.json()).toEqual({ success: true, paymentId: intent.paymentId });
    expect((await pay(method, body)).json()).toEqual({ success: true, paymentId: intent.paymentId });

    const [first, second] = await Promise.all([
      createOrder(method, intent.paymentId, product.id),
      createOrder(method, intent.paymentId, product.id),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(intent.paymentId)).toEqual([{ id: first.json().id, status: 'paid' }]);
    expect(await stack.stockOf(product.id)).toBe(1);
  });
});

describe('wallet payments', () => {
  it('declines the test token tok_chargeDeclined: no order', async () => {
    const product = await stack.insertProduct({ name: 'Wallet Socks', price: '9.00', stock: 2 });
    const intent = await walletIntent('google_pay', product.id);
    const refused = await pay('google_pay', {
      amount: intent.total,
      merchantReference: 'ORDER-1',
      paymentToken: 'tok_chargeDeclined',
      paymentId: intent.paymentId,
    });
    expect(refused.json()).toEqual({ success: false, paymentId: intent.paymentId, error: CARD_DECLINED });
    expect((await createOrder('google_pay', intent.paymentId, product.id)).statusCode).toBe(402);
    expect(await ordersOf(intent.paymentId)).toEqual([]);
  });

  it('answers the configs: networks, merchant, and Google TEST with the example gateway', async () => {
    const apple = await stack.payments.app.inject({ url: '/api/apple-pay/config' });
    expect(apple.json()).toEqual({
      countryCode: 'US',
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
      merchantName: 'Jesus Walks',
    });
    const google = await stack.payments.app.inject({ url: '/api/google-pay/config' });
    expect(google.json()).toMatchObject({
      environment: 'TEST',
      merchantName: 'Jesus Walks',
      tokenizationParameters: { gateway: 'example', gatewayMerchantId: 'exampleGatewayMerchantId' },
    });
  });

  it('validate-merchant: 503 without a merchant certificate', async () => {
    const response = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/apple-pay/validate-merchant',
      payload: {
        validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        domainName: 'localhost',
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: APPLE_PAY_NOT_CONFIGURED });
  });
});

describe('validate-merchant with a merchant certificate', () => {
  let configured: TestService<Env, PaymentsDatabase> | undefined;
  beforeAll(async () => {
    configured = await startTestService(service, {
      APPLE_PAY_MERCHANT_ID: 'merchant.org.example.test',
      APPLE_PAY_CERTIFICATE_PEM: '-----BEGIN CERTIFICATE-----\\nnot-used\\n-----END CERTIFICATE-----',
      APPLE_PAY_KEY_PEM: '-----BEGIN PRIVATE KEY-----\\nnot-used\\n-----END PRIVATE KEY-----',
    });
  });
  afterAll(() => configured?.close());

  it.each([
    'http://apple-pay-gateway.apple.com/paymentservices/startSession',
    'https://evil.example.com/paymentservices/startSession',
    'https://apple.com.evil.example/startSession',
    'https://evilapple.com/startSession',
    'https://user:pass@apple-pay-gateway.apple.com/startSession',
  ])('refuses a validation URL that is not an Apple server: %s', async (validationURL) => {
    const response = await configured?.app.inject({
      method: 'POST',
      url: '/api/apple-pay/validate-merchant',
      payload: { validationURL, domainName: 'localhost' },
    });
    expect(response?.statusCode).toBe(400);
  });
});

describe('with the sandbox off and no keys', () => {
  let off: TestService<Env, PaymentsDatabase> | undefined;
  beforeAll(async () => {
    off = await startTestService(service, { PAYMENTS_SANDBOX: 'off' });
  });
  afterAll(() => off?.close());

  it('says SafeKey, Apple Pay and Google Pay are not configured, and SafeKey answers 503', async () => {
    const config = (await off?.app.inject({ url: '/api/checkout/config' }))?.json();
    expect(config.methods.slice(2, 5)).toEqual([
      {
        method: 'safekey',
        label: 'SafeKey',
        available: false,
        testMode: false,
        reason: SAFEKEY_NOT_CONFIGURED,
      },
      {
        method: 'apple_pay',
        label: 'Apple Pay',
        available: false,
        testMode: false,
        reason: APPLE_PAY_NOT_CONFIGURED,
      },
      {
        method: 'google_pay',
        label: 'Google Pay',
        available: false,
        testMode: false,
        reason: 'Google Pay is not configured',
      },
    ]);
    const initiated = await off?.app.inject({
      method: 'POST',
      url: '/api/safekey/initiate-payment',
      payload: { amount: 10, currency: 'USD' },
    });
    expect(initiated?.statusCode).toBe(503);
    expect(initiated?.json()).toMatchObject({ message: SAFEKEY_NOT_CONFIGURED });
    expect((await off?.app.inject({ url: '/api/google-pay/config' }))?.statusCode).toBe(503);
  });
});
