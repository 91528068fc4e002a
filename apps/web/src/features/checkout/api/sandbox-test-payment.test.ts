import { CARD_DECLINED, checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { sandboxTestPayment } from './sandbox-test-payment';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sandboxTestPayment', () => {
  const body = { cardNumber: '4000 0000 0000 0002', expiry: '12 / 30', cvc: '123' };

  it("POSTs the test card alone and answers the card's outcome", async () => {
    const fetchMock = stubFetch(jsonResponse({ success: false, error: CARD_DECLINED }));
    expect(await sandboxTestPayment(body)).toEqual({ success: false, error: CARD_DECLINED });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(checkoutRoutes.sandboxTestPayment.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });
});
