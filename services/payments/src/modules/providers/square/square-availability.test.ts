import { ConfigError } from '@jesus-walks/service-kit/env';
import { testEnvSource } from '@jesus-walks/test-kit/test-service';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentsDatabase } from '../../../db/database';
import type { PaymentsDeps } from '../../../deps';
import { loadEnv } from '../../../env';
import { createPaymentIntent } from '../../checkout/checkout.service';
import { createProviders } from '../providers';

const base = testEnvSource('postgres://localhost/test');
const square = {
  SQUARE_ACCESS_TOKEN: 'EAAAsquare-access-token',
  SQUARE_APPLICATION_ID: 'sq0idp-application',
  SQUARE_LOCATION_ID: 'L123',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'square-signature-key',
};
// The sandbox is off in these cases or never asked: nothing here touches the database or the queue.
const deps = {
  db: {} as Kysely<PaymentsDatabase>,
  jobs: {} as Parameters<typeof createProviders>[1]['jobs'],
};

describe('the Square method', () => {
  it('is unavailable, saying why, without keys and with the sandbox off', () => {
    const providers = createProviders(loadEnv({ ...base, PAYMENTS_SANDBOX: 'off' }), deps);
    expect(providers.forMethod('square')).toEqual({ available: false, reason: 'Square is not configured' });
    expect(providers.square).toBeNull();
  });

  it('runs on Square with its keys (sandbox environment unless told), signed at the site’s own webhook URL', () => {
    const env = loadEnv({
      ...base,
      ...square,
      PAYMENTS_SANDBOX: 'off',
      PUBLIC_ORIGIN: 'https://walks.example',
    });
    expect(env.SQUARE_ENVIRONMENT).toBe('sandbox');
    expect(env.SQUARE_WEBHOOK_URL).toBe('https://walks.example/api/payments/webhooks/square');
    const providers = createProviders(env, deps);
    expect(providers.forMethod('square')).toMatchObject({
      available: true,
      processor: 'square',
      testMode: false,
    });
    expect(providers.square?.config).toEqual({
      applicationId: 'sq0idp-application',
      locationId: 'L123',
      environment: 'sandbox',
    });
    expect(providers.byName('square')).toBe(providers.square);
    const production = loadEnv({
      ...base,
      ...square,
      SQUARE_ENVIRONMENT: 'production',
      PAYMENTS_SANDBOX: 'off',
    });
    expect(createProviders(production, deps).square?.config.environment).toBe('production');
  });

  it('names the Square settings missing beside an access token', () => {
    const load = () => loadEnv({ ...base, SQUARE_ACCESS_TOKEN: 'EAAAsquare-access-token' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /SQUARE_APPLICATION_ID is required when SQUARE_ACCESS_TOKEN is set[\s\S]*SQUARE_LOCATION_ID[\s\S]*SQUARE_WEBHOOK_SIGNATURE_KEY/,
    );
  });
});

describe('a payment intent for an unavailable method', () => {
  it('is refused with 422 and the reason, before anything is quoted or charged', async () => {
    const providers = createProviders(loadEnv({ ...base, PAYMENTS_SANDBOX: 'off' }), deps);
    const intent = createPaymentIntent({ providers } as unknown as PaymentsDeps, {
      body: {
        items: [{ productId: 1, quantity: 1 }],
        shippingAddress: {
          fullName: 'Ada',
          street: '1 Lane',
          city: 'Napa',
          state: 'CA',
          zipCode: '94559',
          country: 'US',
        },
        paymentMethod: 'square',
      },
      identity: null,
      clientAddress: '203.0.113.9',
      idempotencyKey: undefined,
      requestId: 'req-1',
    });
    await expect(intent).rejects.toMatchObject({
      status: 422,
      message: 'Square is not available: Square is not configured',
    });
  });
});
