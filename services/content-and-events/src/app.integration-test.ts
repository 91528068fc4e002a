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
import type { ContentAndEventsDatabase } from './db/database';
import type { Env } from './env';
import { service } from './service';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service);
});
afterAll(() => content.close());

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

describe('content-and-events service foundation', () => {
  it('is live', async () => {
    const response = await content.app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'content-and-events' });
  });

  it('is ready once its migrations are applied', async () => {
    const response = await content.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await content.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nope', code: 'not_found' });
  });

  it('accepts a correctly signed identity header', async () => {
    const response = await content.app.inject({
      url: '/health/live',
      headers: await identityHeaders(testUser, 'GET', '/health/live'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a forged identity header', async () => {
    const response = await content.app.inject({
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
    const response = await content.app.inject({ url: '/health/live', headers: { 'x-identity': stale } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses /internal/* without the internal token', async () => {
    const refused = await content.app.inject({ url: '/internal/anything' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    const allowed = await content.app.inject({ url: '/internal/anything', headers: internalHeader });
    expect(allowed.statusCode).toBe(404);
  });

  it('serves Prometheus metrics', async () => {
    await content.app.inject({ url: '/health/live' });
    const response = await content.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('service="content-and-events"');
  });
});

describe('content-and-events schema', () => {
  async function insertEvent(capacity = 20) {
    return content.db
      .insertInto('events')
      .values({ title: 'Vineyard Ridge Walk', location: 'Napa, CA', date: '2030-05-04T09:00:00Z', capacity })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  it('applies the spec defaults', async () => {
    const event = await insertEvent();
    expect(event).toMatchObject({ price: 0, description: '', imageUrl: null, capacity: 20 });
    expect(event.date).toEqual(new Date('2030-05-04T09:00:00Z'));
  });

  it('refuses an event without room', async () => {
    await expect(insertEvent(0)).rejects.toMatchObject({
      code: '23514',
      constraint: 'events_capacity_check',
    });
  });

  it('registers a user once per event', async () => {
    const event = await insertEvent();
    const other = await insertEvent();
    await content.db.insertInto('registrations').values({ eventId: event.id, userId: 7 }).execute();
    await expect(
      content.db.insertInto('registrations').values({ eventId: event.id, userId: 7 }).execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'registrations_event_user_key' });
    await content.db.insertInto('registrations').values({ eventId: other.id, userId: 7 }).execute();
  });

  it('registers a guest e-mail once per event, whatever its case', async () => {
    const event = await insertEvent();
    await content.db
      .insertInto('registrations')
      .values({ eventId: event.id, guestName: 'Ann', guestEmail: 'Ann@Example.com' })
      .execute();
    await expect(
      content.db
        .insertInto('registrations')
        .values({ eventId: event.id, guestName: 'Ann', guestEmail: 'ann@example.COM' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'registrations_event_guest_email_key' });
  });

  it('refuses a registration that names nobody', async () => {
    const event = await insertEvent();
    await expect(
      content.db.insertInto('registrations').values({ eventId: event.id }).execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'registrations_registrant_check' });
  });

  it('removes registrations with their event', async () => {
    const event = await insertEvent();
    await content.db.insertInto('registrations').values({ eventId: event.id, userId: 8 }).execute();
    await content.db.deleteFrom('events').where('id', '=', event.id).execute();
    const left = await content.db
      .selectFrom('registrations')
      .select('id')
      .where('eventId', '=', event.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps newsletter addresses unique and lower-cased', async () => {
    await content.db.insertInto('waitlist').values({ email: 'walker@example.com' }).execute();
    await expect(
      content.db.insertInto('waitlist').values({ email: 'walker@example.com' }).execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'waitlist_email_key' });
    await expect(
      content.db.insertInto('waitlist').values({ email: 'Walker@Example.com' }).execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'waitlist_email_lower_check' });
  });
});
