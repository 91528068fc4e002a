import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '@/lib/storage';
import { CART_STORAGE_KEY, loadCart, parseStoredCart, saveCart } from './cart-storage';

function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

function failingStorage(): KeyValueStorage {
  const fail = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

const stored = {
  items: [{ id: 1, name: 'Trail Shirt', price: 25, quantity: 2, category: 'Apparel' }],
  total: 50,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cart storage', () => {
  it("uses the fixed key 'jesus-walks-cart'", () => {
    expect(CART_STORAGE_KEY).toBe('jesus-walks-cart');
  });

  it('saves the state as JSON and loads it back', () => {
    const storage = fakeStorage();
    saveCart(storage, stored);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY) ?? 'null')).toEqual(stored);
    expect(loadCart(storage)).toEqual(stored);
  });

  it('loads nothing when nothing is stored or there is no storage', () => {
    expect(loadCart(fakeStorage())).toBeNull();
    expect(loadCart(null)).toBeNull();
  });

  it('restores only a value with an items array and a numeric total', () => {
    expect(parseStoredCart({ items: [], total: 0 })).toEqual({ items: [], total: 0 });
    expect(parseStoredCart({ items: 'nope', total: 0 })).toBeNull();
    expect(parseStoredCart({ total: 0 })).toBeNull();
    expect(parseStoredCart({ items: [], total: '0' })).toBeNull();
    expect(parseStoredCart({ items: [], total: Number.NaN })).toBeNull();
    expect(parseStoredCart({ items: [] })).toBeNull();
    expect(parseStoredCart([])).toBeNull();
    expect(parseStoredCart(null)).toBeNull();
    expect(parseStoredCart('cart')).toBeNull();
  });

  it('converts stored string prices and fills the default category', () => {
    const state = parseStoredCart({
      items: [{ id: 'x', name: 'Cap', price: '19.99', quantity: 1 }],
      total: 19.99,
    });
    expect(state?.items[0]).toEqual({ id: 'x', name: 'Cap', price: 19.99, quantity: 1, category: 'Product' });
  });

  it('drops lines that cannot be shown and recomputes the total from the rest', () => {
    const state = parseStoredCart({
      items: [
        stored.items[0],
        { id: 2, name: 'Broken', price: 'n/a', quantity: 1 },
        { id: 3, name: 'Zero', price: 5, quantity: 0 },
        { name: 'No id', price: 5, quantity: 1 },
        'junk',
      ],
      total: 999,
    });
    expect(state).toEqual({ items: [{ ...stored.items[0], category: 'Apparel' }], total: 50 });
  });

  it('ignores and warns about a value that is not JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadCart(fakeStorage({ [CART_STORAGE_KEY]: '{not json' }))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('only warns when storage cannot be read or written', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadCart(failingStorage())).toBeNull();
    expect(() => saveCart(failingStorage(), stored)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
