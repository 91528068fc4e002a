import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { stubFetch } from '@/testing/api-stubs';
import { currentUserQueryKey, getCurrentUser, getCurrentUserQueryOptions } from './current-user';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getCurrentUser', () => {
  it('asks GET /api/auth/me with the session cookie', async () => {
    const user = { id: 1, username: 'ruth', email: 'ruth@example.com', isAdmin: false };
    const fetchMock = stubFetch(Response.json(user));
    await expect(getCurrentUser()).resolves.toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/me');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('returns null for 401: a visitor, not an error', async () => {
    stubFetch(Response.json({ message: 'Not logged in', code: 'unauthorized' }, { status: 401 }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('throws for other failures', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(getCurrentUser()).rejects.toBeInstanceOf(ApiError);
  });

  it('asks nothing when the signed-in hint cookie is absent', async () => {
    const fetchMock = stubFetch(Response.json({}));
    await expect(getCurrentUser({ cookies: 'cart_key=abc; theme=x' })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks when the hint is present', async () => {
    const user = { id: 2, username: 'naomi', email: 'naomi@example.com', isAdmin: true };
    stubFetch(Response.json(user));
    await expect(getCurrentUser({ cookies: 'cart_key=abc; signed_in=1' })).resolves.toEqual(user);
  });

  it('has stable query options', () => {
    expect(getCurrentUserQueryOptions().queryKey).toEqual(currentUserQueryKey);
  });
});
