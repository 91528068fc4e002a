import { squareRoutes } from '@jesus-walks/contracts/payments';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiResponseError } from '@/lib/api-client';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { getSquareConfig, getSquareConfigQueryOptions } from './get-square-config';
import { payWithSquare } from './pay-with-square';

afterEach(() => {
  vi.unstubAllGlobals();
});

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return {
    url: String(url),
    method: init?.method,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

const config = { applicationId: 'sandbox-sq0idb-app', locationId: 'L1', environment: 'sandbox' };
const paymentId = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const paymentSecret = 'ps_browser_secret_1';

describe('getSquareConfig', () => {
  it('GETs /api/square-config and checks it against the contract', async () => {
    const fetchMock = stubFetch(jsonResponse(config));
    expect(await getSquareConfig()).toEqual(config);
    expect(sent(fetchMock)).toMatchObject({ url: squareRoutes.config.path, method: 'GET' });
    expect(getSquareConfigQueryOptions().queryKey).toEqual(['checkout', 'square-config']);
  });

  it('refuses an answer that is not a Square configuration', async () => {
    stubFetch(jsonResponse({ ...config, environment: 'staging' }));
    await expect(getSquareConfig()).rejects.toBeInstanceOf(ApiResponseError);
  });

  it('fails with the status when Square is not configured', async () => {
    stubFetch(
      jsonResponse(
        { message: 'Square is not configured', code: 'not_found' },
        { status: 404, statusText: 'Not Found' },
      ),
    );
    await expect(getSquareConfig()).rejects.toThrow('HTTP 404: Not Found');
  });
});

describe('payWithSquare', () => {
  it("POSTs the payment id, the payment's secret and the card token", async () => {
    const fetchMock = stubFetch(jsonResponse({ status: 'succeeded', paymentId }));
    expect(await payWithSquare({ paymentId, paymentSecret, sourceId: 'cnon:card-nonce-ok' })).toEqual({
      status: 'succeeded',
      paymentId,
    });
    expect(sent(fetchMock)).toEqual({
      url: squareRoutes.pay.path,
      method: 'POST',
      body: { paymentId, paymentSecret, sourceId: 'cnon:card-nonce-ok' },
    });
  });

  it("raises a refused card as a 402 ApiError carrying Square's words", async () => {
    stubFetch(
      jsonResponse(
        { message: "Authorization error: 'CARD_DECLINED'", code: 'card_declined' },
        { status: 402, statusText: 'Payment Required' },
      ),
    );
    const error = await payWithSquare({
      paymentId,
      paymentSecret,
      sourceId: 'cnon:card-nonce-declined',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, serverMessage: "Authorization error: 'CARD_DECLINED'" });
  });
});
