import { describe, expect, it } from 'vitest';
import { returnsStockOnDelete, stockMoveFor } from './orders.service';

describe('stockMoveFor', () => {
  it('returns unshipped stock when an order holding it is cancelled', () => {
    for (const status of ['pending', 'paid', 'processing'] as const) {
      expect(stockMoveFor({ status, stockHeld: true }, 'cancelled'), status).toBe('return');
    }
  });

  it('leaves shipped goods and orders holding nothing alone', () => {
    expect(stockMoveFor({ status: 'shipped', stockHeld: true }, 'cancelled')).toBe('none');
    expect(stockMoveFor({ status: 'delivered', stockHeld: true }, 'cancelled')).toBe('none');
    expect(stockMoveFor({ status: 'pending', stockHeld: false }, 'cancelled')).toBe('none');
    expect(stockMoveFor({ status: 'pending', stockHeld: true }, 'shipped')).toBe('none');
    expect(stockMoveFor({ status: 'cancelled', stockHeld: false }, 'cancelled')).toBe('none');
  });

  it('takes stock again when a cancelled order that gave it back is revived', () => {
    expect(stockMoveFor({ status: 'cancelled', stockHeld: false }, 'pending')).toBe('take');
    expect(stockMoveFor({ status: 'cancelled', stockHeld: false }, 'shipped')).toBe('take');
    expect(stockMoveFor({ status: 'cancelled', stockHeld: true }, 'delivered')).toBe('none');
  });
});

describe('returnsStockOnDelete', () => {
  it('is true only for held, unshipped stock', () => {
    expect(returnsStockOnDelete({ status: 'pending', stockHeld: true })).toBe(true);
    expect(returnsStockOnDelete({ status: 'shipped', stockHeld: true })).toBe(false);
    expect(returnsStockOnDelete({ status: 'cancelled', stockHeld: false })).toBe(false);
    expect(returnsStockOnDelete({ status: 'paid', stockHeld: false })).toBe(false);
  });
});
