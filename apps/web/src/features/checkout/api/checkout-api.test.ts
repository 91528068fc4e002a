import { CARD_DECLINED, checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { orderRoutes } from '@jesus-walks/contracts/orders';
import { cryptoRoutes, safekeyRoutes, squareRoutes, walletRoutes } from '@jesus-walks/contracts/payments';
import { shippingRoutes } from '@jesus-walks/contracts/shipping';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiResponseError } from '@/lib/api-client';
import { getCheckoutConfig, getCheckoutConfigQueryOptions } from '@/lib/checkout/get-checkout-config';
import { aPaymentIntent, aShippingRate, jsonResponse, stubFetch } from '@/testing/api-stubs';
import { confirmSandboxPayment } from './confirm-sandbox-payment';
import { createOrder } from './create-order';
import { createPaymentIntent } from './create-payment-intent';
import { getOrderStatus, getOrderStatusQueryOptions, isBadOrderLink } from './get-order-status';
import { getShippingRates, ratesDestination } from './get-shipping-rates';
import { payWithSquare } from './pay-with-square';
import { processApplePayPayment } from './process-apple-pay-payment';
import { processCryptoPayment } from './process-crypto-payment';
import { processGooglePayPayment } from './process-google-pay-payment';
import { processSafekeyPayment } from './process-safekey-payment';

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = {
  currency: 'USD',
  testMode: false,
  methods: [
    { method: 'stripe', label: 'Stripe', available: true, testMode: true, reason: null },
    {
      method: 'square',
      label: 'Square',
      available: false,
      testMode: false,
      reason: 'Square is not configured',
    },
  ],
  stripe: { processor: 'sandbox', publishableKey: null },
};

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return {
    url: String(url),
    method: init?.method,
    headers: (init?.headers ?? {}) as Record<string, string>,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

describe('getCheckoutConfig', () => {
  it('GETs the checkout configuration and checks it against the contract', async () => {
    const fetchMock = stubFetch(jsonResponse(config));
    expect(await getCheckoutConfig()).toEqual(config);
    expect(sent(fetchMock)).toMatchObject({ url: checkoutRoutes.config.path, method: 'GET' });
    expect(getCheckoutConfigQueryOptions().queryKey).toEqual(['checkout', 'config']);
  });

  it("raises 'HTTP {status}: {statusText}' when it fails", async () => {
    stubFetch(
      jsonResponse(
        { message: 'down', code: 'unavailable' },
        { status: 503, statusText: 'Service Unavailable' },
      ),
    );
    await expect(getCheckoutConfig()).rejects.toThrow('HTTP 503: Service Unavailable');
  });
});

describe('getShippingRates', () => {
  it('asks for the rates of a country, state and postal code', async () => {
    const fetchMock = stubFetch(jsonResponse([aShippingRate()]));
    expect(await getShippingRates({ country: 'US', state: 'CA', postalCode: '94559' })).toEqual([
      aShippingRate(),
    ]);
    expect(sent(fetchMock).url).toBe(`${shippingRoutes.rates.path}?country=US&state=CA&postalCode=94559`);
  });

  it('prices a destination only once country, state and postal code are valid', () => {
    expect(ratesDestination({ country: 'us', state: 'CA', postalCode: '94559' })).toEqual({
      country: 'US',
      state: 'CA',
      postalCode: '94559',
    });
    expect(ratesDestination({ country: 'US', state: 'CA', postalCode: '9455' })).toBeNull();
    expect(ratesDestination({ country: 'US', state: ' ', postalCode: '94559' })).toBeNull();
    expect(ratesDestination({ country: 'U', state: 'CA', postalCode: '94559' })).toBeNull();
  });
});

describe('createPaymentIntent', () => {
  const body = {
    items: [{ productId: 1, quantity: 2, price: 22 }],
    shippingAddress: {
      fullName: 'Test Customer',
      street: '1234 Main Street',
      city: 'Napa',
      state: 'CA',
      zipCode: '94559',
      country: 'US',
    },
    shippingMethodId: 3,
    paymentMethod: 'stripe' as const,
  };

  it('POSTs the cart and address with an Idempotency-Key and returns the quote', async () => {
    const fetchMock = stubFetch(jsonResponse(aPaymentIntent(), { status: 201 }));
    expect(await createPaymentIntent({ body, idempotencyKey: 'key-1' })).toEqual(aPaymentIntent());
    const request = sent(fetchMock);
    expect(request).toMatchObject({ url: checkoutRoutes.createPaymentIntent.path, method: 'POST', body });
    expect(request.headers['idempotency-key']).toBe('key-1');
  });

  it('keeps the 409 cart_changed issues on the error', async () => {
    stubFetch(
      jsonResponse(
        {
          message: 'Your cart changed',
          code: 'cart_changed',
          issues: [{ path: ['items', 0], message: 'Only 1 left' }],
        },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    const error = await createPaymentIntent({ body, idempotencyKey: 'k' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'cart_changed',
      issues: [{ path: ['items', 0], message: 'Only 1 left' }],
    });
  });

  it("refuses an answer that is not JSON with 'Invalid JSON response from server'", async () => {
    stubFetch(new Response('<html>', { status: 201 }));
    const error = await createPaymentIntent({ body, idempotencyKey: 'k' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as Error).message).toBe('Invalid JSON response from server');
  });
});

/** The buyer's contact as the payment step hands it to a path. */
const contact = { fullName: 'Ann Lee', email: 'ann@example.com', phone: '(555) 123-4567' };

describe('confirmSandboxPayment', () => {
  const body = {
    clientSecret: 'pi_sandbox_secret_1',
    contact,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 30',
    cvc: '123',
  };

  it("POSTs the test card with the client secret and the buyer's contact", async () => {
    const paymentId = aPaymentIntent().paymentId;
    const fetchMock = stubFetch(jsonResponse({ status: 'succeeded', paymentId }));
    expect(await confirmSandboxPayment(body)).toEqual({ status: 'succeeded', paymentId });
    expect(sent(fetchMock)).toMatchObject({ url: checkoutRoutes.sandboxConfirm.path, method: 'POST', body });
  });

  it("keeps a refused contact's issues on the error (the payment step shows them on its fields)", async () => {
    stubFetch(
      jsonResponse(
        {
          message: 'The request is not valid',
          code: 'validation_failed',
          issues: [{ path: ['body', 'contact', 'email'], message: 'Invalid email address' }],
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    await expect(confirmSandboxPayment(body)).rejects.toMatchObject({
      status: 400,
      issues: [{ path: ['body', 'contact', 'email'], message: 'Invalid email address' }],
    });
  });

  it("carries the card's message of a 402", async () => {
    stubFetch(
      jsonResponse(
        { message: CARD_DECLINED, code: 'card_declined' },
        { status: 402, statusText: 'Payment Required' },
      ),
    );
    await expect(confirmSandboxPayment(body)).rejects.toMatchObject({
      status: 402,
      serverMessage: CARD_DECLINED,
    });
  });
});

describe("every call that pays carries the buyer's contact", () => {
  const { paymentId, paymentSecret } = aPaymentIntent();
  const reference = {
    amount: 28.49,
    currency: 'USD' as const,
    merchantReference: 'JW-1',
    paymentId,
    paymentSecret,
  };

  it("Square's card token", async () => {
    const fetchMock = stubFetch(jsonResponse({ status: 'succeeded', paymentId }));
    await payWithSquare({ paymentId, paymentSecret, sourceId: 'cnon:card-nonce-ok', contact });
    expect(sent(fetchMock)).toMatchObject({
      url: squareRoutes.pay.path,
      body: { sourceId: 'cnon:card-nonce-ok', contact },
    });
  });

  it('SafeKey', async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true }));
    const body = {
      ...reference,
      mobileNumber: '+1 (555) 010-0000',
      cardNumber: '4000 0000 0000 0077',
      contact,
    };
    await processSafekeyPayment(body);
    expect(sent(fetchMock)).toMatchObject({ url: safekeyRoutes.processPayment.path, body });
  });

  it("Apple Pay's and Google Pay's tokens", async () => {
    const body = { ...reference, description: 'Jesus Walks order', paymentToken: { t: 1 }, contact };
    const apple = stubFetch(jsonResponse({ success: true }));
    await processApplePayPayment(body);
    expect(sent(apple)).toMatchObject({ url: walletRoutes.applePayProcessPayment.path, body });
    const google = stubFetch(jsonResponse({ success: true }));
    await processGooglePayPayment(body);
    expect(sent(google)).toMatchObject({ url: walletRoutes.googlePayProcessPayment.path, body });
  });

  it("a crypto charge, with its customer e-mail and the payment's secret", async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true, paymentUrl: 'https://pay.example/c/1' }));
    const body = {
      amount: 28.49,
      currency: 'USD' as const,
      cryptocurrency: 'bitcoin' as const,
      merchantReference: 'ORDER-1',
      customerEmail: contact.email,
      paymentId,
      paymentSecret,
      contact,
    };
    await processCryptoPayment({ provider: 'coinbase', body });
    expect(sent(fetchMock)).toMatchObject({ url: cryptoRoutes.coinbaseProcessPayment.path, body });
  });
});

