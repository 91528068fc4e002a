import { toCents } from '@jesus-walks/contracts/money';
import type { SquareConfig, SquarePayBody, SquarePayResult } from '@jesus-walks/contracts/payments';
import { conflict, DomainError, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../../deps';
import { FINALISE_PAYMENT_QUEUE } from '../../finalisation/finalisation.service';
import { attemptPayment } from '../../payment-limits/card-attempts.service';
import type { Payer } from '../../payment-limits/payment-limits.service';
import { requirePaymentSecret } from '../../payments/payment-secret';
import {
  getPayment,
  markPaymentFailed,
  type PaymentRow,
  recordContact,
} from '../../payments/payments.service';
import type { ProviderEvent } from '../provider';
import { SQUARE_NOT_CONFIGURED } from '../providers';
import { isPendingSquareReference } from './square.provider';
import { adoptSquarePayment } from './square.repository';

/** GET /api/square-config: what the Web Payments SDK loads with; 404 without Square's keys. */
export function squareConfig(deps: Pick<PaymentsDeps, 'providers'>): SquareConfig {
  const square = deps.providers.square;
  if (!square) throw notFound(SQUARE_NOT_CONFIGURED);
  return square.config;
}

/**
 * POST /api/checkout/square/pay: charges the card form's token for the payment's quoted total
 * (never an amount from the browser), for the browser that started the payment only (its payment
 * secret). A refused card answers 402 with Square's words and leaves the payment open for another
 * card, within the limits on declines (card-attempts.service.ts); a charged card records Square's
 * payment on the row and queues the finalisation in the same transaction, so an order follows
 * even when the browser closes now (its POST /api/orders reaches the same idempotent finalisation).
 */
export async function payWithSquare(
  deps: PaymentsDeps,
  body: SquarePayBody,
  payer: Payer,
): Promise<SquarePayResult> {
  const square = deps.providers.square;
  if (!square) throw notFound(SQUARE_NOT_CONFIGURED);
  const payment = await getPayment(deps, body.paymentId);
  if (!payment || payment.provider !== square.name) throw notFound('No such Square payment');
  requirePaymentSecret(payment, body.paymentSecret);
  const done = { status: 'succeeded' as const, paymentId: payment.id };

  if (!isPendingSquareReference(payment.providerReference)) {
    // Charged already (a retried request, or the webhook got here first): no second charge.
    return done;
  }
  return attemptPayment(deps, payer, payment, async () => ({
    declined: false,
    value: await chargeSquare(deps, square, payment, body),
  }));
}

/** The charge itself: a refused card throws 402 (a decline); a charged one is recorded. */
async function chargeSquare(
  deps: PaymentsDeps,
  square: NonNullable<PaymentsDeps['providers']['square']>,
  payment: PaymentRow,
  body: SquarePayBody,
): Promise<SquarePayResult> {
  const done = { status: 'succeeded' as const, paymentId: payment.id };
  if (payment.orderId !== null || !['pending', 'failed'].includes(payment.status)) {
    throw conflict('This payment was cancelled (the checkout expired or changed); please check out again');
  }
  await recordContact(deps, payment.id, body.contact);

  let charge: Awaited<ReturnType<typeof square.charge>>;
  try {
    charge = await square.charge({
      paymentId: payment.id,
      amountCents: toCents(payment.amount),
      sourceId: body.sourceId,
      verificationToken: body.verificationToken,
      note: `Payment ${payment.id}`,
    });
  } catch (error) {
    deps.logger.error(
      { err: error, paymentId: payment.id },
      'Square refused or did not answer CreatePayment',
    );
    throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
  }
  if (charge.kind === 'declined') {
    await markPaymentFailed(deps, payment.id, charge.message.slice(0, 500));
    throw new DomainError('card_declined', charge.message);
  }

  const adopted = await deps.db.transaction().execute(async (trx) => {
    const recorded = await adoptSquarePayment(trx, payment.id, charge.intent.reference);
    if (recorded === 'adopted') {
      await deps.jobs.enqueue(trx, FINALISE_PAYMENT_QUEUE, { paymentId: payment.id });
    }
    return recorded;
  });
  if (adopted === 'other') {
    // Another card of the same checkout was charged meanwhile (two tabs): this one goes back.
    await refundDuplicate(deps, payment.id, charge.intent.reference, charge.intent.amountCents);
    throw conflict('This payment has already been made with another card; the second charge was refunded');
  }
  return done;
}

async function refundDuplicate(
  deps: PaymentsDeps,
  paymentId: string,
  reference: string,
  amountCents: number,
): Promise<void> {
  const square = deps.providers.square;
  try {
    await square?.refund({
      reference,
      amountCents,
      idempotencyKey: `dup:${reference}`.slice(0, 45),
      reason: 'A second card was charged for the same checkout',
    });
  } catch (error) {
    // A person must look at it: the buyer was charged twice.
    deps.logger.error({ err: error, paymentId, reference }, 'could not refund a duplicate Square charge');
  }
}

/**
 * Square can post payment.updated before the pay route recorded the payment on our row (or the
 * route died after charging): a signed, completed Square payment that names one of our payments
 * still holding the placeholder is recorded on it, so the webhook path finds and finalises it.
 */
export async function adoptFromWebhook(deps: Pick<PaymentsDeps, 'db'>, event: ProviderEvent): Promise<void> {
  if (event.outcome !== 'succeeded' || !event.paymentId || !event.reference) return;
  const payment = await getPayment(deps, event.paymentId);
  if (payment?.provider !== 'square' || !isPendingSquareReference(payment.providerReference)) return;
  await adoptSquarePayment(deps.db, payment.id, event.reference);
}
