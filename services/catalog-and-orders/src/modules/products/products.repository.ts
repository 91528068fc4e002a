import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase, ProductsTable } from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;

const columns = ['id', 'name', 'description', 'price', 'imageUrl', 'category', 'stock'] as const;

export type ProductRow = Pick<Selectable<ProductsTable>, (typeof columns)[number]>;

export interface ProductValues {
  name: string;
  description: string;
  /** Decimal string with 2 decimals. */
  price: string;
  category: string;
  stock: number;
  imageUrl: string;
}

/** Products on sale, oldest first: a stable order for the shop and the admin table. */
export async function listProductsOnSale(db: Db): Promise<ProductRow[]> {
  return db.selectFrom('products').select(columns).where('deletedAt', 'is', null).orderBy('id').execute();
}

export async function findProductOnSale(db: Db, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(columns)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
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
