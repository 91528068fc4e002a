import { authRoutes } from '@jesus-walks/contracts/auth';
import { eventRoutes, type ListedEvent, type Registration } from '@jesus-walks/contracts/events';
import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { aListedEvent, anEvent, aRegistration, stubFetch } from '@/testing/api-stubs';
import {
  type ApiAnswer,
  ApiError,
  ApiResponseError,
  callApi,
  getServerMessage,
  readApiAnswer,
} from './api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function request(fetchMock: ReturnType<typeof stubFetch>, index = 0) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

const event = anEvent();
/** The same walk as the list gives it (with its series, none). */
const listed = aListedEvent();

const registration = aRegistration();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it("sends a same-origin GET with the session cookie and returns the contract's answer", async () => {
    const fetchMock = stubFetch(jsonResponse([listed]));
    await expect(callApi(eventRoutes.list)).resolves.toEqual([listed]);
    const { url, init, headers } = request(fetchMock);
    expect(url).toBe('/api/events');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeNull();
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('Accept')).toBe('application/json');
  });

  it("uses the contract's method, fills and encodes its path parameters", async () => {
    const fetchMock = stubFetch(() => jsonResponse(registration));
    await callApi(eventRoutes.cancelRegistration, { params: { id: 5, registrationId: 9 } });
    expect(request(fetchMock).url).toBe('/api/events/5/registrations/9');
    expect(request(fetchMock).init?.method).toBe('DELETE');

    const fetchEvent = stubFetch(() => jsonResponse(event));
    await callApi(eventRoutes.get, { params: { id: '5/../../admin' } });
    expect(request(fetchEvent).url).toBe('/api/events/5%2F..%2F..%2Fadmin');
  });

  it('sends the body as JSON with its content type and the extra headers', async () => {
    const fetchMock = stubFetch(jsonResponse(registration, { status: 201, statusText: 'Created' }));
    const answer = await callApi(eventRoutes.register, {
      params: { id: 5 },
      body: { name: 'Ruth', email: 'ruth@example.com' },
      headers: { 'Idempotency-Key': 'key-12345678' },
    });
    expect(answer).toEqual(registration);
    const { url, init, headers } = request(fetchMock);
    expect(url).toBe('/api/events/5/registrations');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Ruth","email":"ruth@example.com"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-12345678');
  });

  it('sends no Content-Type for a POST without a body', async () => {
    const fetchMock = stubFetch(jsonResponse({ message: 'Logged out' }));
    await expect(callApi(authRoutes.logout)).resolves.toEqual({ message: 'Logged out' });
    const { init, headers } = request(fetchMock);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeNull();
    expect(headers.get('Content-Type')).toBeNull();
  });

  it('adds the query, encoded, leaving out undefined values', async () => {
    const fetchMock = stubFetch(jsonResponse({ message: 'ok' }));
    await callApi(newsletterRoutes.oneClickUnsubscribe, {
      query: { token: 'a b&c' },
      body: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(request(fetchMock).url).toBe('/api/newsletter/one-click-unsubscribe?token=a+b%26c');
  });

  it('passes the abort signal on', async () => {
    const fetchMock = stubFetch(jsonResponse([]));
    const controller = new AbortController();
    await callApi(eventRoutes.list, { signal: controller.signal });
    expect(request(fetchMock).init?.signal).toBe(controller.signal);
  });

  it('validates the answer: a wrong shape throws, it is never cast', async () => {
    stubFetch(jsonResponse([{ ...listed, seatsLeft: 'many' }]));
    const error = await callApi(eventRoutes.list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).message).toBe('Unexpected response from server');
    expect((error as ApiResponseError).path).toBe('/api/events');
    expect((error as ApiResponseError).issues[0]?.path).toEqual([0, 'seatsLeft']);

    stubFetch(jsonResponse({ events: [event] }));
    await expect(callApi(eventRoutes.list)).rejects.toBeInstanceOf(ApiResponseError);
  });

  it('strips what the contract does not declare, as the server does', async () => {
    stubFetch(jsonResponse({ ...event, secret: 'x' }));
    await expect(callApi(eventRoutes.get, { params: { id: 5 } })).resolves.toEqual(event);
  });

  it('reports a successful answer that is not JSON', async () => {
    stubFetch(new Response('<html></html>', { status: 200 }));
    await expect(callApi(eventRoutes.list)).rejects.toThrow('Invalid JSON response from server');
  });

  it('reads an answer as text when the success schema is z.string() (CSV)', async () => {
    const csv = 'email,status\nruth@example.com,confirmed\n';
    const fetchMock = stubFetch(new Response(csv, { headers: { 'Content-Type': 'text/csv' } }));
    await expect(callApi(newsletterRoutes.subscribersCsv)).resolves.toBe(csv);
    expect(request(fetchMock).headers.get('Accept')).not.toBe('application/json');
  });

  it("throws 'HTTP 404: Not Found' for a non-OK answer, keeping the server's message", async () => {
    stubFetch(
      jsonResponse(
        { message: 'Event not found', code: 'not_found' },
        { status: 404, statusText: 'Not Found' },
      ),
    );
    const error = await callApi(eventRoutes.get, { params: { id: 404 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ApiError).message).toBe('HTTP 404: Not Found');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Event not found');
    expect((error as ApiError).code).toBe('not_found');
    expect(getServerMessage(error)).toBe('Event not found');
  });

  it('carries the validation issues of a 400 answer', async () => {
    const issues = [{ path: ['email'], message: 'Please enter a valid email address.' }];
    stubFetch(
      jsonResponse(
        { message: 'Invalid body', code: 'validation', issues },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = (await callApi(newsletterRoutes.subscribe, { body: { email: 'x' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.message).toBe('HTTP 400: Bad Request');
    expect(error.issues).toEqual(issues);
  });

  it('copes with an error answer that is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await callApi(eventRoutes.list).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('lets a call read the raw answer itself, whatever its status (readResponse)', async () => {
    stubFetch(jsonResponse({ message: 'Nope' }, { status: 401, statusText: 'Unauthorized' }));
    const statuses: number[] = [];
    const answer = await callApi(authRoutes.me, {
      readResponse: async (response) => {
        statuses.push(response.status);
        return { id: 0, username: '', email: '', isAdmin: false };
      },
    });
    expect(statuses).toEqual([401]);
    expect(answer.id).toBe(0);
  });

  it('lets such a call leave an answer to the usual reading (readApiAnswer)', async () => {
    stubFetch(
      jsonResponse({ message: 'Nope', code: 'unauthorized' }, { status: 401, statusText: 'Unauthorized' }),
    );
    await expect(
      callApi(authRoutes.me, { readResponse: (response) => readApiAnswer(authRoutes.me, response) }),
    ).rejects.toMatchObject({ message: 'HTTP 401: Unauthorized', status: 401, code: 'unauthorized' });
    stubFetch(jsonResponse({ nope: true }));
    await expect(
      callApi(authRoutes.me, { readResponse: (response) => readApiAnswer(authRoutes.me, response) }),
    ).rejects.toBeInstanceOf(ApiResponseError);
  });

  it('types the answer from the contract and the options from its request', () => {
    expectTypeOf<ApiAnswer<typeof eventRoutes.list>>().toEqualTypeOf<ListedEvent[]>();
    expectTypeOf<ApiAnswer<typeof eventRoutes.register>>().toEqualTypeOf<Registration>();
    expectTypeOf<ApiAnswer<typeof newsletterRoutes.subscribersCsv>>().toEqualTypeOf<string>();
    // @ts-expect-error: the register route needs its :id
    void (() => callApi(eventRoutes.register, { body: {} }));
    // @ts-expect-error: the subscribe route needs a body
    void (() => callApi(newsletterRoutes.subscribe));
    // @ts-expect-error: the list route takes no body
    void (() => callApi(eventRoutes.list, { body: { x: 1 } }));
  });

  it('getServerMessage is undefined for other errors', () => {
    expect(getServerMessage(new Error('Failed to fetch'))).toBeUndefined();
    expect(getServerMessage('x')).toBeUndefined();
  });
});
