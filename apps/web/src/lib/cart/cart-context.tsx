import { createContext, type ReactNode, use, useEffect, useMemo, useReducer, useRef } from 'react';
import { trackAddToCart, trackRemoveFromCart } from '@/lib/analytics';
import { getLocalStorage, type KeyValueStorage } from '@/lib/storage';
import { useHydrated } from '@/lib/use-hydrated';
import {
  type CartAction,
  type CartItem,
  type CartItemId,
  type CartProductInput,
  type CartState,
  canAddOneMore,
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
  /**
   * Adds one unit, records the analytics event and syncs the add to the server. Answers 'limit'
   * (nothing added) when the cart already holds the product's whole stock, 'invalid' for a product
   * without a usable price.
   */
  addItem: (product: CartProductInput) => AddItemResult;
  removeItem: (id: CartItemId) => void;
  /** Negative is ignored, 0 removes the line. */
  updateQuantity: (id: CartItemId, quantity: number) => void;
  clearCart: () => void;
}

export type AddItemResult = 'added' | 'limit' | 'invalid';

/** The cart as held, and the same cart's actions over an empty view (see useCart). */
const CartContext = createContext<{ cart: CartContextValue; unseen: CartContextValue } | null>(null);

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
      stateRef.current = next;
      dispatch({ type: 'replace', state: next });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const actions = useMemo(() => {
    /**
     * Applies an action to the latest state at once (not at the next render), so that two clicks
     * in the same frame both see the first one's result.
     */
    function apply(action: CartAction): { before: CartState; after: CartState } {
      const before = stateRef.current;
      const after = cartReducer(before, action);
      stateRef.current = after;
      dispatch(action);
      return { before, after };
    }

    return {
      addItem(product: CartProductInput): AddItemResult {
        if (!canAddOneMore(stateRef.current, product)) return 'limit';
        const { before, after } = apply({ type: 'add', product });
        if (after === before) return 'invalid';
        const added = after.items.find((item) => item.id === product.id);
        if (added) trackAddToCart({ ...added, quantity: 1 });
        void syncCartAdd(product.id);
        return 'added';
      },
      removeItem(id: CartItemId) {
        const removed = stateRef.current.items.find((item) => item.id === id);
        apply({ type: 'remove', id });
        if (removed) trackRemoveFromCart(removed);
      },
      updateQuantity(id: CartItemId, quantity: number) {
        const existing = stateRef.current.items.find((item) => item.id === id);
        apply({ type: 'update-quantity', id, quantity });
        if (existing && quantity === 0) trackRemoveFromCart(existing);
      },
      clearCart() {
        apply({ type: 'clear' });
      },
    };
  }, []);

  const value = useMemo(
    () => ({
      cart: { items: state.items, total: state.total, itemCount: selectItemCount(state), ...actions },
      unseen: { items: [], total: 0, itemCount: 0, ...actions },
    }),
    [state, actions],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

/**
 * The cart. The server renders every page with an empty cart (it cannot see local storage), so a
 * component hydrating a server-rendered page sees the empty cart too, and the stored one right
 * after: a first render that differed from the server's HTML would make React throw that HTML
 * away (error #418). The provider holds the stored cart from its first render, so nothing above a
 * page changes while React is still hydrating the page below it; the actions always act on it.
 */
export function useCart(): CartContextValue {
  const value = use(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return useHydrated() ? value.cart : value.unseen;
}
