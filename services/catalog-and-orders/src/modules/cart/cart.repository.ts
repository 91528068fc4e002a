import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';

export interface CartEventValues {
  productId: number;
  quantity: number;
  userId: number | null;
  sessionKey: string | null;
}

export async function insertCartEvent(db: Kysely<CatalogAndOrdersDatabase>, values: CartEventValues) {
  await db.insertInto('cartEvents').values(values).execute();
}
