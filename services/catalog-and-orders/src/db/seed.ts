import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from './database';

const shippingMethods = [
  { name: 'USPS Ground', carrier: 'USPS', serviceCode: 'usps_ground', estimatedDays: 3 },
  { name: 'UPS 2nd Day Air', carrier: 'UPS', serviceCode: 'ups_2nd_day_air', estimatedDays: 2 },
  {
    name: 'USPS Priority Mail International',
    carrier: 'USPS',
    serviceCode: 'usps_priority_mail_international',
    estimatedDays: 10,
  },
];

const shippingZones = [
  { name: 'United States', countries: ['US'] },
  // '*' matches any country that no other zone names.
  { name: 'Rest of World', countries: ['*'] },
];

const shippingRates = [
  { serviceCode: 'usps_ground', zone: 'United States', baseRate: '9.99' },
  { serviceCode: 'ups_2nd_day_air', zone: 'United States', baseRate: '19.99' },
  { serviceCode: 'usps_priority_mail_international', zone: 'Rest of World', baseRate: '34.99' },
];

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed: ${key} is missing`);
  return id;
}

async function seedShipping(trx: Transaction<CatalogAndOrdersDatabase>): Promise<void> {
  // Insert-if-missing rather than overwrite: the standalone mode seeds at every start, and an
  // administrator's changes to these rows must survive a restart.
  await trx
    .insertInto('shippingMethods')
    .values(shippingMethods)
    .onConflict((oc) => oc.column('serviceCode').doNothing())
    .execute();
  await trx
    .insertInto('shippingZones')
    .values(shippingZones)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const methods = await trx
    .selectFrom('shippingMethods')
    .select(['id', 'serviceCode'])
    .where(
      'serviceCode',
      'in',
      shippingMethods.map((method) => method.serviceCode),
    )
    .execute();
  const zones = await trx
    .selectFrom('shippingZones')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      shippingZones.map((zone) => zone.name),
    )
    .execute();
  const methodIds = new Map(methods.map((method) => [method.serviceCode, method.id]));
  const zoneIds = new Map(zones.map((zone) => [zone.name, zone.id]));

  await trx
    .insertInto('shippingRates')
    .values(
      shippingRates.map((rate) => ({
        methodId: idOf(methodIds, rate.serviceCode),
        zoneId: idOf(zoneIds, rate.zone),
        baseRate: rate.baseRate,
      })),
    )
    .onConflict((oc) => oc.columns(['methodId', 'zoneId', 'minimumWeight']).doNothing())
    .execute();
}

/** Demo data for the standalone mode; idempotent. Products arrive with the catalog work. */
export async function seed(db: Kysely<CatalogAndOrdersDatabase>): Promise<void> {
  await db.transaction().execute(seedShipping);
}
