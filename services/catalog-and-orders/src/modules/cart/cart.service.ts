import { randomBytes } from 'node:crypto';
import type { AddToCartBody, AddToCartResponse } from '@jesus-walks/contracts/cart';
import { outOfStock } from '@jesus-walks/service-kit/errors';
import type { CatalogDeps } from '../../deps';
import { getProduct } from '../products/products.service';
import { shortageMessage } from '../stock/stock.service';
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
  deps: Pick<CatalogDeps, 'db'>,
  input: AddToCartBody & { owner: CartOwner },
): Promise<AddToCartResponse> {
  // What a buyer can buy now: the shelf less other shoppers' checkout holds (404: not on sale).
  const product = await getProduct(deps, { id: input.productId });
  if (product.available < input.quantity) {
    throw outOfStock(shortageMessage(product.name, product.available, input.quantity));
  }
  await insertCartEvent(deps.db, {
    productId: product.id,
    quantity: input.quantity,
    userId: input.owner.userId,
    sessionKey: input.owner.cartKey,
  });
  return { productId: product.id, quantity: input.quantity, message: 'Added to cart' };
}
