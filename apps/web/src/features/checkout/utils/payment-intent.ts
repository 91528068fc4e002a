import type {
  CreateOrderBody,
  EventPaymentIntentResponse,
  PaymentIntentBody,
  PaymentIntentResponse,
} from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import type { ShippingAddress, ShippingMethod } from '@jesus-walks/contracts/shipping';
import { ApiError, ApiResponseError } from '@/lib/api-client';
import type { CartItem } from '@/lib/cart/cart-reducer';
import type { CheckoutContactForm } from './contact-schema';

/** The cart as order lines: product id, quantity and the cart's price (the server re-prices). */
export function toOrderItems(items: readonly CartItem[]): PaymentIntentBody['items'] {
  return items.map((item) => ({ productId: Number(item.id), quantity: item.quantity, price: item.price }));
}

/** The checkout's previous intent, which a new one replaces: its id and this browser's secret for it. */
export interface ReplacedPayment {
  paymentId: string;
  paymentSecret: string;
}

/** The intent body's fields naming the payment it replaces (none for the first). */
export function replacesFields(replaces: ReplacedPayment | undefined): {
  replacesPaymentId?: string;
  replacesPaymentSecret?: string;
} {
  return replaces
    ? { replacesPaymentId: replaces.paymentId, replacesPaymentSecret: replaces.paymentSecret }
    : {};
}

export interface IntentRequest {
  items: readonly CartItem[];
  address: ShippingAddress;
  method: ShippingMethod;
  paymentMethod: PaymentMethod;
}

/** The payment-intent request (SPEC.md section 3) for the cart, address and chosen methods. */
export function buildPaymentIntentBody(
  request: IntentRequest,
  replaces?: ReplacedPayment | undefined,
): PaymentIntentBody {
  const { address } = request;
  return {
    items: toOrderItems(request.items),
    shippingAddress: {
      fullName: `${address.firstName} ${address.lastName}`.trim(),
      street: [address.address1, address.address2].filter(Boolean).join(', '),
      city: address.city,
      state: address.state,
      zipCode: address.postalCode,
      country: address.country,
    },
    ...(request.method.id === undefined ? {} : { shippingMethodId: request.method.id }),
    paymentMethod: request.paymentMethod,
    ...replacesFields(replaces),
  };
}

/**
 * What an intent was made for: a new intent is needed when any of it changes (the buyer went back
 * and changed the address or method, chose another payment method, or the cart changed).
 */
export function intentRequestKey(request: IntentRequest): string {
  return JSON.stringify(buildPaymentIntentBody(request));
}

export interface CartChange {
  /** The cart line's name, when the issue points at one. */
  name: string | null;
  message: string;
}

export type IntentFailure =
  | { kind: 'cart_changed'; changes: CartChange[] }
  | { kind: 'error'; message: string };

/** What the payment step pays: a cart's intent (with its shipping method) or an event seat's (none). */
export type PayableIntent = PaymentIntentResponse | EventPaymentIntentResponse;

/** The checkout's intent: being made, ready to pay, or why there is none. */
export type IntentState<I extends PayableIntent = PaymentIntentResponse> =
  | { status: 'pending'; intent: null }
  | { status: 'ready'; intent: I }
  | { status: 'failed'; intent: null; failure: IntentFailure };

function bodyText(error: ApiError): string {
  if (error.serverMessage) return error.serverMessage;
  if (typeof error.body === 'string') return error.body;
  if (error.body === null || error.body === undefined) return error.statusText;
  return JSON.stringify(error.body);
}

/**
 * Why no intent could be made. A 409 `cart_changed` lists what changed (issues at ['items', i]
 * name the cart's line i); everything else is one line of SPEC.md section 8.
 */
export function intentFailure(error: unknown, items: readonly CartItem[]): IntentFailure {
  if (error instanceof ApiError && error.status === 409 && error.code === 'cart_changed') {
    const issues = error.issues ?? [];
    const changes = issues.map((issue) => {
      const index = issue.path[0] === 'items' ? issue.path[1] : undefined;
      const line = typeof index === 'number' ? items[index] : undefined;
      return { name: line?.name ?? null, message: issue.message };
    });
    return {
      kind: 'cart_changed',
      changes:
        changes.length > 0 ? changes : [{ name: null, message: error.serverMessage ?? 'Your cart changed.' }],
    };
  }
  if (error instanceof ApiError) {
    return { kind: 'error', message: `Payment initialization failed: ${error.status} - ${bodyText(error)}` };
  }
  if (error instanceof ApiResponseError) return { kind: 'error', message: error.message };
  return { kind: 'error', message: 'Payment system not ready' };
}

/**
 * The server's words when it refused an attempt to pay because of the limits on declined attempts
 * (429: wait, or start the checkout again), else null.
 */
export function attemptLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 && error.serverMessage
    ? error.serverMessage
    : null;
}

/**
 * A failed confirmation: the card's own message for a decline (402), the limit's for too many
 * declines (429), else 'Payment failed'.
 */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 402 && error.serverMessage) return error.serverMessage;
  return attemptLimitMessage(error) ?? 'Payment failed';
}

/** Any failure to create the order after a payment (SPEC.md section 8). */
export const ORDER_CREATION_FAILED = 'Order creation failed. Please contact support.';

/** POST /api/orders for a succeeded payment (SPEC.md section 3 "Order creation payload"). */
export function buildCreateOrderBody(input: {
  items: readonly CartItem[];
  address: ShippingAddress;
  intent: PaymentIntentResponse;
  contact: CheckoutContactForm;
}): CreateOrderBody {
  const { contact } = input;
  return {
    items: toOrderItems(input.items),
    total: input.intent.total,
    // As entered at checkout; an empty second address line is left out.
    shippingAddress: Object.fromEntries(Object.entries(input.address).filter(([, value]) => value !== '')),
    paymentMethod: contact.paymentMethod,
    paymentId: input.intent.paymentId,
    ...(contact.phone ? { phoneNumber: contact.phone } : {}),
    ...(contact.email ? { customerEmail: contact.email } : {}),
  };
}
