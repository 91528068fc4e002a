import { callApi } from '@/lib/api-client';
import type { CartItemId } from './cart-reducer';

/**
 * Tells the server about a local add (POST /api/cart/add, quantity always 1). The local cart has
 * already changed and stays changed: a failure is only logged (SPEC.md sections 7 and 8).
 *
 * The cart's contract is imported when the first add happens: the cart provider is in every page's
 * first bundle, and the cart and product schemas need not be.
 */
export async function syncCartAdd(productId: CartItemId): Promise<void> {
  try {
    const { cartRoutes } = await import('@jesus-walks/contracts/cart');
    await callApi(cartRoutes.add, {
      body: { productId: typeof productId === 'string' ? Number(productId) : productId, quantity: 1 },
    });
  } catch (error) {
    console.warn('Cart sync failed', error);
  }
}
