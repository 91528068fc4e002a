import { eventRoutes } from '@jesus-walks/contracts/events';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { anEvent, aRegistration, stubFetch } from '@/testing/api-stubs';
import { cancelGuestRegistration } from './cancel-guest-registration';
import { cancelRegistration } from './cancel-registration';
import { getEvent } from './get-event';
import { registerForEvent } from './register-for-event';

const event = anEvent();

const registration = aRegistration({ status: 'waitlisted', waitlistPosition: 2 });

function error(status: number, statusText: string) {
  return () => Response.json({ message: statusText, code: 'x' }, { status, statusText });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getEvent', () => {
  it('GETs the event of the id', async () => {
    const fetchMock = stubFetch(() => Response.json(event));
    await expect(getEvent('5')).resolves.toEqual(event);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(pathOf(eventRoutes.get, { id: 5 }));
  });

  it('is null for an unknown event (404) or an id that is not one (400)', async () => {
    stubFetch(error(404, 'Not Found'));
    await expect(getEvent('999')).resolves.toBeNull();
    const fetchMock = stubFetch(error(400, 'Bad Request'));
    await expect(getEvent('abc/x')).resolves.toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0]).endsWith('/abc%2Fx')).toBe(true);
  });

  it('throws for other failures', async () => {
    stubFetch(error(503, 'Service Unavailable'));
    await expect(getEvent('5')).rejects.toThrow('HTTP 503: Service Unavailable');
  });
});

describe('registerForEvent', () => {
  it('posts the guest with the Idempotency-Key to the event', async () => {
    const fetchMock = stubFetch(() => Response.json(registration, { status: 201 }));
    const guest = { name: 'Ruth', email: 'ruth@example.com' };
    await expect(registerForEvent({ eventId: 5, guest, idempotencyKey: 'key-12345678' })).resolves.toEqual(
      registration,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(pathOf(eventRoutes.register, { id: 5 }));
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(guest);
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('key-12345678');
  });

  it('sends {} for a member', async () => {
    const fetchMock = stubFetch(() => Response.json(registration, { status: 201 }));
    await registerForEvent({ eventId: 5, idempotencyKey: 'key-12345678' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it("keeps the server's message and issues", async () => {
    stubFetch(() =>
      Response.json(
        { message: 'Invalid body', code: 'validation', issues: [{ path: ['email'], message: 'Bad' }] },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const failure = await registerForEvent({ eventId: 5, idempotencyKey: 'key-12345678' }).catch(
      (caught: unknown) => caught,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).issues).toEqual([{ path: ['email'], message: 'Bad' }]);
  });
});

describe('cancellations', () => {
  it('a member DELETEs their registration of the event', async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ ...registration, status: 'cancelled', waitlistPosition: null }),
    );
    await cancelRegistration({ eventId: 5, registrationId: 9 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      pathOf(eventRoutes.cancelRegistration, { id: 5, registrationId: 9 }),
    );
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeNull();
  });

  it("a guest posts the token of their e-mail's link", async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ ...registration, status: 'cancelled', waitlistPosition: null }),
    );
    await cancelGuestRegistration({ eventId: 5, token: 'tok' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(pathOf(eventRoutes.cancelAsGuest, { id: 5 }));
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"token":"tok"}');
  });
});
