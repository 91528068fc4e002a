import { DomainError } from '@jesus-walks/service-kit/errors';
import { describe, expect, it } from 'vitest';
import { priceChanges, refusedCartIssues } from './cart-changes';

const quoted = [
  { productId: 1, name: 'Trail Cap', unitPrice: '26.00' },
  { productId: 2, name: 'Trail Tee', unitPrice: '20.00' },
];

const product = (id: number, name: string, price: number | string) => ({
  id,
  name,
  description: '',
  price,
  imageUrl: '',
  category: '',
  stock: 1,
  available: 1,
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
        quoted,
      ),
    ).toEqual([{ path: ['items', 0], message: 'Trail Cap now costs $26.00' }]);
  });

  it('keeps the seller’s issues and adds the other items’ price changes, in the cart’s order', async () => {
    const items = [
      { productId: 3, quantity: 1, price: 5 },
      { productId: 1, quantity: 3, price: 26 },
      { productId: 2, quantity: 1, price: 18 },
      { productId: 9, quantity: 1 },
      { productId: 1, quantity: 1, price: 1 },
    ];
    const refusal = new DomainError('out_of_stock', '2 items in the cart cannot be sold as asked', [
      { path: ['items', 3], message: 'This product is no longer sold' },
      { path: ['items', 1], message: 'Only 2 Trail Cap left' },
    ]);
    const onSale = async () => [
      product(1, 'Trail Cap', '26.00'),
      product(2, 'Trail Tee', 20),
      product(3, 'Mug', 5),
    ];
    expect(await refusedCartIssues(refusal, items, onSale)).toEqual([
      { path: ['items', 1], message: 'Only 2 Trail Cap left' },
      { path: ['items', 2], message: 'Trail Tee now costs $20.00' },
      { path: ['items', 3], message: 'This product is no longer sold' },
    ]);
  });

  it('asks for no prices when no other item has one, and does without them when they cannot be had', async () => {
    const refusal = new DomainError('not_found', 'This product is no longer sold', [
      { path: ['items', 0], message: 'This product is no longer sold' },
    ]);
    let asked = 0;
    const onSale = async () => {
      asked += 1;
      throw new Error('catalog down');
    };
    const issues = [{ path: ['items', 0], message: 'This product is no longer sold' }];
    expect(await refusedCartIssues(refusal, [{ productId: 1, quantity: 1, price: 3 }], onSale)).toEqual(
      issues,
    );
    expect(asked).toBe(0);
    expect(
      await refusedCartIssues(
        refusal,
        [
          { productId: 1, quantity: 1 },
          { productId: 2, quantity: 1, price: 3 },
        ],
        onSale,
      ),
    ).toEqual(issues);
    expect(asked).toBe(1);
  });

  it('says a refusal without item issues as it is', async () => {
    const refusal = new DomainError('conflict', 'Something else');
    expect(await refusedCartIssues(refusal, [{ productId: 1, quantity: 1 }], async () => [])).toEqual([
      { path: ['items'], message: 'Something else' },
    ]);
  });
});
