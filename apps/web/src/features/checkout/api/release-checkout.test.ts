import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { releaseCheckout } from './release-checkout';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('releaseCheckout', () => {
  it("posts the payment and the browser's secret for it with keepalive, so it goes even as the page closes", async () => {
    const fetchMock = stubFetch(jsonResponse({ released: true }));
    const body = { paymentId: '2b1f6a4e-58a7-4c61-9c8a-0c7d1d7a9f10', paymentSecret: 'ps_secret_1' };
    const answer = releaseCheckout(body);
    // Already sent when the call returns: a closing page runs no later task.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(answer).resolves.toEqual({ released: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(checkoutRoutes.release.path);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });
});
