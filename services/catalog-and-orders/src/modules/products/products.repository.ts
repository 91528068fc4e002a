import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase, ProductsTable } from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;

const columns = ['id', 'name', 'description', 'price', 'imageUrl', 'category', 'stock', 'isTest'] as const;

export type ProductRow = Pick<Selectable<ProductsTable>, (typeof columns)[number]>;

export interface ProductValues {
  name: string;
  description: string;
  /** Decimal string with 2 decimals. */
  price: string;
  category: string;
  stock: number;
  imageUrl: string;
  /** Only 'Create Test Product' sets it; an edit never changes it. */
  isTest?: boolean;
}

/**
 * Which products a read may see: the public catalogue leaves test products out ('Create Test
 * Product', migration 0007: only admins see and sell them); the admin's reads include them.
 */
export interface ProductVisibility {
  includeTest?: boolean;
}

/** Products on sale, oldest first: a stable order for the shop and the admin table. */
export async function listProductsOnSale(db: Db, visibility: ProductVisibility = {}): Promise<ProductRow[]> {
  let query = db.selectFrom('products').select(columns).where('deletedAt', 'is', null);
  if (!visibility.includeTest) query = query.where('isTest', '=', false);
  return query.orderBy('id').execute();
}

export async function findProductOnSale(
  db: Db,
  id: number,
  visibility: ProductVisibility = {},
): Promise<ProductRow | undefined> {
  let query = db.selectFrom('products').select(columns).where('id', '=', id).where('deletedAt', 'is', null);
  if (!visibility.includeTest) query = query.where('isTest', '=', false);
  return query.executeTakeFirst();
}

/** Locks a product on sale for the rest of the transaction (its edit and its record together). */
export async function findProductOnSaleForUpdate(db: Db, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(columns)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertProduct(db: Db, values: ProductValues): Promise<ProductRow> {
  return db.insertInto('products').values(values).returning(columns).executeTakeFirstOrThrow();
}

export async function updateProduct(
  db: Db,
  id: number,
  values: ProductValues,
): Promise<ProductRow | undefined> {
  return db
    .updateTable('products')
    .set(values)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/** Takes a product off sale; its row stays for the orders that include it. */
export async function markProductDeleted(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ deletedAt: new Date() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
