import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { ShippingDestination, ShippingRate } from '@jesus-walks/contracts/shipping';
import type { CatalogDeps } from '../../deps';
import { listZonesAndActiveMethodRates, type MethodRateRow, type ZoneRow } from './shipping.repository';

/** A zone's country list entry that stands for every country no other zone names. */
export const ANY_OTHER_COUNTRY = '*';

const normalize = (value: string) => value.trim().toUpperCase();
const normalizePostalCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A zone postal code entry: exact ('94559') or a prefix ending in '*' ('945*'). */
function postalCodeMatches(pattern: string, postalCode: string): boolean {
  const normalized = normalizePostalCode(pattern);
  return normalized.endsWith('*')
    ? postalCode.startsWith(normalized.slice(0, -1))
    : postalCode === normalized;
}

/**
 * How specifically a zone describes the destination, or null when it does not cover it. A zone
 * naming the country beats the catch-all; one narrowing by region beats that; one narrowing by
 * postal code beats everything. The catch-all covers only countries no other zone names.
 */
export function zoneSpecificity(
  zone: ZoneRow,
  destination: ShippingDestination,
  namedCountries: ReadonlySet<string>,
): number | null {
  const country = normalize(destination.country);
  const countries = zone.countries.map(normalize);
  let score: number;
  if (countries.includes(country)) score = 1;
  else if (countries.includes(ANY_OTHER_COUNTRY) && !namedCountries.has(country)) score = 0;
  else return null;

  if (zone.regions && zone.regions.length > 0) {
    const state = destination.state ? normalize(destination.state) : '';
    if (!zone.regions.map(normalize).includes(state)) return null;
    score += 2;
  }
  if (zone.postalCodes && zone.postalCodes.length > 0) {
    const postalCode = destination.postalCode ? normalizePostalCode(destination.postalCode) : '';
    if (postalCode === '' || !zone.postalCodes.some((pattern) => postalCodeMatches(pattern, postalCode))) {
      return null;
    }
    score += 4;
  }
  return score;
}

/** The service name without the carrier in front: 'USPS Ground' by USPS -> 'Ground'. */
export function serviceName(name: string, carrier: string): string {
  const prefix = `${carrier} `;
  return name.startsWith(prefix) && name.length > prefix.length ? name.slice(prefix.length) : name;
}

/** A weight band holds a parcel when minimum <= weight <= maximum (no maximum: open-ended). */
function bandHolds(rate: MethodRateRow, weight: number): boolean {
  return (
    Number(rate.minimumWeight) <= weight &&
    (rate.maximumWeight === null || weight <= Number(rate.maximumWeight))
  );
}

/**
 * Methods that serve the destination, each at its rate in the most specific zone that prices it,
 * cheapest first. Products carry no weight yet, so parcels weigh 0 and the first band applies.
 */
export interface PricedRate extends ShippingRate {
  /** The rate in integer cents, for computing totals. */
  rateCents: number;
}

export function ratesForDestination(
  zones: readonly ZoneRow[],
  methodRates: readonly MethodRateRow[],
  destination: ShippingDestination,
  weight = 0,
): PricedRate[] {
  const namedCountries = new Set(
    zones.flatMap((zone) => zone.countries.map(normalize)).filter((country) => country !== ANY_OTHER_COUNTRY),
  );
  const matching = new Map<number, { zone: ZoneRow; score: number }>();
  for (const zone of zones) {
    const score = zoneSpecificity(zone, destination, namedCountries);
    if (score !== null) matching.set(zone.id, { zone, score });
  }

  const best = new Map<number, { rate: MethodRateRow; zone: ZoneRow; score: number }>();
  for (const rate of methodRates) {
    const match = matching.get(rate.zoneId);
    if (!match || !bandHolds(rate, weight)) continue;
    const current = best.get(rate.methodId);
    if (!current || match.score > current.score) best.set(rate.methodId, { rate, ...match });
  }

  return [...best.values()]
    .map(({ rate, zone }) => {
      const cents = toCents(rate.baseRate) + Math.round(toCents(rate.perWeightRate) * weight);
      return {
        id: rate.methodId,
        name: rate.name,
        carrier: rate.carrier,
        service: serviceName(rate.name, rate.carrier),
        rate: Number(fromCents(cents)),
        estimatedDays: rate.estimatedDays,
        zone: zone.name,
        rateCents: cents,
      };
    })
    .sort(
      (a, b) => a.rateCents - b.rateCents || (a.estimatedDays ?? 0) - (b.estimatedDays ?? 0) || a.id - b.id,
    );
}

export async function shippingRates(
  deps: Pick<CatalogDeps, 'db'>,
  destination: ShippingDestination,
): Promise<PricedRate[]> {
  const { zones, methodRates } = await listZonesAndActiveMethodRates(deps.db);
  return ratesForDestination(zones, methodRates, destination);
}
