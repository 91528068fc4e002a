import type { CartItem } from './cart-reducer';

/** Quantity limits of a cart line (SPEC.md section 4): at least 1, at most the product's stock. */
export interface QuantityLimits {
  min: number;
  /** Undefined when the stock is not known. */
  max: number | undefined;
}

export const MIN_QUANTITY = 1;

export function quantityLimits(item: Pick<CartItem, 'stock'>): QuantityLimits {
  if (item.stock === undefined) return { min: MIN_QUANTITY, max: undefined };
  // A line whose product has sold out since keeps its quantity reachable: the minimum is still 1.
  return { min: MIN_QUANTITY, max: Math.max(item.stock, MIN_QUANTITY) };
}

export function canDecrease(quantity: number, limits: QuantityLimits): boolean {
  return quantity > limits.min;
}

export function canIncrease(quantity: number, limits: QuantityLimits): boolean {
  return limits.max === undefined || quantity < limits.max;
}

/**
 * A typed quantity, or null when it must be ignored: not a whole number, or outside the limits.
 * Blank (while the field is being retyped) is ignored too.
 */
export function parseTypedQuantity(raw: string, limits: QuantityLimits): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  if (!Number.isSafeInteger(quantity) || quantity < limits.min) return null;
  if (limits.max !== undefined && quantity > limits.max) return null;
  return quantity;
}
