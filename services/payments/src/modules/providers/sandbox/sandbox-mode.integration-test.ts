import { APPLE_PAY_NOT_CONFIGURED, SAFEKEY_NOT_CONFIGURED } from '@jesus-walks/contracts/payments';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createServiceDeps, type ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testEnvSource } from '@jesus-walks/test-kit/test-service';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentsDatabase } from '../../../db/database';
import { service } from '../../../service';
import {
  CRYPTO_NOT_CONFIGURED,
  GOOGLE_PAY_NOT_CONFIGURED,
  SQUARE_NOT_CONFIGURED,
  STRIPE_NOT_CONFIGURED,
} from '../providers';

/**
 * The sandbox when the site runs for real: off in production unless turned on by name, and said
 * out loud at every start when it is on, so nobody takes test orders for paid ones.
 */

type Logger = Exclude<ServiceDeps<unknown>['logger'], false>;

interface Logged {
  level: string;
  message: string;
}

/** A logger that keeps what payments tells it (a pino Logger as far as Fastify can tell). */
function recordingLogger(lines: Logged[]): Logger {
  const make = (): unknown => {
    const record =
      (level: string) =>
      (...args: unknown[]) => {
        const message = args.find((arg): arg is string => typeof arg === 'string') ?? '';
        lines.push({ level, message });
      };
    return {
      level: 'info',
      fatal: record('fatal'),
      error: record('error'),
      warn: record('warn'),
      info: record('info'),
      debug: record('debug'),
      trace: record('trace'),
      silent: () => {},
      child: () => make(),
    };
  };
  return make() as Logger;
}

const started: Array<{ app: ServiceApp; database: TestDatabase<PaymentsDatabase> }> = [];
afterEach(async () => {
  for (const { app, database } of started.splice(0)) {
    await app.close();
    await database.destroy();
  }
});

/** Payments started as main.ts starts it, with this environment, keeping its log. */
async function startPayments(environment: Record<string, string>) {
  const database = await createTestDatabase<PaymentsDatabase>({
    schema: service.schema,
    migrations: service.migrations,
  });
  const lines: Logged[] = [];
  const env = service.loadEnv(testEnvSource(database.url, environment));
  const deps = createServiceDeps({
    db: database.db,
    schema: service.schema,
    logger: recordingLogger(lines),
    notice: () => {},
    pollingIntervalSeconds: 0.5,
  });
  const app = await service.buildApp(env, deps);
  await app.ready();
  started.push({ app, database });
  return { app, lines, env };
}

const testModeWarnings = (lines: Logged[]) =>
  lines.filter((line) => line.level === 'warn' && /TEST MODE/.test(line.message));

describe('the sandbox when NODE_ENV=production', () => {
  it('is off without a word: every method is disabled with its reason, nothing says test mode', async () => {
    const { app, lines, env } = await startPayments({ NODE_ENV: 'production' });
    expect(env.PAYMENTS_SANDBOX).toBe('off');
    const config = await app.inject({ url: '/api/checkout/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ testMode: false });
    expect(
      config
        .json()
        .methods.map((method: { method: string; available: boolean; reason: string }) => [
          method.method,
          method.available,
          method.reason,
        ]),
    ).toEqual([
      ['stripe', false, STRIPE_NOT_CONFIGURED],
      ['square', false, SQUARE_NOT_CONFIGURED],
      ['safekey', false, SAFEKEY_NOT_CONFIGURED],
      ['apple_pay', false, APPLE_PAY_NOT_CONFIGURED],
      ['google_pay', false, GOOGLE_PAY_NOT_CONFIGURED],
      ['crypto', false, CRYPTO_NOT_CONFIGURED],
    ]);
    expect(testModeWarnings(lines)).toEqual([]);
  });

  it('takes no test card and completes no sandbox charge: those routes are not there', async () => {
    const { app } = await startPayments({ NODE_ENV: 'production' });
    const card = await app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: {
        clientSecret: 'pi_sandbox_0_secret_0',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 40',
        cvc: '123',
      },
    });
    expect(card.statusCode).toBe(404);
    expect(card.json()).toEqual({ message: 'The sandbox processor is off', code: 'not_found' });
    const charge = await app.inject({
      method: 'POST',
      url: '/api/crypto/sandbox/charges/SBX0123456789/complete',
      payload: { paymentSecret: 'ps_anything' },
    });
    expect(charge.statusCode).toBe(404);
    expect(charge.json()).toEqual({ message: 'The sandbox processor is off', code: 'not_found' });
    const intent = await app.inject({
      method: 'POST',
      url: '/api/checkout/create-payment-intent',
      payload: {
        items: [{ productId: 1, quantity: 1 }],
        shippingAddress: {
          fullName: 'Ada Walker',
          street: '1 Vineyard Lane',
          city: 'Napa',
          state: 'CA',
          zipCode: '94559',
        },
        paymentMethod: 'stripe',
      },
    });
    expect(intent.statusCode).toBe(422);
    expect(intent.json().message).toBe(`Stripe is not available: ${STRIPE_NOT_CONFIGURED}`);
  });

  it('runs when turned on by name, and start-up warns that it takes no real payments', async () => {
    const { app, lines, env } = await startPayments({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' });
    expect(env.PAYMENTS_SANDBOX).toBe('on');
    const warnings = testModeWarnings(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/takes no real payments/);
    expect(warnings[0]?.message).toMatch(/PAYMENTS_SANDBOX=off/);
    const config = await app.inject({ url: '/api/checkout/config' });
    expect(config.json()).toMatchObject({ testMode: true });
  });
});

describe('the sandbox outside production', () => {
  it('is on by default without keys, and start-up warns all the same', async () => {
    const { app, lines, env } = await startPayments({ NODE_ENV: 'development' });
    expect(env.PAYMENTS_SANDBOX).toBe('on');
    expect(testModeWarnings(lines)).toHaveLength(1);
    expect((await app.inject({ url: '/api/checkout/config' })).json()).toMatchObject({ testMode: true });
  });
});
