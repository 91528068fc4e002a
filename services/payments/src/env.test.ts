import { createHmac } from 'node:crypto';
import { ConfigError } from '@jesus-walks/service-kit/env';
import { testEnvSource } from '@jesus-walks/test-kit/test-service';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const base = testEnvSource('postgres://localhost/test');

describe('payments env', () => {
  it('runs the sandbox without Stripe keys, delivering its events inside payments with a derived secret', () => {
    const env = loadEnv({ ...base, PUBLIC_ORIGIN: 'https://walks.example' });
    expect(env.PAYMENTS_SANDBOX).toBe('on');
    // Not through the public origin and the gateway: the handler is in this process.
    expect(env.SANDBOX_WEBHOOK_URL).toBeUndefined();
    const derived = createHmac('sha256', base.INTERNAL_TOKEN ?? '')
      .update('payments sandbox webhook secret')
      .digest('hex');
    expect(env.SANDBOX_WEBHOOK_SECRET).toBe(`whsec_sandbox_${derived}`);
  });

  it('turns the sandbox off by default once Stripe has keys; an operator may say either', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_123456789',
    };
    expect(loadEnv({ ...base, ...stripe }).PAYMENTS_SANDBOX).toBe('off');
    expect(loadEnv({ ...base, ...stripe, PAYMENTS_SANDBOX: 'on' }).PAYMENTS_SANDBOX).toBe('on');
    expect(loadEnv({ ...base, PAYMENTS_SANDBOX: 'off' }).PAYMENTS_SANDBOX).toBe('off');
  });

  it('keeps the sandbox off when NODE_ENV=production unless PAYMENTS_SANDBOX turns it on by name', () => {
    expect(loadEnv({ ...base, NODE_ENV: 'production' }).PAYMENTS_SANDBOX).toBe('off');
    expect(loadEnv({ ...base, NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' }).PAYMENTS_SANDBOX).toBe('on');
    expect(loadEnv({ ...base, NODE_ENV: 'development' }).PAYMENTS_SANDBOX).toBe('on');
    expect(loadEnv({ ...base, NODE_ENV: 'test' }).PAYMENTS_SANDBOX).toBe('on');
    expect(() => loadEnv({ ...base, PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('limits declined payment attempts and checkouts per client, by default a few per payment', () => {
    expect(loadEnv(base)).toMatchObject({
      PAYMENT_DECLINES_PER_PAYMENT: 3,
      PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: 10,
      PAYMENT_DECLINES_PER_MEMBER_PER_HOUR: 10,
      PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: 60,
    });
    expect(loadEnv({ ...base, PAYMENT_DECLINES_PER_PAYMENT: '5' }).PAYMENT_DECLINES_PER_PAYMENT).toBe(5);
    expect(() => loadEnv({ ...base, PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '0' })).toThrow(
      /PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR/,
    );
  });

  it('names the Stripe keys missing beside a secret key', () => {
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_123456789' })).toThrow(ConfigError);
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_123456789' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
  });
});
