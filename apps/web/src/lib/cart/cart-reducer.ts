/**
 * Cart state transitions exactly as SPEC.md section 4 "Cart". Pure: no storage, no network.
 * Money is rounded to cents after every change so that repeated adds never drift (0.1 + 0.2).
 */

export type CartItemId = number | string;

export interface CartItem {
  id: CartItemId;
  name: string;
  price: number;
  quantity: number;
  category: string;
  description?: string;
  imageUrl?: string;
  /** Units in stock when the item was added; the cart page uses it as the quantity maximum. */
  stock?: number;
}

/** What callers add: a product as the API returns it, price as number or numeric string. */
export interface CartProductInput {
  id: CartItemId;
  name: string;
  price: number | string;
  category?: string | null;
  description?: string | null;
  imageUrl?: string | null;
  stock?: number | null;
}

export interface CartState {
  items: CartItem[];
  total: number;
}

export type CartAction =
  | { type: 'add'; product: CartProductInput }
  | { type: 'remove'; id: CartItemId }
  | { type: 'update-quantity'; id: CartItemId; quantity: number }
  | { type: 'clear' }
  | { type: 'replace'; state: CartState };

export const DEFAULT_CATEGORY = 'Product';

export const emptyCart: CartState = { items: [], total: 0 };

export function roundMoney(amount: number): number {
  const rounded = Math.round((amount + Number.EPSILON) * 100) / 100;
  // Keeps -0 (from subtracting an exact total) out of the state.
  return rounded === 0 ? 0 : rounded;
}

/** A finite, non-negative price from a number or numeric string; null otherwise. */
export function toPrice(value: unknown): number | null {
  let price: number;
  if (typeof value === 'number') price = value;
  else if (typeof value === 'string' && value.trim() !== '') price = Number(value);
  else return null;
  return Number.isFinite(price) && price >= 0 ? price : null;
}

export function toCartItem(product: CartProductInput, quantity = 1): CartItem | null {
  const price = toPrice(product.price);
  if (price === null) return null;
  const item: CartItem = {
    id: product.id,
    name: product.name,
    price,
    quantity,
    category: product.category || DEFAULT_CATEGORY,
  };
  if (product.description != null) item.description = product.description;
  if (product.imageUrl != null) item.imageUrl = product.imageUrl;
  if (product.stock != null) item.stock = product.stock;
  return item;
}

function addItem(state: CartState, product: CartProductInput): CartState {
  const existing = state.items.find((item) => item.id === product.id);
  if (existing) {
    // The price stays the one first added (SPEC.md section 4); the stock is refreshed when known.
    const stock = product.stock ?? existing.stock;
    return {
      items: state.items.map((item) =>
        item.id === product.id
          ? { ...item, quantity: item.quantity + 1, ...(stock == null ? {} : { stock }) }
          : item,
      ),
      total: roundMoney(state.total + existing.price),
    };
  }
  const item = toCartItem(product);
  if (!item) return state;
  return { items: [...state.items, item], total: roundMoney(state.total + item.price) };
}

function removeItem(state: CartState, id: CartItemId): CartState {
  const existing = state.items.find((item) => item.id === id);
  if (!existing) return state;
  const items = state.items.filter((item) => item.id !== id);
  // An emptied cart is exactly 0 even if an older total had drifted.
  const total = items.length === 0 ? 0 : roundMoney(state.total - existing.price * existing.quantity);
  return { items, total: Math.max(total, 0) };
}

function updateQuantity(state: CartState, id: CartItemId, quantity: number): CartState {
  if (!Number.isInteger(quantity) || quantity < 0) return state;
  if (quantity === 0) return removeItem(state, id);
  const existing = state.items.find((item) => item.id === id);
  if (!existing || existing.quantity === quantity) return state;
  return {
    items: state.items.map((item) => (item.id === id ? { ...item, quantity } : item)),
    total: roundMoney(state.total + existing.price * (quantity - existing.quantity)),
  };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add':
      return addItem(state, action.product);
    case 'remove':
      return removeItem(state, action.id);
    case 'update-quantity':
      return updateQuantity(state, action.id, action.quantity);
    case 'clear':
      return state.items.length === 0 && state.total === 0 ? state : emptyCart;
    case 'replace':
      return action.state;
  }
}

/**
 * Whether one more unit of the product may go in the cart: never more than its stock, when the
 * stock is known (the cart page's maximum is the stock too).
 */
export function canAddOneMore(state: CartState, product: CartProductInput): boolean {
  const inCart = state.items.find((item) => item.id === product.id)?.quantity ?? 0;
  const stock = product.stock ?? state.items.find((item) => item.id === product.id)?.stock;
  return stock == null || inCart + 1 <= stock;
}

/** Total number of units in the cart (the header badge). */
export function selectItemCount(state: CartState): number {
  return state.items.reduce((count, item) => count + item.quantity, 0);
}
