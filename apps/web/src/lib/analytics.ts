/**
 * Client-side e-commerce analytics (SPEC.md section 7): add to cart, remove from cart, begin
 * checkout and purchase, in GA4's event shape with currency USD and zero tax and shipping. Events
 * go to `window.gtag` or `window.dataLayer` when a tag is installed; otherwise they are dropped.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (command: 'event', name: string, params: Record<string, unknown>) => void;
  }
}

export interface AnalyticsItem {
  id: number | string;
  name: string;
  price: number;
  quantity: number;
  category?: string;
}

export type EcommerceEventName = 'add_to_cart' | 'remove_from_cart' | 'begin_checkout' | 'purchase';

export interface EcommerceEvent {
  name: EcommerceEventName;
  params: {
    currency: 'USD';
    value: number;
    items: { item_id: string; item_name: string; item_category?: string; price: number; quantity: number }[];
    transaction_id?: string;
    tax?: number;
    shipping?: number;
  };
}

function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

export function buildEcommerceEvent(
  name: EcommerceEventName,
  items: AnalyticsItem[],
  extra: { value?: number; transactionId?: string } = {},
): EcommerceEvent {
  const value = extra.value ?? items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const params: EcommerceEvent['params'] = {
    currency: 'USD',
    value: roundCents(value),
    items: items.map((item) => ({
      item_id: String(item.id),
      item_name: item.name,
      ...(item.category ? { item_category: item.category } : {}),
      price: item.price,
      quantity: item.quantity,
    })),
  };
  if (name === 'purchase') {
    params.transaction_id = extra.transactionId ?? '';
    params.tax = 0;
    params.shipping = 0;
  }
  return { name, params };
}

export function sendEvent(event: EcommerceEvent): void {
  if (typeof window === 'undefined') return;
  try {
    if (typeof window.gtag === 'function') {
      window.gtag('event', event.name, event.params);
    } else if (Array.isArray(window.dataLayer)) {
      window.dataLayer.push({ event: event.name, ecommerce: event.params });
    }
  } catch (error) {
    console.warn('Analytics event not sent', error);
  }
}

export function trackAddToCart(item: AnalyticsItem): void {
  sendEvent(buildEcommerceEvent('add_to_cart', [item]));
}

export function trackRemoveFromCart(item: AnalyticsItem): void {
  sendEvent(buildEcommerceEvent('remove_from_cart', [item]));
}

export function trackBeginCheckout(items: AnalyticsItem[], value: number): void {
  sendEvent(buildEcommerceEvent('begin_checkout', items, { value }));
}

export function trackPurchase(transactionId: string | number, items: AnalyticsItem[], value: number): void {
  sendEvent(buildEcommerceEvent('purchase', items, { value, transactionId: String(transactionId) }));
}
