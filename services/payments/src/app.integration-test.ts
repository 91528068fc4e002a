import { signIdentity } from '@jesus-walks/service-kit/identity';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testSecrets,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDatabase } from './db/database';
import type { Env } from './env';
import { service } from './service';

let payments: TestService<Env, PaymentsDatabase>;

beforeAll(async () => {
  payments = await startTestService(service);
});
afterAll(() => payments.close());

/** A header claiming admin rights under the signature of a user's header: what a forger would send. */
async function forgedAdminIdentity(): Promise<string> {
  const signed = await signIdentity(
    { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
    testSecrets.IDENTITY_SIGNING_KEY,
  );
  const [protectedHeader, payload = '', signature] = signed.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user: object };
  const raised = Buffer.from(JSON.stringify({ ...claims, user: { ...claims.user, isAdmin: true } })).toString(
    'base64url',
  );
  return [protectedHeader, raised, signature].join('.');
}

describe('payments service foundation', () => {
  it('is live', async () => {
    const response = await payments.app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'payments' });
  });

  it('is ready once its migrations are applied', async () => {
    const response = await payments.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await payments.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nope', code: 'not_found' });
  });

  it('accepts a correctly signed identity header', async () => {
    const response = await payments.app.inject({
      url: '/health/live',
      headers: await identityHeaders(testUser, 'GET', '/health/live'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a forged identity header', async () => {
    const response = await payments.app.inject({
      url: '/health/live',
      headers: { 'x-identity': await forgedAdminIdentity() },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses a correctly signed but stale identity header', async () => {
    const stale = await signIdentity(
      { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
      testSecrets.IDENTITY_SIGNING_KEY,
      Date.now() - 120_000,
    );
    const response = await payments.app.inject({ url: '/health/live', headers: { 'x-identity': stale } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses /internal/* without the internal token', async () => {
    const refused = await payments.app.inject({ url: '/internal/anything' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    const allowed = await payments.app.inject({ url: '/internal/anything', headers: internalHeader });
    expect(allowed.statusCode).toBe(404);
  });

  it('serves Prometheus metrics', async () => {
    await payments.app.inject({ url: '/health/live' });
    const response = await payments.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('service="payments"');
  });
});

describe('payments schema', () => {
  const quote = { quoteId: 'q-1', items: [{ productId: 1, quantity: 2, price: '12.00' }], total: '33.99' };

  it('applies the defaults and keeps money exact', async () => {
    const payment = await payments.db
      .insertInto('payments')
      .values({ provider: 'sandbox', providerReference: 'sb_1', amount: '33.99', quote })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      amount: '33.99',
      currency: 'USD',
      status: 'pending',
      quote,
      customerEmail: null,
    });
    expect(payment.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('keeps one payment per provider reference', async () => {
    const values = { provider: 'stripe', providerReference: 'pi_123', amount: '10.00', quote };
    await payments.db.insertInto('payments').values(values).execute();
    await expect(payments.db.insertInto('payments').values(values).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'payments_provider_reference_key',
    });
    await payments.db
      .insertInto('payments')
      .values({ ...values, provider: 'square' })
      .execute();
  });

  it('records a webhook event once', async () => {
    const event = { provider: 'stripe', eventId: 'evt_1', type: 'payment_intent.succeeded' };
    await payments.db.insertInto('webhookEvents').values(event).execute();
    await expect(payments.db.insertInto('webhookEvents').values(event).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'webhook_events_provider_event_id_key',
    });
    await payments.db
      .insertInto('webhookEvents')
      .values({ ...event, provider: 'coinbase' })
      .execute();
  });
});
