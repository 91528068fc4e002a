import { createContext, type ReactNode, use, useEffect, useMemo, useReducer, useRef } from 'react';
import { trackAddToCart, trackRemoveFromCart } from '@/lib/analytics';
import { getLocalStorage, type KeyValueStorage } from '@/lib/storage';
import {
  type CartItem,
  type CartItemId,
  type CartProductInput,
  type CartState,
  cartReducer,
  emptyCart,
  selectItemCount,
} from './cart-reducer';
import { CART_STORAGE_KEY, loadCart, parseStoredCart, saveCart } from './cart-storage';
import { syncCartAdd } from './sync-cart-add';

export interface CartContextValue {
  items: CartItem[];
  /** Sum of price times quantity, rounded to cents. */
  total: number;
  /** Units in the cart (the header badge). */
  itemCount: number;
  /** Adds one unit, records the analytics event and syncs the add to the server. */
  addItem: (product: CartProductInput) => void;
  removeItem: (id: CartItemId) => void;
  /** Negative is ignored, 0 removes the line. */
  updateQuantity: (id: CartItemId, quantity: number) => void;
  clearCart: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

interface CartProviderProps {
  children: ReactNode;
  /** Defaults to the browser's local storage. */
  storage?: KeyValueStorage | null;
}

export function CartProvider({ children, storage = getLocalStorage() }: CartProviderProps) {
  const [state, dispatch] = useReducer(cartReducer, storage, (s) => loadCart(s) ?? emptyCart);
  // Latest state for the action callbacks, which stay stable so consumers do not re-render.
  const stateRef = useRef<CartState>(state);
  // The state last read from or written to storage: writing it again would only echo it.
  const lastSaved = useRef<CartState>(state);

  useEffect(() => {
    stateRef.current = state;
    if (lastSaved.current === state) return;
    lastSaved.current = state;
    saveCart(storage, state);
  }, [state, storage]);

  useEffect(() => {
    // Keeps several open tabs showing the same cart.
    function onStorage(event: StorageEvent) {
      if (event.key !== CART_STORAGE_KEY) return;
      let next: CartState | null = emptyCart;
      if (event.newValue !== null) {
        try {
          next = parseStoredCart(JSON.parse(event.newValue) as unknown);
        } catch {
          next = null;
        }
      }
      if (!next) return;
      lastSaved.current = next;
      dispatch({ type: 'replace', state: next });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const actions = useMemo(
    () => ({
      addItem(product: CartProductInput) {
        const before = stateRef.current;
        const after = cartReducer(before, { type: 'add', product });
        if (after === before) return;
        dispatch({ type: 'add', product });
        const added = after.items.find((item) => item.id === product.id);
        if (added) trackAddToCart({ ...added, quantity: 1 });
        void syncCartAdd(product.id);
      },
      removeItem(id: CartItemId) {
        const removed = stateRef.current.items.find((item) => item.id === id);
        dispatch({ type: 'remove', id });
        if (removed) trackRemoveFromCart(removed);
      },
      updateQuantity(id: CartItemId, quantity: number) {
        const existing = stateRef.current.items.find((item) => item.id === id);
        dispatch({ type: 'update-quantity', id, quantity });
        if (existing && quantity === 0) trackRemoveFromCart(existing);
      },
      clearCart() {
        dispatch({ type: 'clear' });
      },
    }),
    [],
  );

  const value = useMemo<CartContextValue>(
    () => ({ items: state.items, total: state.total, itemCount: selectItemCount(state), ...actions }),
    [state, actions],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartContextValue {
  const value = use(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
