import { type KeyValueStorage, readJson, writeJson } from '@/lib/storage';
import { type CartItem, type CartState, roundMoney, toCartItem } from './cart-reducer';

/** Fixed local-storage key of the cart (SPEC.md section 4). */
export const CART_STORAGE_KEY = 'jesus-walks-cart';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStoredItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { id, name, price, quantity, category, description, imageUrl, stock } = value;
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  if (typeof name !== 'string') return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  return toCartItem(
    {
      id,
      name,
      price: typeof price === 'number' || typeof price === 'string' ? price : Number.NaN,
      category: typeof category === 'string' ? category : null,
      description: typeof description === 'string' ? description : null,
      imageUrl: typeof imageUrl === 'string' ? imageUrl : null,
      stock: typeof stock === 'number' ? stock : null,
    },
    quantity,
  );
}

/**
 * The stored cart, accepted only with an `items` array and a numeric `total` (SPEC.md section 4).
 * Items that cannot be shown (no id, name, price or positive quantity) are dropped, and the total
 * is then recomputed from what is left so that it never disagrees with the lines.
 */
export function parseStoredCart(value: unknown): CartState | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  if (typeof value.total !== 'number' || !Number.isFinite(value.total)) return null;
  const items = value.items.map(toStoredItem).filter((item): item is CartItem => item !== null);
  const total =
    items.length === value.items.length
      ? roundMoney(value.total)
      : roundMoney(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
  return { items, total };
}

export function loadCart(storage: KeyValueStorage | null): CartState | null {
  return parseStoredCart(readJson(storage, CART_STORAGE_KEY));
}

export function saveCart(storage: KeyValueStorage | null, state: CartState): void {
  writeJson(storage, CART_STORAGE_KEY, state);
}
