import { toCents } from '@jesus-walks/contracts/money';
import type { OrderItemInput } from '@jesus-walks/contracts/orders';
import type { Product } from '@jesus-walks/contracts/products';
import { DomainError, type ErrorIssue } from '@jesus-walks/service-kit/errors';

/** 409 cart_changed: what changed, item by item, before anything is charged. */
export function cartChanged(issues: ErrorIssue[]): DomainError {
  return new DomainError(
    'cart_changed',
    'Your cart has changed: please review it before paying.',
    issues.length > 0
      ? issues
      : [{ path: ['items'], message: 'Some items can no longer be sold as they are' }],
  );
}

/** A product at the price the seller charges: a quote's line, or a product on sale. */
export interface PricedProduct {
  productId: number;
  name: string;
  unitPrice: number | string;
}

/**
 * Items whose price in the client's cart is not the seller's (the quote's unit price, which is
 * what is charged): 'Trail Cap now costs $26.00'. Items sent without a price are not compared.
 */
export function priceChanges(
  items: readonly OrderItemInput[],
  priced: readonly PricedProduct[],
): ErrorIssue[] {
  const lines = new Map(priced.map((line) => [line.productId, line]));
  const issues: ErrorIssue[] = [];
  items.forEach((item, index) => {
    const line = lines.get(item.productId);
    if (!line || item.price === undefined) return;
    const cents = toCents(line.unitPrice);
    if (toCents(item.price) !== cents) {
      issues.push({ path: ['items', index], message: `${line.name} now costs $${(cents / 100).toFixed(2)}` });
    }
  });
  return issues;
}

/**
 * One answer for a refused quote (the seller checks every line and gives one issue per line it
 * cannot serve, at the cart item's index: 'Only 2 Trail Cap left', 'Trail Cap is sold out',
 * 'Trail Cap is no longer sold'), with the price changes of the other items, in the cart's order.
 * A refused quote has no prices: they come from the products on sale, asked only when an item it
 * did not refuse carries a price (a product refused at one index is not compared at another), and
 * not compared when they cannot be had. A refusal without item issues is said as it is.
 */
export async function refusedCartIssues(
  error: DomainError,
  items: readonly OrderItemInput[],
  productsOnSale: () => Promise<readonly Product[]>,
): Promise<ErrorIssue[]> {
  const refused = (error.issues ?? []).filter(
    (issue) => issue.path[0] === 'items' && typeof issue.path[1] === 'number',
  );
  if (refused.length === 0) return [{ path: ['items'], message: error.message }];
  const productAt = (issue: ErrorIssue) => items[issue.path[1] as number]?.productId;
  const refusedProducts = new Set(refused.map(productAt));
  const compared = items.some((item) => item.price !== undefined && !refusedProducts.has(item.productId));
  const onSale = compared ? await productsOnSale().catch(() => []) : [];
  const prices = priceChanges(
    items,
    onSale.map((product) => ({ productId: product.id, name: product.name, unitPrice: product.price })),
  ).filter((issue) => !refusedProducts.has(productAt(issue)));
  return [...refused, ...prices].sort((a, b) => (a.path[1] as number) - (b.path[1] as number));
}
