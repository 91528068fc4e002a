import { type CryptoRate, cryptoFallbackRates, fallbackCryptoRates } from '@jesus-walks/contracts/payments';
import { z } from 'zod';

/** How long one answer of the rates source is used. */
export const CRYPTO_RATES_TTL_MS = 60_000;
/** The rates are a nicety: a checkout never waits long for them (the fallback table answers). */
const DEFAULT_TIMEOUT_MS = 2_500;

/** Coinbase's public exchange rates: coins per one unit of the fiat currency, as decimal strings. */
const CoinbaseRatesSchema = z.object({
  data: z.object({ currency: z.string(), rates: z.record(z.string(), z.string()) }),
});

export interface CryptoRatesOptions {
  /** The live source (Coinbase's https://api.coinbase.com/v2/exchange-rates); null: always the fallback. */
  url: string | null;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => Date;
  fetch?: typeof fetch;
  onFailure?: (error: unknown) => void;
}

export interface CryptoRates {
  /** USD per coin for the 12 coins, live (cached 60 s) or the built-in table marked fallback. */
  rates(): Promise<CryptoRate[]>;
  /** USD per one coin. */
  rateOf(cryptocurrency: string): Promise<CryptoRate>;
}

export function createCryptoRates(options: CryptoRatesOptions): CryptoRates {
  const now = options.now ?? (() => new Date());
  const ttlMs = options.ttlMs ?? CRYPTO_RATES_TTL_MS;
  const fetchImpl = options.fetch ?? fetch;
  let cached: { at: number; rates: CryptoRate[] } | null = null;
  let inFlight: Promise<CryptoRate[]> | null = null;

  async function live(url: string): Promise<CryptoRate[]> {
    const target = new URL(url);
    if (!target.searchParams.has('currency')) target.searchParams.set('currency', 'USD');
    const response = await fetchImpl(target, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The rates source answered ${response.status}`);
    const body = CoinbaseRatesSchema.parse(await response.json());
    const timestamp = now().toISOString();
    const rates: CryptoRate[] = [];
    for (const coin of cryptoFallbackRates) {
      const perUsd = Number(body.data.rates[coin.symbol]);
      if (!Number.isFinite(perUsd) || perUsd <= 0) continue;
      rates.push({
        cryptocurrency: coin.cryptocurrency,
        fiatCurrency: 'USD',
        rate: Number((1 / perUsd).toPrecision(10)),
        timestamp,
        source: 'live',
      });
    }
    // A source that lost one of the offered coins is not trusted for any of them.
    if (
      !['bitcoin', 'ethereum', 'usdc', 'litecoin'].every((id) => rates.some((r) => r.cryptocurrency === id))
    ) {
      throw new Error('The rates source does not list every offered coin');
    }
    return rates;
  }

  async function load(): Promise<CryptoRate[]> {
    if (!options.url) return fallbackCryptoRates('USD', now());
    try {
      return await live(options.url);
    } catch (error) {
      options.onFailure?.(error);
      return fallbackCryptoRates('USD', now());
    }
  }

  async function rates(): Promise<CryptoRate[]> {
    if (cached && now().getTime() - cached.at < ttlMs) return cached.rates;
    // Concurrent callers share one request to the source.
    inFlight ??= load().then((loaded) => {
      cached = { at: now().getTime(), rates: loaded };
      inFlight = null;
      return loaded;
    });
    return inFlight;
  }

  return {
    rates,
    async rateOf(cryptocurrency) {
      const rate = (await rates()).find((candidate) => candidate.cryptocurrency === cryptocurrency);
      if (rate) return rate;
      const fallback = fallbackCryptoRates('USD', now()).find((r) => r.cryptocurrency === cryptocurrency);
      if (!fallback) throw new Error(`No rate for ${cryptocurrency}`);
      return fallback;
    },
  };
}
