import { eventRoutes } from '@jesus-walks/contracts/events';
import { orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { cancelGuestRegistration, cancelRegistration } from '@/lib/events/cancel-registration';
import { anEvent, aRegistration, stubFetch } from '@/testing/api-stubs';
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

  it('sends the others coming by name, and no party when nobody else comes', async () => {
    const fetchMock = stubFetch(() => Response.json(registration, { status: 201 }));
    await registerForEvent({ eventId: 5, party: ['Ben', 'Cara'], idempotencyKey: 'key-12345678' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ party: ['Ben', 'Cara'] });
    await registerForEvent({ eventId: 5, party: [], idempotencyKey: 'key-12345679' });
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{}');
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
  const cancelled = {
    registrationId: 9,
    eventId: 5,
    registrationStatus: 'cancelled',
    payment: null,
    message: 'Your registration for Vineyard Loop is cancelled.',
  };

  it("a member's cancellation goes through payments' Cancel and refund, which answers in words", async () => {
    const fetchMock = stubFetch(() => Response.json(cancelled));
    await expect(cancelRegistration({ eventId: 5, registrationId: 9 })).resolves.toEqual(cancelled);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      pathOf(orderPaymentRoutes.cancelRegistrationAndRefund, { id: 5, registrationId: 9 }),
    );
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it("an admin's carries their reason", async () => {
    const fetchMock = stubFetch(() => Response.json(cancelled));
    await cancelRegistration({ eventId: 5, registrationId: 9, reason: 'The trail is closed' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"reason":"The trail is closed"}');
  });

  it("a guest posts the token of their e-mail's link", async () => {
    const fetchMock = stubFetch(() => Response.json(cancelled));
    await cancelGuestRegistration({ eventId: 5, token: 'tok' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      pathOf(orderPaymentRoutes.cancelGuestRegistrationAndRefund, { id: 5 }),
    );
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"token":"tok"}');
  });
});
