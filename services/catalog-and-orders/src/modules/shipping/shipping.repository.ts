import { type Kysely, sql, type Transaction } from 'kysely';
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

/**
 * Every zone and every rate of every active method (with the method's details), in one read: a
 * quote prices its shipping from both. Numbers come as the database writes them (text), as the
 * columns read alone would.
 */
export async function listZonesAndActiveMethodRates(
  db: Db,
): Promise<{ zones: ZoneRow[]; methodRates: MethodRateRow[] }> {
  const { rows } = await sql<{ zones: ZoneRow[]; methodRates: MethodRateRow[] }>`
    select
      coalesce((select json_agg(json_build_object(
                  'id', z.id, 'name', z.name, 'countries', z.countries,
                  'regions', z.regions, 'postalCodes', z.postal_codes) order by z.id)
                from shipping_zones z), '[]') as zones,
      coalesce((select json_agg(json_build_object(
                  'methodId', m.id, 'name', m.name, 'carrier', m.carrier,
                  'estimatedDays', m.estimated_days, 'zoneId', r.zone_id,
                  'baseRate', r.base_rate::text, 'perWeightRate', r.per_weight_rate::text,
                  'minimumWeight', r.minimum_weight::text, 'maximumWeight', r.maximum_weight::text)
                  order by m.id, r.id)
                from shipping_rates r join shipping_methods m on m.id = r.method_id
                where m.is_active), '[]') as method_rates`.execute(db);
  const row = rows[0];
  return { zones: row?.zones ?? [], methodRates: row?.methodRates ?? [] };
}
