import { describe, expect, it } from 'vitest';
import {
  type CartProductInput,
  type CartState,
  canAddOneMore,
  cartReducer,
  emptyCart,
  roundMoney,
  selectItemCount,
  toCartItem,
  toPrice,
} from './cart-reducer';

const shirt: CartProductInput = { id: 1, name: 'Trail Shirt', price: 25, category: 'Apparel' };
const cap: CartProductInput = { id: 2, name: 'Vineyard Cap', price: '19.99' };

function add(state: CartState, product: CartProductInput): CartState {
  return cartReducer(state, { type: 'add', product });
}

describe('cartReducer add', () => {
  it('appends a new item with quantity 1 and adds its price to the total', () => {
    const state = add(emptyCart, shirt);
    expect(state.items).toEqual([
      { id: 1, name: 'Trail Shirt', price: 25, quantity: 1, category: 'Apparel' },
    ]);
    expect(state.total).toBe(25);
  });

  it('raises the quantity of an item already present by 1 and adds its price again', () => {
    const state = add(add(emptyCart, shirt), shirt);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(2);
    expect(state.total).toBe(50);
  });

  it('appends different items in the order they were added', () => {
    const state = add(add(emptyCart, shirt), cap);
    expect(state.items.map((item) => item.id)).toEqual([1, 2]);
    expect(state.total).toBe(44.99);
  });

  it('converts a string price to a number', () => {
    const state = add(emptyCart, cap);
    expect(state.items[0]?.price).toBe(19.99);
    expect(typeof state.items[0]?.price).toBe('number');
  });

  it("defaults the category to 'Product'", () => {
    expect(add(emptyCart, cap).items[0]?.category).toBe('Product');
    expect(add(emptyCart, { ...cap, category: null }).items[0]?.category).toBe('Product');
    expect(add(emptyCart, { ...cap, category: '' }).items[0]?.category).toBe('Product');
  });

  it('keeps product fields such as description, image and stock', () => {
    const state = add(emptyCart, { ...shirt, description: 'Soft cotton', imageUrl: '/shirt.jpg', stock: 4 });
    expect(state.items[0]).toMatchObject({ description: 'Soft cotton', imageUrl: '/shirt.jpg', stock: 4 });
  });

  it('adds the price the item was first added at when it is added again', () => {
    const state = add(add(emptyCart, shirt), { ...shirt, price: 30 });
    expect(state.total).toBe(50);
  });

  it('ignores a product whose price is not a number', () => {
    expect(add(emptyCart, { ...shirt, price: 'free' })).toBe(emptyCart);
    expect(add(emptyCart, { ...shirt, price: '' })).toBe(emptyCart);
    expect(add(emptyCart, { ...shirt, price: -1 })).toBe(emptyCart);
    expect(add(emptyCart, { ...shirt, price: Number.NaN })).toBe(emptyCart);
  });

  it('rounds the total to cents so that repeated adds do not drift', () => {
    let state = add(emptyCart, { id: 'a', name: 'A', price: 0.1 });
    state = add(state, { id: 'b', name: 'B', price: 0.2 });
    expect(state.total).toBe(0.3);
    for (let i = 0; i < 9; i++) state = add(state, { id: 'a', name: 'A', price: 0.1 });
    expect(state.total).toBe(1.2);
  });

  it('refreshes the stock of an item added again, keeping its first price', () => {
    const state = add(add(emptyCart, { ...shirt, stock: 5 }), { ...shirt, price: 30, stock: 2 });
    expect(state.items[0]).toMatchObject({ quantity: 2, price: 25, stock: 2 });
    const unknown = add(add(emptyCart, { ...shirt, stock: 5 }), shirt);
    expect(unknown.items[0]?.stock).toBe(5);
  });

  it('does not mutate the previous state', () => {
    const before = add(emptyCart, shirt);
    const snapshot = structuredClone(before);
    add(before, shirt);
    expect(before).toEqual(snapshot);
  });
});

describe('cartReducer remove', () => {
  it('deletes the item and subtracts price times quantity', () => {
    let state = add(add(add(emptyCart, shirt), shirt), cap);
    state = cartReducer(state, { type: 'remove', id: 1 });
    expect(state.items.map((item) => item.id)).toEqual([2]);
    expect(state.total).toBe(19.99);
  });

  it('leaves the state unchanged for an id not in the cart', () => {
    const state = add(emptyCart, shirt);
    expect(cartReducer(state, { type: 'remove', id: 99 })).toBe(state);
  });

  it('ends at exactly 0 when the last item goes', () => {
    let state = add(emptyCart, { id: 'a', name: 'A', price: 0.1 });
    state = add(state, { id: 'a', name: 'A', price: 0.1 });
    state = add(state, { id: 'a', name: 'A', price: 0.1 });
    state = cartReducer(state, { type: 'remove', id: 'a' });
    expect(state).toEqual({ items: [], total: 0 });
    expect(Object.is(state.total, -0)).toBe(false);
  });

  it('tells a numeric id from the same digits as a string', () => {
    const state = add(emptyCart, shirt);
    expect(cartReducer(state, { type: 'remove', id: '1' })).toBe(state);
  });
});