describe('createOrder', () => {
  it('POSTs the order with the payment id and an Idempotency-Key', async () => {
    const fetchMock = stubFetch(jsonResponse({ id: 42, status: 'paid', total: '53.99' }, { status: 201 }));
    const body = {
      items: [{ productId: 1, quantity: 2, price: 22 }],
      total: '53.99',
      shippingAddress: { firstName: 'Test' },
      paymentMethod: 'stripe' as const,
      paymentId: aPaymentIntent().paymentId,
    };
    expect(await createOrder({ body, idempotencyKey: 'order-key' })).toEqual({
      id: 42,
      status: 'paid',
      total: '53.99',
    });
    const request = sent(fetchMock);
    expect(request).toMatchObject({ url: checkoutRoutes.createOrder.path, method: 'POST', body });
    expect(request.headers['idempotency-key']).toBe('order-key');
  });
});

describe('getOrderStatus', () => {
  const view = {
    id: 42,
    status: 'shipped',
    items: [{ productId: 1, name: 'Trail Cap', quantity: 2, price: '22.00' }],
    subtotal: '44.00',
    shippingCost: '9.99',
    total: '53.99',
    shippingAddress: { firstName: 'Test', lastName: 'Customer' },
    shippingMethod: 'USPS Ground',
    estimatedDeliveryDate: '2030-04-04',
    trackingNumber: '9400 1000 0000 0000 0000 00',
    carrier: 'USPS',
    cancelReason: null,
    createdAt: '2030-04-01T09:00:00.000Z',
  };

  it('GETs the order of a signed link', async () => {
    const fetchMock = stubFetch(jsonResponse(view));
    expect(await getOrderStatus('a.b/c')).toEqual(view);
    expect(sent(fetchMock).url).toBe(`${orderRoutes.status.path}?token=a.b%2Fc`);
  });

  it('tells a bad link (400, 404) from a failure worth retrying', async () => {
    stubFetch(
      jsonResponse({ message: 'Not found', code: 'not_found' }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await getOrderStatus('bad').catch((caught: unknown) => caught);
    expect(isBadOrderLink(error)).toBe(true);
    expect(isBadOrderLink(new ApiError(503, 'Service Unavailable', null))).toBe(false);
    const retry = getOrderStatusQueryOptions('t').retry as (count: number, error: unknown) => boolean;
    expect(retry(0, error)).toBe(false);
    expect(retry(0, new ApiError(503, 'Service Unavailable', null))).toBe(true);
    expect(retry(2, new ApiError(503, 'Service Unavailable', null))).toBe(false);
  });
});
