import { CRYPTO_FALLBACK_RATES_AS_OF } from '@jesus-walks/contracts/payments';
import { describe, expect, it, vi } from 'vitest';
import { createCryptoRates } from './crypto-rates';

const coinbaseAnswer = {
  data: {
    currency: 'USD',
    rates: { BTC: '0.00001', ETH: '0.0005', USDC: '1', LTC: '0.01', SOL: '0.005', EUR: '0.9' },
  },
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('crypto exchange rates', () => {
  it('reads the live source as USD per coin and caches the answer for 60 s', async () => {
    let clock = Date.parse('2026-11-30T10:00:00Z');
    const fetcher = vi.fn(async () => jsonResponse(coinbaseAnswer));
    const rates = createCryptoRates({
      url: 'http://rates.test/v2/exchange-rates',
      fetch: fetcher as unknown as typeof fetch,
      now: () => new Date(clock),
    });
    const first = await rates.rates();
    expect(first.find((rate) => rate.cryptocurrency === 'bitcoin')).toMatchObject({
      rate: 100_000,
      fiatCurrency: 'USD',
      source: 'live',
    });
    expect(first.map((rate) => rate.cryptocurrency)).toEqual([
      'bitcoin',
      'ethereum',
      'usdc',
      'litecoin',
      'solana',
    ]);
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toBe(
      'http://rates.test/v2/exchange-rates?currency=USD',
    );
    clock += 59_000;
    await rates.rates();
    expect(fetcher).toHaveBeenCalledTimes(1);
    clock += 2_000;
    await rates.rates();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('falls back to the built-in table of 12 coins, marked with its date, when the source fails', async () => {
    const failures: unknown[] = [];
    for (const fetcher of [
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => jsonResponse({ message: 'down' }, 503),
      async () => jsonResponse({ data: { currency: 'USD', rates: { BTC: '0.00001' } } }),
    ]) {
      const rates = createCryptoRates({
        url: 'http://rates.test/',
        fetch: fetcher as unknown as typeof fetch,
        onFailure: (error) => failures.push(error),
      });
      const table = await rates.rates();
      expect(table).toHaveLength(12);
      expect(
        table.every((rate) => rate.source === 'fallback' && rate.asOf === CRYPTO_FALLBACK_RATES_AS_OF),
      ).toBe(true);
      expect(table.slice(0, 4).map((rate) => rate.cryptocurrency)).toEqual([
        'bitcoin',
        'ethereum',
        'usdc',
        'litecoin',
      ]);
    }
    expect(failures).toHaveLength(3);
  });

  it("answers the table without asking anyone when the source is 'off'", async () => {
    const fetcher = vi.fn();
    const rates = createCryptoRates({ url: null, fetch: fetcher as unknown as typeof fetch });
    expect((await rates.rateOf('litecoin')).source).toBe('fallback');
    expect(fetcher).not.toHaveBeenCalled();
  });
});