describe('cartReducer update-quantity', () => {
  const start = add(add(emptyCart, shirt), cap);

  it('sets the quantity and changes the total by price times the difference', () => {
    const up = cartReducer(start, { type: 'update-quantity', id: 2, quantity: 3 });
    expect(up.items.find((item) => item.id === 2)?.quantity).toBe(3);
    expect(up.total).toBe(roundMoney(25 + 3 * 19.99));
    const down = cartReducer(up, { type: 'update-quantity', id: 2, quantity: 1 });
    expect(down.total).toBe(44.99);
  });

  it('ignores a negative quantity', () => {
    expect(cartReducer(start, { type: 'update-quantity', id: 1, quantity: -1 })).toBe(start);
  });

  it('removes the item at quantity 0', () => {
    const state = cartReducer(start, { type: 'update-quantity', id: 1, quantity: 0 });
    expect(state.items.map((item) => item.id)).toEqual([2]);
    expect(state.total).toBe(19.99);
  });

  it('ignores an unknown id, an unchanged quantity and a non-integer quantity', () => {
    expect(cartReducer(start, { type: 'update-quantity', id: 99, quantity: 2 })).toBe(start);
    expect(cartReducer(start, { type: 'update-quantity', id: 1, quantity: 1 })).toBe(start);
    expect(cartReducer(start, { type: 'update-quantity', id: 1, quantity: 1.5 })).toBe(start);
    expect(cartReducer(start, { type: 'update-quantity', id: 1, quantity: Number.NaN })).toBe(start);
  });

  it('keeps the other lines and their order', () => {
    const state = cartReducer(start, { type: 'update-quantity', id: 1, quantity: 5 });
    expect(state.items.map((item) => [item.id, item.quantity])).toEqual([
      [1, 5],
      [2, 1],
    ]);
  });
});

describe('cartReducer clear and replace', () => {
  it('clear empties the items and sets the total to 0', () => {
    const state = cartReducer(add(emptyCart, shirt), { type: 'clear' });
    expect(state).toEqual({ items: [], total: 0 });
  });

  it('clear on an empty cart returns the same state', () => {
    expect(cartReducer(emptyCart, { type: 'clear' })).toBe(emptyCart);
  });

  it('replace takes the given state (restore, another tab)', () => {
    const next: CartState = { items: [], total: 0 };
    expect(cartReducer(add(emptyCart, shirt), { type: 'replace', state: next })).toBe(next);
  });
});

describe('canAddOneMore', () => {
  it('allows adds up to the stock and refuses beyond it', () => {
    const limited = { ...shirt, stock: 2 };
    expect(canAddOneMore(emptyCart, limited)).toBe(true);
    const one = add(emptyCart, limited);
    expect(canAddOneMore(one, limited)).toBe(true);
    expect(canAddOneMore(add(one, limited), limited)).toBe(false);
  });

  it('refuses a product with no stock and allows any when the stock is unknown', () => {
    expect(canAddOneMore(emptyCart, { ...shirt, stock: 0 })).toBe(false);
    expect(canAddOneMore(add(add(emptyCart, shirt), shirt), shirt)).toBe(true);
  });

  it('uses the stock stored with the line when the product does not say', () => {
    const state = add(emptyCart, { ...shirt, stock: 1 });
    expect(canAddOneMore(state, shirt)).toBe(false);
  });
});

describe('helpers', () => {
  it('selectItemCount sums quantities', () => {
    expect(selectItemCount(emptyCart)).toBe(0);
    expect(selectItemCount(add(add(add(emptyCart, shirt), shirt), cap))).toBe(3);
  });

  it('toPrice accepts finite non-negative numbers and numeric strings only', () => {
    expect(toPrice(12)).toBe(12);
    expect(toPrice(' 12.50 ')).toBe(12.5);
    expect(toPrice(0)).toBe(0);
    expect(toPrice('abc')).toBeNull();
    expect(toPrice('  ')).toBeNull();
    expect(toPrice(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toPrice(null)).toBeNull();
  });

  it('roundMoney rounds half up to cents and never returns -0', () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(Object.is(roundMoney(-0.001), -0)).toBe(false);
  });

  it('toCartItem leaves out absent optional fields', () => {
    expect(toCartItem({ id: 3, name: 'Mug', price: 9, description: null })).toEqual({
      id: 3,
      name: 'Mug',
      price: 9,
      quantity: 1,
      category: 'Product',
    });
  });
});
