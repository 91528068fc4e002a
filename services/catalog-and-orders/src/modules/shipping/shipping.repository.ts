import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;

export interface ZoneRow {
  id: number;
  name: string;
  countries: string[];
  regions: string[] | null;
  postalCodes: string[] | null;
}

export interface MethodRateRow {
  methodId: number;
  name: string;
  carrier: string;
  estimatedDays: number;
  zoneId: number;
  baseRate: string;
  perWeightRate: string;
  minimumWeight: string;
  maximumWeight: string | null;
}

export async function listZones(db: Db): Promise<ZoneRow[]> {
  return db
    .selectFrom('shippingZones')
    .select(['id', 'name', 'countries', 'regions', 'postalCodes'])
    .orderBy('id')
    .execute();
}

/** Every rate of every active method, with the method's details. */
export async function listActiveMethodRates(db: Db): Promise<MethodRateRow[]> {
  return db
    .selectFrom('shippingRates')
    .innerJoin('shippingMethods', 'shippingMethods.id', 'shippingRates.methodId')
    .select([
      'shippingMethods.id as methodId',
      'shippingMethods.name',
      'shippingMethods.carrier',
      'shippingMethods.estimatedDays',
      'shippingRates.zoneId',
      'shippingRates.baseRate',
      'shippingRates.perWeightRate',
      'shippingRates.minimumWeight',
      'shippingRates.maximumWeight',
    ])
    .where('shippingMethods.isActive', '=', true)
    .orderBy('shippingMethods.id')
    .orderBy('shippingRates.id')
    .execute();
}
