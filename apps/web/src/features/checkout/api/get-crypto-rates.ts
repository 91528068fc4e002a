import { type CryptoRate, cryptoRoutes, fallbackCryptoRates } from '@jesus-walks/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CryptoRate };

/**
 * GET /api/crypto/exchange-rates?currency=USD. A bad answer or a failure gives the built-in table
 * of 12 coins (SPEC.md section 7), marked fallback, so the amount in coin is always shown.
 */
export async function getCryptoRates(options: { signal?: AbortSignal } = {}): Promise<CryptoRate[]> {
  try {
    const rates = await callApi(cryptoRoutes.exchangeRates, {
      query: { currency: 'USD' },
      signal: options.signal,
    });
    return Array.isArray(rates) && rates.length > 0 ? rates : fallbackCryptoRates();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return fallbackCryptoRates();
  }
}

export function getCryptoRatesQueryOptions() {
  return queryOptions({
    queryKey: ['crypto', 'exchange-rates', 'USD'] as const,
    queryFn: ({ signal }) => getCryptoRates({ signal }),
    staleTime: 60_000,
  });
}

export function useCryptoRates() {
  return useQuery(getCryptoRatesQueryOptions());
}
