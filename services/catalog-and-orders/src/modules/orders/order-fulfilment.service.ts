import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { OrderStatusView } from '@jesus-walks/contracts/orders';
import type { FulfilBody, Fulfilment } from '@jesus-walks/contracts/payable';
import { userRoutes } from '@jesus-walks/contracts/users';
import { businessRule, notFound } from '@jesus-walks/service-kit/errors';
import type { CatalogDeps } from '../../deps';
import { findStoredQuote, lockStoredQuote, type QuoteRow } from '../quotes/quotes.service';
import { takeQuotedStock } from '../stock/stock.service';
import { orderConfirmationEmail } from './order-emails';
import {
  findOrderStatus,
  findOrdersOfPaymentAndQuote,
  findOrderToConfirm,
  insertOrder,
  listOrderItems,
  lockPayment,
  markConfirmationQueued,
  type PaidOrderRow,
} from './orders.repository';

/** What fulfilling and confirming an order work with. */
export type FulfilmentDeps = Pick<
  CatalogDeps,
  'db' | 'jobs' | 'identity' | 'mailer' | 'links' | 'publicOrigin' | 'logger'
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A status link stays valid for a year: long enough for returns and warranty questions. */
export const ORDER_STATUS_LINK_MAX_AGE_MS = 366 * DAY_MS;

export const STOCK_GONE_REASON =
  'Paid after the reservation expired and the stock was gone; the payment is refunded.';
export const ALREADY_PAID_REASON =
  'This checkout was already paid by another payment; this payment is refunded.';

/** The signed link of an order's status page (confirmation e-mail). */
export function orderStatusUrl(
  deps: Pick<FulfilmentDeps, 'links' | 'publicOrigin'>,
  orderId: number,
): string {
  const url = new URL('/orders/status', deps.publicOrigin);
  url.searchParams.set('token', deps.links.sign('order-status', orderId));
  return url.toString();
}

function answerFor(order: PaidOrderRow, quoteId: string): Fulfilment {
  if (order.quoteId !== quoteId || order.fulfilmentOutcome === null) {
    throw businessRule('This payment already paid for another order');
  }
  return {
    outcome: order.fulfilmentOutcome,
    recordId: order.id,
    status: order.status,
    total: order.total,
    reason: order.cancellationReason,
  };
}

/** Writes a paid order's confirmation e-mail (order-confirmation.jobs.ts). */
export const ORDER_CONFIRMATION_QUEUE = 'order-confirmation';

/**
 * POST /internal/quotes/{id}/fulfil (payments, once a payment of exactly the quote's total has
 * succeeded). Idempotent on the payment id: the payment is locked for the transaction, and a
 * repeated call answers the order the first one made. In one transaction: the quote is locked,
 * its stock taken (see takeQuotedStock), the order written at the quoted prices (paid), and the
 * job that writes its confirmation e-mail queued. When the stock is gone, or another payment
 * already bought this quote, the order is recorded cancelled with the reason and the answer is
 * unfulfillable: payments refunds.
 */
export async function fulfilQuote(
  deps: FulfilmentDeps,
  input: FulfilBody & { quoteId: string; requestId: string },
): Promise<Fulfilment> {
  const { quoteId, requestId, ...body } = input;
  // Everything under the payment's lock, then the quote's (in that order everywhere), the repeated
  // call's answer included: one read of the quote and one of the orders it needs to know of.
  return deps.db.transaction().execute(async (trx) => {
    await lockPayment(trx, body.paymentId);
    const quote = await lockStoredQuote({ db: trx }, quoteId);
    const orders = await findOrdersOfPaymentAndQuote(trx, { paymentId: body.paymentId, quoteId });
    if (orders.ofPayment) return answerFor(orders.ofPayment, quoteId);
    if (!quote) throw notFound('Quote not found');
    if (toCents(body.amountPaid) !== toCents(quote.total)) {
      throw businessRule(`The amount paid (${body.amountPaid}) is not the quote's total (${quote.total})`);
    }
    const estimatedDeliveryDate =
      quote.shippingEstimatedDays === null
        ? null
        : new Date(Date.now() + quote.shippingEstimatedDays * DAY_MS);

    let reason: string | null = null;
    if (orders.liveOfQuote) reason = ALREADY_PAID_REASON;
    else if (!(await takeQuotedStock({ db: trx }, { quoteId, items: quote.items })).taken) {
      reason = STOCK_GONE_REASON;
    }
    const fulfilled = reason === null;
    // A guest's confirmation goes to the address given at checkout: written here, in the order's
    // transaction. A member's goes to the account's address, which only identity can say.
    const guestEmail = fulfilled && body.buyer.userId === null ? body.buyer.email : null;

    const orderId = await insertOrder(
      trx,
      {
        userId: body.buyer.userId,
        status: fulfilled ? 'paid' : 'cancelled',
        total: quote.total,
        shippingCost: quote.shippingCost,
        shippingMethodId: quote.shippingMethodId,
        shippingMethodName: quote.shippingMethodName,
        shippingAddress: body.shippingAddress,
        estimatedDeliveryDate: fulfilled ? estimatedDeliveryDate : null,
        stockHeld: fulfilled,
        quoteId,
        paymentId: body.paymentId,
        paymentMethod: body.paymentMethod,
        // A member's account address replaces it when the confirmation's job asks identity.
        customerEmail: body.buyer.email,
        customerName: body.buyer.fullName,
        phoneNumber: body.buyer.phone,
        cancellationReason: reason,
        fulfilmentOutcome: fulfilled ? 'fulfilled' : 'unfulfillable',
        testMode: body.testMode,
        ...(guestEmail ? { confirmationQueuedAt: new Date() } : {}),
      },
      quote.items.map((item) => ({
        productId: item.productId,
        quantity: item.quantity,
        price: item.unitPrice,
      })),
    );

    if (guestEmail) {
      await deps.mailer.enqueue(
        trx,
        confirmationEmail(deps, {
          to: guestEmail,
          order: {
            id: orderId,
            customerName: body.buyer.fullName,
            shippingAddress: body.shippingAddress,
            shippingMethodName: quote.shippingMethodName,
            shippingCost: quote.shippingCost,
            total: quote.total,
            estimatedDeliveryDate,
          },
          quote,
        }),
      );
    } else if (fulfilled) {
      // A member's is written by a job, which asks identity for the address, never here, where
      // the payment waits (a slow or absent identity would hold the money's path).
      await deps.jobs.enqueue(trx, ORDER_CONFIRMATION_QUEUE, { orderId, requestId });
    }
    return {
      outcome: fulfilled ? 'fulfilled' : 'unfulfillable',
      recordId: orderId,
      status: fulfilled ? 'paid' : 'cancelled',
      total: quote.total,
      reason,
    } satisfies Fulfilment;
  });
}

