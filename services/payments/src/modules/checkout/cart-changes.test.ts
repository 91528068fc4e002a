import type { Quote } from '@jesus-walks/contracts/orders';
import { DomainError } from '@jesus-walks/service-kit/errors';
import { describe, expect, it } from 'vitest';
import { priceChanges, quoteRefusalIssues } from './cart-changes';

const quote = {
  items: [
    { productId: 1, name: 'Trail Cap', quantity: 3, unitPrice: '26.00', lineTotal: '78.00' },
    { productId: 2, name: 'Trail Tee', quantity: 1, unitPrice: '20.00', lineTotal: '20.00' },
  ],
} as Quote;

const product = (id: number, name: string) => ({
  id,
  name,
  description: '',
  price: '1.00',
  imageUrl: '',
  category: '',
  stock: 1,
});

describe('a cart that changed', () => {
  it('names each item whose price is not the quote’s; items without a price are not compared', () => {
    expect(
      priceChanges(
        [
          { productId: 1, quantity: 1, price: 24.5 },
          { productId: 2, quantity: 1, price: 20 },
          { productId: 1, quantity: 2 },
          { productId: 1, quantity: 0 + 1, price: 26 },
        ],
        quote,
      ),
    ).toEqual([{ path: ['items', 0], message: 'Trail Cap now costs $26.00' }]);
  });

  it('reads the seller’s refusal item by item', () => {
    const items = [
      { productId: 2, quantity: 1 },
      { productId: 1, quantity: 3 },
    ];
    const onSale = [product(1, 'Trail Cap'), product(2, 'Trail Tee')];
    const short = new DomainError('out_of_stock', 'Not enough stock for Trail Cap: 2 available, 3 requested');
    expect(quoteRefusalIssues(short, items, onSale)).toEqual([
      { path: ['items', 1], message: 'Only 2 Trail Cap left' },
    ]);
    const soldOut = new DomainError('out_of_stock', 'Trail Tee is out of stock');
    expect(quoteRefusalIssues(soldOut, items, onSale)).toEqual([
      { path: ['items', 0], message: 'Trail Tee is sold out' },
    ]);
    const gone = new DomainError('not_found', 'Product 1 not found');
    expect(quoteRefusalIssues(gone, items, [])).toEqual([
      { path: ['items', 1], message: 'This product is no longer sold' },
    ]);
    const given = new DomainError('conflict', 'x', [
      { path: ['items', 0], message: 'Only 1 Trail Tee left' },
    ]);
    expect(quoteRefusalIssues(given, items, onSale)).toEqual([
      { path: ['items', 0], message: 'Only 1 Trail Tee left' },
    ]);
  });
});
