import { describe, expect, it } from 'vitest';
import type { MethodRateRow, ZoneRow } from './shipping.repository';
import { ratesForDestination, serviceName, zoneSpecificity } from './shipping.service';

const us: ZoneRow = { id: 1, name: 'United States', countries: ['US'], regions: null, postalCodes: null };
const world: ZoneRow = { id: 2, name: 'Rest of World', countries: ['*'], regions: null, postalCodes: null };
const california: ZoneRow = {
  id: 3,
  name: 'California',
  countries: ['US'],
  regions: ['CA'],
  postalCodes: [],
};
const napa: ZoneRow = {
  id: 4,
  name: 'Napa',
  countries: ['us'],
  regions: null,
  postalCodes: ['945*', '94999'],
};
const zones = [us, world, california, napa];
const named = new Set(['US']);

function rate(
  methodId: number,
  zoneId: number,
  baseRate: string,
  extra: Partial<MethodRateRow> = {},
): MethodRateRow {
  return {
    methodId,
    name:
      methodId === 1
        ? 'USPS Ground'
        : methodId === 2
          ? 'UPS 2nd Day Air'
          : 'USPS Priority Mail International',
    carrier: methodId === 2 ? 'UPS' : 'USPS',
    estimatedDays: methodId === 1 ? 3 : methodId === 2 ? 2 : 10,
    zoneId,
    baseRate,
    perWeightRate: '0.00',
    minimumWeight: '0.000',
    maximumWeight: null,
    ...extra,
  };
}

describe('zoneSpecificity', () => {
  it('matches a zone by country, the catch-all only for countries no zone names', () => {
    expect(zoneSpecificity(us, { country: 'US' }, named)).toBe(1);
    expect(zoneSpecificity(world, { country: 'US' }, named)).toBeNull();
    expect(zoneSpecificity(world, { country: 'FR' }, named)).toBe(0);
    expect(zoneSpecificity(us, { country: 'FR' }, named)).toBeNull();
  });

  it('narrows by region and by postal code (exact or prefix), case and spacing aside', () => {
    expect(zoneSpecificity(california, { country: 'US', state: 'ca' }, named)).toBe(3);
    expect(zoneSpecificity(california, { country: 'US', state: 'NY' }, named)).toBeNull();
    expect(zoneSpecificity(california, { country: 'US' }, named)).toBeNull();
    expect(zoneSpecificity(napa, { country: 'US', postalCode: '94559' }, named)).toBe(5);
    expect(zoneSpecificity(napa, { country: 'US', postalCode: '94999' }, named)).toBe(5);
    expect(zoneSpecificity(napa, { country: 'US', postalCode: ' 945 59' }, named)).toBe(5);
    expect(zoneSpecificity(napa, { country: 'US', postalCode: '10001' }, named)).toBeNull();
    expect(zoneSpecificity(napa, { country: 'US' }, named)).toBeNull();
  });
});

describe('ratesForDestination', () => {
  const rates = [rate(1, 1, '9.99'), rate(2, 1, '19.99'), rate(3, 2, '34.99'), rate(1, 4, '4.99')];

  it('offers each method once, at its rate in the most specific zone, cheapest first', () => {
    expect(
      ratesForDestination(zones, rates, { country: 'US', postalCode: '94559' }).map((entry) => [
        entry.service,
        entry.rate,
        entry.rateCents,
        entry.zone,
      ]),
    ).toEqual([
      ['Ground', 4.99, 499, 'Napa'],
      ['2nd Day Air', 19.99, 1999, 'United States'],
    ]);
    expect(ratesForDestination(zones, rates, { country: 'US', postalCode: '10001' })[0]?.rate).toBe(9.99);
  });

  it('gives the catch-all to other countries and nothing where no zone applies', () => {
    expect(ratesForDestination(zones, rates, { country: 'JP' }).map((entry) => entry.name)).toEqual([
      'USPS Priority Mail International',
    ]);
    expect(ratesForDestination([us], rates, { country: 'JP' })).toEqual([]);
  });

  it('adds the per-weight rate for the band that holds the parcel, in cents', () => {
    const banded = [
      rate(1, 1, '5.00', { perWeightRate: '0.50', minimumWeight: '0', maximumWeight: '2' }),
      rate(1, 1, '8.00', { perWeightRate: '0.25', minimumWeight: '2.001', maximumWeight: null }),
    ];
    expect(ratesForDestination([us], banded, { country: 'US' }, 1)[0]?.rate).toBe(5.5);
    expect(ratesForDestination([us], banded, { country: 'US' }, 4)[0]?.rate).toBe(9);
  });
});

describe('serviceName', () => {
  it('drops the carrier from the method name', () => {
    expect(serviceName('USPS Ground', 'USPS')).toBe('Ground');
    expect(serviceName('Local Courier', 'USPS')).toBe('Local Courier');
    expect(serviceName('USPS', 'USPS')).toBe('USPS');
  });
});
