import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiFetch, apiRequest, getServerMessage } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends a same-origin GET with the session cookie by default and reads JSON', async () => {
    const fetchMock = stubFetch(jsonResponse([{ id: 1 }]));
    await expect(apiRequest('/api/events')).resolves.toEqual([{ id: 1 }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/events');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeNull();
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('sends a body as JSON with its content type', async () => {
    const fetchMock = stubFetch(jsonResponse({ ok: true }));
    await api.post('/api/newsletter/subscribe', { email: 'a@b.c' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends no content type for a POST without body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await api.post('/api/auth/logout');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Content-Type')).toBeNull();
  });

  it('reads 204 and an empty body as null', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeNull();
    stubFetch(new Response('', { status: 200 }));
    await expect(apiRequest('/api/x')).resolves.toBeNull();
  });

  it("throws 'HTTP {status}: {statusText}' with the server's message for a non-OK answer", async () => {
    stubFetch(
      jsonResponse(
        { message: 'Email already subscribed', code: 'conflict' },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    const error = await apiRequest('/api/newsletter/subscribe').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ApiError).message).toBe('HTTP 409: Conflict');
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).serverMessage).toBe('Email already subscribed');
    expect((error as ApiError).code).toBe('conflict');
    expect(getServerMessage(error)).toBe('Email already subscribed');
  });

  it('carries validation issues of a 400 answer', async () => {
    const issues = [{ path: ['email'], message: 'Invalid email' }];
    stubFetch(
      jsonResponse(
        { message: 'Invalid body', code: 'validation', issues },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.issues).toEqual(issues);
  });

  it('copes with an error answer that is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('reports a successful answer that is not JSON', async () => {
    stubFetch(new Response('<html></html>', { status: 200 }));
    await expect(apiRequest('/api/x')).rejects.toThrow('Invalid JSON response from server');
  });

  it('getServerMessage is undefined for other errors', () => {
    expect(getServerMessage(new Error('Failed to fetch'))).toBeUndefined();
    expect(getServerMessage('x')).toBeUndefined();
  });
});

describe('apiFetch', () => {
  it('returns a non-OK response without throwing (the opt-out)', async () => {
    stubFetch(jsonResponse({ message: 'Nope' }, { status: 401, statusText: 'Unauthorized' }));
    const response = await apiFetch('/api/auth/me');
    expect(response.status).toBe(401);
  });
});
