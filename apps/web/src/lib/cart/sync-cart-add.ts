import { apiRequest } from '@/lib/api-client';
import type { CartItemId } from './cart-reducer';

/**
 * Tells the server about a local add (POST /api/cart/add, quantity always 1). The local cart has
 * already changed and stays changed: a failure is only logged (SPEC.md sections 7 and 8).
 */
export async function syncCartAdd(productId: CartItemId): Promise<void> {
  try {
    await apiRequest<unknown>('/api/cart/add', {
      method: 'POST',
      body: { productId: typeof productId === 'string' ? Number(productId) : productId, quantity: 1 },
    });
  } catch (error) {
    console.warn('Cart sync failed', error);
  }
}
