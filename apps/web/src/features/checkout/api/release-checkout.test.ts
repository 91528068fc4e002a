import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { releaseCheckout } from './release-checkout';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('releaseCheckout', () => {
  it('posts the payment and its client secret with keepalive, so it goes even as the page closes', async () => {
    const fetchMock = stubFetch(jsonResponse({ released: true }));
    const body = { paymentId: '2b1f6a4e-58a7-4c61-9c8a-0c7d1d7a9f10', clientSecret: 'sbx_secret_1' };
    await expect(releaseCheckout(body)).resolves.toEqual({ released: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/checkout/release');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });
});
