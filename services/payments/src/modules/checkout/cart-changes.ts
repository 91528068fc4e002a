import { toCents } from '@jesus-walks/contracts/money';
import type { OrderItemInput, Quote } from '@jesus-walks/contracts/orders';
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

/**
 * Items whose price in the client's cart is not the quote's (the catalog's, which is what is
 * charged): 'Trail Cap now costs $26.00'. Items sent without a price are not compared.
 */
export function priceChanges(items: readonly OrderItemInput[], quote: Quote): ErrorIssue[] {
  const lines = new Map(quote.items.map((line) => [line.productId, line]));
  const issues: ErrorIssue[] = [];
  items.forEach((item, index) => {
    const line = lines.get(item.productId);
    if (!line || item.price === undefined) return;
    if (toCents(item.price) !== toCents(line.unitPrice)) {
      issues.push({ path: ['items', index], message: `${line.name} now costs $${line.unitPrice}` });
    }
  });
  return issues;
}

const NOT_FOUND = /^Product (\d+) not found$/;
const SOLD_OUT = /^(.+) is out of stock$/;
const SHORT = /^Not enough stock for (.+): (\d+) available, \d+ requested$/;

/**
 * A refused quote (catalog: 404 unknown or withdrawn product, 409 short of stock) said item by
 * item: 'Trail Cap is no longer sold', 'Only 2 Trail Cap left', 'Trail Cap is sold out'. Issues
 * the seller gave with ['items', i] paths are kept; otherwise its message is read (catalog's
 * stock.service wording) and matched to the cart's items through the products on sale.
 */
export function quoteRefusalIssues(
  error: DomainError,
  items: readonly OrderItemInput[],
  onSale: readonly Product[],
): ErrorIssue[] {
  const given = (error.issues ?? []).filter((issue) => issue.path[0] === 'items');
  if (given.length > 0) return given;
  const indexesOf = (productId: number) =>
    items.flatMap((item, index) => (item.productId === productId ? [index] : []));
  const byName = (name: string) =>
    onSale.find((product) => product.name === name && items.some((item) => item.productId === product.id));

  const missing = NOT_FOUND.exec(error.message);
  if (missing) {
    const productId = Number(missing[1]);
    return indexesOf(productId).map((index) => ({
      path: ['items', index],
      message: 'This product is no longer sold',
    }));
  }
  const soldOut = SOLD_OUT.exec(error.message);
  const short = SHORT.exec(error.message);
  const name = soldOut?.[1] ?? short?.[1];
  if (name) {
    const product = byName(name);
    const available = short ? Number(short[2]) : 0;
    const message = available > 0 ? `Only ${available} ${name} left` : `${name} is sold out`;
    if (product) return indexesOf(product.id).map((index) => ({ path: ['items', index], message }));
    return [{ path: ['items'], message }];
  }
  return [{ path: ['items'], message: error.message }];
}
