import { fromCents, toCents } from '@jesus-walks/contracts/money';
import { DEFAULT_PRODUCT_IMAGE_URL, type Product, type ProductInput } from '@jesus-walks/contracts/products';
import { type AuditActor, diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { CatalogDeps } from '../../deps';
import { availableNow } from '../stock/stock.service';
import {
  findProductOnSale,
  findProductOnSaleForUpdate,
  insertProduct,
  listProductsOnSale,
  markProductDeleted,
  type ProductRow,
  type ProductValues,
  type ProductVisibility,
  updateProduct,
} from './products.repository';

type ProductsDb = Pick<CatalogDeps, 'db'>;

/**
 * The contract's shape: price as the exact decimal string, category never null, and what a buyer
 * can buy now (the stock itself when nothing is held, as for a product just made).
 */
export function toProduct(row: ProductRow, available = row.stock): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    imageUrl: row.imageUrl,
    category: row.category ?? '',
    stock: row.stock,
    available,
  };
}

/** A product as an admin's answers give it: marked when it is a test product (only admins see those). */
export function toAdminProduct(row: ProductRow, available = row.stock): Product {
  return { ...toProduct(row, available), isTest: row.isTest };
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

/**
 * Every product on sale with what a buyer can buy now, and until when that holds: the moment the
 * first checkout's hold lapses and its units come back by themselves (null: nothing is held). The
 * shop's list leaves test products out; an admin's (`includeTest`) has them, each marked.
 */
export async function listProducts(
  deps: ProductsDb,
  visibility: ProductVisibility = {},
): Promise<{ products: Product[]; validUntil: Date | null }> {
  const rows = await listProductsOnSale(deps.db, visibility);
  const { available, changesAt } = await availableNow(deps, { products: rows, all: true });
  const shape = visibility.includeTest ? toAdminProduct : toProduct;
  return {
    products: rows.map((row) => shape(row, available.get(row.id))),
    validUntil: changesAt,
  };
}

/** One product on sale; a test product only for an admin (`includeTest`), anyone else gets 404. */
export async function getProduct(
  deps: ProductsDb,
  input: ProductVisibility & { id: number },
): Promise<Product> {
  const visibility: ProductVisibility = { includeTest: input.includeTest };
  const row = await findProductOnSale(deps.db, input.id, visibility);
  if (!row) throw notFound('Product not found');
  const { available } = await availableNow(deps, { products: [row] });
  return (visibility.includeTest ? toAdminProduct : toProduct)(row, available.get(row.id));
}

const productFields = ['name', 'description', 'price', 'category', 'stock', 'imageUrl'] as const;

/** A new product's fields as the activity record shows them (from nothing to their values). */
function createdFields(row: ProductRow) {
  const product = toProduct(row);
  return Object.fromEntries(productFields.map((field) => [field, { from: null, to: product[field] }]));
}

export async function createProduct(
  deps: ProductsDb,
  input: { product: ProductInput; actor: AuditActor },
): Promise<Product> {
  const { actor } = input;
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertProduct(trx, toValues(input.product));
    await recordAudit(trx, {
      actor,
      action: 'product.created',
      target: { type: 'product', id: row.id, label: row.name },
      summary: `Created product ${row.name}`,
      changes: createdFields(row),
    });
    return toAdminProduct(row);
  });
}

/** An edit records only the fields that changed; an edit that changes nothing records nothing. */
export async function editProduct(
  deps: ProductsDb,
  input: { id: number; product: ProductInput; actor: AuditActor },
): Promise<Product> {
  const { id, actor } = input;
  return deps.db.transaction().execute(async (trx) => {
    const before = await findProductOnSaleForUpdate(trx, id);
    if (!before) throw notFound('Product not found');
    const row = await updateProduct(trx, id, toValues(input.product));
    if (!row) throw notFound('Product not found');
    const changes = diffChanges(toProduct(before), toProduct(row), productFields);
    const { available } = await availableNow({ db: trx }, { products: [row] });
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        actor,
        action: 'product.updated',
        target: { type: 'product', id, label: row.name },
        summary: `Updated product ${row.name}: ${Object.keys(changes).join(', ')}`,
        changes,
      });
    }
    return toAdminProduct(row, available.get(row.id));
  });
}

export async function deleteProduct(
  deps: ProductsDb,
  input: { id: number; actor: AuditActor },
): Promise<{ id: number; message: string }> {
  const { id, actor } = input;
  await deps.db.transaction().execute(async (trx) => {
    const before = await findProductOnSaleForUpdate(trx, id);
    if (!before || !(await markProductDeleted(trx, id))) throw notFound('Product not found');
    await recordAudit(trx, {
      actor,
      action: 'product.deleted',
      target: { type: 'product', id, label: before.name },
      summary: `Deleted product ${before.name}`,
      changes: { name: { from: before.name, to: null } },
    });
  });
  return { id, message: 'Product deleted' };
}

/** What 'Create Test Product' adds: plainly a test, cheap, in stock, safe to delete, admins' only. */
export function testProductValues(random: () => number = Math.random): ProductValues {
  const suffix = Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return {
    name: `Test Product ${suffix}`,
    description:
      'A product for trying manual orders, seen only by admins (never in the shop). Safe to delete.',
    price: '19.99',
    category: 'Test',
    stock: 100,
    imageUrl: DEFAULT_PRODUCT_IMAGE_URL,
    // Seen only by admins, sold only by manual orders: never in the shop (migration 0007).
    isTest: true,
  };
}

export async function createTestProduct(deps: ProductsDb, input: { actor: AuditActor }): Promise<Product> {
  const { actor } = input;
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertProduct(trx, testProductValues());
    await recordAudit(trx, {
      actor,
      action: 'product.test_created',
      target: { type: 'product', id: row.id, label: row.name },
      summary: `Created test product ${row.name}`,
      changes: createdFields(row),
    });
    return toAdminProduct(row);
  });
}
