import { CARD_DECLINED, INSUFFICIENT_FUNDS } from '@jesus-walks/contracts/checkout';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testEnvSource } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDatabase } from '../../../db/database';
import { service } from '../../../service';
import { UNKNOWN_TEST_CARD_MESSAGE } from './sandbox.service';

/**
 * The payment test page's card payment (Stripe's and Square's tiles on the sandbox): a test card's
 * outcome with no checkout behind it, under the same limits on card testing as every card route.
 */

const started: Array<{ app: ServiceApp; database: TestDatabase<PaymentsDatabase> }> = [];

async function startPayments(environment: Record<string, string>): Promise<ServiceApp> {
  const database = await createTestDatabase<PaymentsDatabase>({
    schema: service.schema,
    migrations: service.migrations,
  });
  const env = service.loadEnv(testEnvSource(database.url, environment));
  const deps = createServiceDeps({
    db: database.db,
    schema: service.schema,
    logger: false,
    notice: () => {},
    pollingIntervalSeconds: 0.5,
  });
  const app = await service.buildApp(env, deps);
  await app.ready();
  started.push({ app, database });
  return app;
}

let sandbox: ServiceApp;
beforeAll(async () => {
  sandbox = await startPayments({ PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '3' });
});
afterAll(async () => {
  for (const { app, database } of started.splice(0)) {
    await app.close();
    await database.destroy();
  }
});

let nextAddress = 0;
const newAddress = () => `198.51.100.${++nextAddress}`;

function testPayment(app: ServiceApp, cardNumber: string, address: string, expiry = '12 / 40') {
  return app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/test-payment',
    remoteAddress: address,
    payload: { cardNumber, expiry, cvc: '123' },
  });
}

describe('POST /api/checkout/sandbox/test-payment', () => {
  it("answers each test card's outcome, as the checkout's card form would, and records no payment", async () => {
    const address = newAddress();
    const paid = await testPayment(sandbox, '4242 4242 4242 4242', address);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ success: true });
    expect((await testPayment(sandbox, '4000 0000 0000 0002', address)).json()).toEqual({
      success: false,
      error: CARD_DECLINED,
    });
    expect((await testPayment(sandbox, '4000000000009995', address)).json()).toEqual({
      success: false,
      error: INSUFFICIENT_FUNDS,
    });
    const payments = started[0]?.database.db;
    expect(await payments?.selectFrom('payments').select('id').execute()).toEqual([]);
  });

  it('refuses a card that is not a test card (402) and an expired one (400)', async () => {
    const real = await testPayment(sandbox, '4111 1111 1111 1111', newAddress());
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({ message: UNKNOWN_TEST_CARD_MESSAGE });
    const expired = await testPayment(sandbox, '4242 4242 4242 4242', newAddress(), '01 / 20');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: 'Your card has expired.' });
  });

  it("counts declines against the client's limit on card testing", async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      expect((await testPayment(sandbox, '4000 0000 0000 0002', address)).json()).toMatchObject({
        success: false,
      });
    }
    const fourth = await testPayment(sandbox, '4242 4242 4242 4242', address);
    expect(fourth.statusCode).toBe(429);
    expect((await testPayment(sandbox, '4242 4242 4242 4242', newAddress())).json()).toEqual({
      success: true,
    });
  });

  it('is not there when the sandbox is off', async () => {
    const live = await startPayments({ NODE_ENV: 'production' });
    const refused = await testPayment(live, '4242 4242 4242 4242', newAddress());
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'The sandbox processor is off', code: 'not_found' });
  });
});
