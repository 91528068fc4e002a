import {
  COMPLETED_ORDER_STORAGE_KEY,
  type CompletedOrder,
  CompletedOrderSchema,
  type OrderCreated,
  type PaymentIntentResponse,
} from '@jesus-walks/contracts/checkout';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { AnalyticsItem } from '@/lib/analytics';
import { type KeyValueStorage, readJson, removeKey, writeJson } from '@/lib/storage';

export type { CompletedOrder };

/**
 * The completed-order record for the confirmation page (SPEC.md section 3): the order's id, its
 * lines as the server priced them (price as text) and the total paid.
 */
export function buildCompletedOrder(order: OrderCreated, intent: PaymentIntentResponse): CompletedOrder {
  return {
    orderId: order.id,
    items: intent.items.map((line) => ({
      id: line.productId,
      name: line.name,
      price: line.unitPrice,
      quantity: line.quantity,
    })),
    total: Number(order.total),
  };
}

/**
 * Subtotal, shipping and total of a completed order, as the e-mail and the status page show them.
 * The record holds the lines as the server priced them and the total paid (SPEC.md section 3);
 * the total is the lines plus the shipping rate (SPEC.md section 9), so shipping is what the
 * total holds beyond the lines. In cents, so nothing drifts.
 */
export function completedOrderAmounts(order: CompletedOrder): {
  subtotal: string;
  shipping: string;
  total: string;
} {
  const subtotal = order.items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  const total = toCents(order.total);
  return {
    subtotal: fromCents(subtotal),
    shipping: fromCents(Math.max(0, total - subtotal)),
    total: fromCents(total),
  };
}

export function saveCompletedOrder(storage: KeyValueStorage | null, order: CompletedOrder): boolean {
  return writeJson(storage, COMPLETED_ORDER_STORAGE_KEY, order);
}

/** The stored record, or null when there is none or it is not a completed order. */
export function readCompletedOrder(storage: KeyValueStorage | null): CompletedOrder | null {
  const parsed = CompletedOrderSchema.safeParse(readJson(storage, COMPLETED_ORDER_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

export function removeCompletedOrder(storage: KeyValueStorage | null): void {
  removeKey(storage, COMPLETED_ORDER_STORAGE_KEY);
}

export function analyticsItems(order: CompletedOrder): AnalyticsItem[] {
  return order.items.map((item) => ({
    id: item.id,
    name: item.name,
    price: Number(item.price),
    quantity: item.quantity,
  }));
}

/**
 * What the confirmation page does once with a record (SPEC.md section 4): reports the purchase,
 * removes the record (a reload never reports it twice) and clears the cart. Without a record it
 * reports nothing.
 */
export function completeConfirmation(
  order: CompletedOrder | null,
  effects: {
    storage: KeyValueStorage | null;
    trackPurchase: (transactionId: string | number, items: AnalyticsItem[], value: number) => void;
    clearCart: () => void;
  },
): void {
  if (!order) return;
  effects.trackPurchase(order.orderId, analyticsItems(order), order.total);
  removeCompletedOrder(effects.storage);
  effects.clearCart();
}
