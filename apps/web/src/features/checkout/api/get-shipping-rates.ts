import {
  ShippingAddressSchema,
  type ShippingDestination,
  type ShippingRate,
  shippingRoutes,
} from '@jesus-walks/contracts/shipping';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { ShippingRate };

export interface RatesDestination {
  country: string;
  state: string;
  postalCode: string;
}

/** GET /api/shipping/rates?country&state&postalCode: the methods that serve it, cheapest first. */
export function getShippingRates(
  destination: RatesDestination,
  options: { signal?: AbortSignal } = {},
): Promise<ShippingRate[]> {
  const query: ShippingDestination = destination;
  return callApi(shippingRoutes.rates, { query, signal: options.signal });
}

/**
 * The destination to price, once country, state and postal code are valid as the address form
 * checks them (SPEC.md section 5); null until then, so no call goes out for half-typed input.
 */
export function ratesDestination(values: {
  country?: string | undefined;
  state?: string | undefined;
  postalCode?: string | undefined;
}): RatesDestination | null {
  const parsed = ShippingAddressSchema.pick({ country: true, state: true, postalCode: true }).safeParse(
    values,
  );
  if (!parsed.success) return null;
  const { country, state, postalCode } = parsed.data;
  if (country.length < 2) return null;
  return { country: country.toUpperCase(), state, postalCode };
}

export function getShippingRatesQueryOptions(destination: RatesDestination) {
  return queryOptions({
    queryKey: ['shipping', 'rates', destination.country, destination.state, destination.postalCode],
    queryFn: ({ signal }) => getShippingRates(destination, { signal }),
  });
}

/** The rates for a destination; idle while there is none. The previous list stays while typing. */
export function useShippingRates(destination: RatesDestination | null) {
  return useQuery({
    ...getShippingRatesQueryOptions(destination ?? { country: '', state: '', postalCode: '' }),
    enabled: destination !== null,
    placeholderData: keepPreviousData,
  });
}
