import { type Kysely, sql } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';

export interface ProductChange {
  id: number;
  changedAt: Date;
}

/**
 * Products on sale (test products are the admin's, never listed) with when each last changed. Products carry no updated_at column: a product's
 * change is its creation or, for an admin's edit, the latest entry of the activity record
 * (audit_log, written in the edit's transaction).
 */
export async function listProductChanges(db: Kysely<CatalogAndOrdersDatabase>): Promise<ProductChange[]> {
  const { rows } = await sql<{ id: number; changedAt: Date }>`
    select p.id, greatest(p.created_at, max(a.occurred_at)) as changed_at
    from products p
    left join audit_log a on a.target_type = 'product' and a.target_id = p.id::text
    where p.deleted_at is null and not p.is_test
    group by p.id
    order by p.id`.execute(db);
  return rows;
}

/** The latest change to the catalogue as a whole: a product added, edited or taken off sale. */
export async function latestCatalogueChange(db: Kysely<CatalogAndOrdersDatabase>): Promise<Date | null> {
  const { rows } = await sql<{ latest: Date | null }>`
    select greatest(
      (select max(greatest(created_at, deleted_at)) from products where not is_test),
      (select max(occurred_at) from audit_log where target_type = 'product')
    ) as latest`.execute(db);
  return rows[0]?.latest ?? null;
}
