import { fromCents, toCents } from '@jesus-walks/contracts/money';
import { DEFAULT_PRODUCT_IMAGE_URL, type Product, type ProductInput } from '@jesus-walks/contracts/products';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import {
  findProductOnSale,
  insertProduct,
  listProductsOnSale,
  markProductDeleted,
  type ProductRow,
  type ProductValues,
  updateProduct,
} from './products.repository';

type Db = Kysely<CatalogAndOrdersDatabase>;

/** The contract's shape: price as the exact decimal string, category never null. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    imageUrl: row.imageUrl,
    category: row.category ?? '',
    stock: row.stock,
  };
}

/** The validated form as columns: the price rounded to whole cents once, as a string. */
export function toValues(input: ProductInput): ProductValues {
  return {
    name: input.name,
    description: input.description,
    price: fromCents(toCents(input.price)),
    category: input.category,
    stock: input.stock,
    imageUrl: input.imageUrl,
  };
}

export async function listProducts(db: Db): Promise<Product[]> {
  return (await listProductsOnSale(db)).map(toProduct);
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const row = await findProductOnSale(db, id);
  if (!row) throw notFound('Product not found');
  return toProduct(row);
}

export async function createProduct(db: Db, input: ProductInput): Promise<Product> {
  return toProduct(await insertProduct(db, toValues(input)));
}

export async function editProduct(db: Db, id: number, input: ProductInput): Promise<Product> {
  const row = await updateProduct(db, id, toValues(input));
  if (!row) throw notFound('Product not found');
  return toProduct(row);
}

export async function deleteProduct(db: Db, id: number): Promise<{ id: number; message: string }> {
  if (!(await markProductDeleted(db, id))) throw notFound('Product not found');
  return { id, message: 'Product deleted' };
}

/** What 'Create Test Product' adds: plainly a test, cheap, in stock, safe to delete. */
export function testProductValues(random: () => number = Math.random): ProductValues {
  const suffix = Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return {
    name: `Test Product ${suffix}`,
    description: 'A product for trying the shop, the cart and manual orders. Safe to delete.',
    price: '19.99',
    category: 'Test',
    stock: 100,
    imageUrl: DEFAULT_PRODUCT_IMAGE_URL,
  };
}

export async function createTestProduct(db: Db): Promise<Product> {
  return toProduct(await insertProduct(db, testProductValues()));
}
