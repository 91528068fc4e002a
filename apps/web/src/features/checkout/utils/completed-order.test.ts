import { COMPLETED_ORDER_STORAGE_KEY } from '@jesus-walks/contracts/checkout';
import { describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '@/lib/storage';
import { aPaymentIntent } from '@/testing/api-stubs';
import {
  buildCompletedOrder,
  completeConfirmation,
  completedOrderAmounts,
  readCompletedOrder,
  removeCompletedOrder,
  saveCompletedOrder,
} from './completed-order';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const order = buildCompletedOrder({ id: 42, status: 'paid', total: '53.99' }, aPaymentIntent());

describe('the completed-order record', () => {
  it('holds the order id, the lines as the server priced them (price as text) and the total', () => {
    expect(order).toEqual({
      orderId: 42,
      items: [{ id: 1, name: 'Trail Cap', price: '22.00', quantity: 2 }],
      total: 53.99,
    });
  });

  it('is kept in session storage under its key, read back, and removed', () => {
    const storage = memoryStorage();
    expect(saveCompletedOrder(storage, order)).toBe(true);
    expect(JSON.parse(storage.data.get(COMPLETED_ORDER_STORAGE_KEY) ?? 'null')).toEqual(order);
    expect(readCompletedOrder(storage)).toEqual(order);
    removeCompletedOrder(storage);
    expect(readCompletedOrder(storage)).toBeNull();
  });

  it('reads as none when missing, not JSON or of another shape', () => {
    const storage = memoryStorage();
    expect(readCompletedOrder(storage)).toBeNull();
    expect(readCompletedOrder(null)).toBeNull();
    storage.data.set(COMPLETED_ORDER_STORAGE_KEY, '{not json');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readCompletedOrder(storage)).toBeNull();
    storage.data.set(COMPLETED_ORDER_STORAGE_KEY, JSON.stringify({ orderId: 1, items: 'x', total: 1 }));
    expect(readCompletedOrder(storage)).toBeNull();
    vi.restoreAllMocks();
  });
});

describe('completedOrderAmounts', () => {
  it('names the subtotal of the lines and the shipping the total includes', () => {
    expect(completedOrderAmounts(order)).toEqual({ subtotal: '44.00', shipping: '9.99', total: '53.99' });
  });

  it('adds in cents, so several lines never drift', () => {
    const lines = {
      orderId: 7,
      items: [
        { id: 1, name: 'Bandana', price: '0.10', quantity: 3 },
        { id: 2, name: 'Mug', price: '0.20', quantity: 1 },
      ],
      total: 10.49,
    };
    expect(completedOrderAmounts(lines)).toEqual({ subtotal: '0.50', shipping: '9.99', total: '10.49' });
  });
});

describe('completeConfirmation', () => {
  it('reports the purchase, removes the record and clears the cart', () => {
    const storage = memoryStorage();
    saveCompletedOrder(storage, order);
    const trackPurchase = vi.fn();
    const clearCart = vi.fn();
    completeConfirmation(readCompletedOrder(storage), { storage, trackPurchase, clearCart });
    expect(trackPurchase).toHaveBeenCalledExactlyOnceWith(
      42,
      [{ id: 1, name: 'Trail Cap', price: 22, quantity: 2 }],
      53.99,
    );
    expect(storage.data.has(COMPLETED_ORDER_STORAGE_KEY)).toBe(false);
    expect(clearCart).toHaveBeenCalledOnce();
    // A second visit (a reload) finds no record and reports nothing.
    completeConfirmation(readCompletedOrder(storage), { storage, trackPurchase, clearCart });
    expect(trackPurchase).toHaveBeenCalledOnce();
  });

  it('reports nothing without a record', () => {
    const trackPurchase = vi.fn();
    const clearCart = vi.fn();
    completeConfirmation(null, { storage: memoryStorage(), trackPurchase, clearCart });
    expect(trackPurchase).not.toHaveBeenCalled();
    expect(clearCart).not.toHaveBeenCalled();
  });
});