/**
 * Queues a paid order's confirmation, once (the order remembers it): to a member's account
 * address, asked of identity here, outside any transaction; to the address given at checkout for a
 * guest, or for a member identity does not know. Identity unreachable and nothing to fall back on:
 * throws, and the job is retried; on its last attempt an order with no address goes unconfirmed
 * (logged).
 */
export async function confirmOrder(
  deps: FulfilmentDeps,
  input: { orderId: number; requestId?: string | undefined; lastAttempt: boolean },
): Promise<{ queued: boolean }> {
  const order = await findOrderToConfirm(deps.db, input.orderId);
  if (!order) return { queued: false };
  const to = await recipientOf(deps, order, input);
  const quote = order.quoteId ? await findStoredQuote(deps, order.quoteId) : undefined;
  return deps.db.transaction().execute(async (trx) => {
    if (!(await markConfirmationQueued(trx, order.id, to))) return { queued: false };
    if (!to || !quote) {
      deps.logger.warn({ orderId: order.id }, 'paid order without an e-mail address: no confirmation sent');
      return { queued: false };
    }
    await deps.mailer.enqueue(trx, confirmationEmail(deps, { to, order, quote }));
    return { queued: true };
  });
}

/** A paid order's confirmation e-mail, from the order and the quote it paid. */
function confirmationEmail(
  deps: Pick<FulfilmentDeps, 'links' | 'publicOrigin'>,
  input: {
    to: string;
    order: {
      id: number;
      customerName: string | null;
      shippingAddress: Record<string, unknown> | null;
      shippingMethodName: string | null;
      shippingCost: string;
      total: string;
      estimatedDeliveryDate: Date | null;
    };
    quote: QuoteRow;
  },
) {
  const { to, order, quote } = input;
  return orderConfirmationEmail({
    to,
    name: order.customerName,
    orderId: order.id,
    items: quote.items,
    subtotal: quote.subtotal,
    shipping: order.shippingCost,
    total: order.total,
    shippingMethod: order.shippingMethodName ?? quote.shippingMethodName,
    shippingAddress: order.shippingAddress ?? {},
    estimatedDays: quote.shippingEstimatedDays,
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    statusUrl: orderStatusUrl(deps, order.id),
  });
}

/** A member's account address (identity), else the address given at checkout. */
async function recipientOf(
  deps: FulfilmentDeps,
  order: { userId: number | null; customerEmail: string | null },
  input: { requestId?: string | undefined; lastAttempt: boolean },
): Promise<string | null> {
  if (order.userId === null || !deps.identity) return order.customerEmail;
  try {
    const found = await deps.identity.call(userRoutes.internalLookup, {
      body: { ids: [order.userId] },
      ...(input.requestId ? { requestId: input.requestId } : {}),
    });
    return found.find((user) => user.id === order.userId)?.email ?? order.customerEmail;
  } catch (error) {
    if (!order.customerEmail && !input.lastAttempt) throw error;
    deps.logger.warn(
      { err: error, userId: order.userId },
      'member e-mail lookup failed; using the checkout e-mail',
    );
    return order.customerEmail;
  }
}

/** What the lines of an order come to (2 decimals): its total without shipping. */
export function subtotalOf(items: ReadonlyArray<{ price: string; quantity: number }>): string {
  return fromCents(items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0));
}

const BAD_LINK = 'This order link is not valid. Please use the link from your confirmation e-mail.';

/** GET /api/orders/status?token=...: the order of a valid signed link; 404 for anything else. */
export async function orderStatusByToken(
  deps: Pick<FulfilmentDeps, 'db' | 'links'>,
  token: string,
): Promise<OrderStatusView> {
  const id = deps.links.verify('order-status', token, { maxAgeMs: ORDER_STATUS_LINK_MAX_AGE_MS });
  if (id === null || id > 2_147_483_647) throw notFound(BAD_LINK);
  const order = await findOrderStatus(deps.db, id);
  if (!order) throw notFound(BAD_LINK);
  const items = await listOrderItems(deps.db, [id]);
  return {
    id: order.id,
    status: order.status,
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
    })),
    subtotal: subtotalOf(items),
    shippingCost: order.shippingCost,
    total: order.total,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethodName,
    estimatedDeliveryDate: order.estimatedDeliveryDate?.toISOString() ?? null,
    trackingNumber: order.trackingNumber,
    carrier: order.shippingCarrier,
    cancelReason: order.cancellationReason,
    createdAt: order.createdAt.toISOString(),
  };
}
