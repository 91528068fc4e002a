import { randomBytes } from 'node:crypto';
import type { AddToCartBody, AddToCartResponse } from '@jesus-walks/contracts/cart';
import { notFound, outOfStock } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { findProductOnSale } from '../products/products.repository';
import { reservedQuantities } from '../stock/stock.repository';
import { availableUnits, shortageMessage } from '../stock/stock.service';
import { insertCartEvent } from './cart.repository';

/** 128 random bits, base64url: the anonymous cart's key. */
export function newCartKey(): string {
  return randomBytes(16).toString('base64url');
}

export function isCartKey(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value);
}

export interface CartOwner {
  userId: number | null;
  cartKey: string | null;
}

/**
 * Records an add for the cart's owner (the logged-in user, else the anonymous cart key): 404 for
 * a product not on sale, 409 when fewer units are available than asked for. Nothing is reserved:
 * the shop's cart lives in the browser, and stock is held only once checkout quotes it.
 */
export async function addToCart(
  db: Kysely<CatalogAndOrdersDatabase>,
  body: AddToCartBody,
  owner: CartOwner,
): Promise<AddToCartResponse> {
  const product = await findProductOnSale(db, body.productId);
  if (!product) throw notFound('Product not found');
  const reserved = (await reservedQuantities(db, [product.id])).get(product.id) ?? 0;
  const available = availableUnits(product.stock, reserved);
  if (available < body.quantity) throw outOfStock(shortageMessage(product.name, available, body.quantity));
  await insertCartEvent(db, {
    productId: product.id,
    quantity: body.quantity,
    userId: owner.userId,
    sessionKey: owner.cartKey,
  });
  return { productId: product.id, quantity: body.quantity, message: 'Added to cart' };
}
