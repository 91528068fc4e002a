import { badRequest } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { FINALISE_PAYMENT_QUEUE } from '../finalisation/finalisation.service';
import {
  changePayment,
  getPayment,
  getPaymentByReference,
  markPaymentFailed,
  type PaymentRow,
} from '../payments/payments.service';
import { type PaymentProvider, type ProviderEvent, WebhookSignatureError } from '../providers/provider';
import { sellerOf } from '../sellers/sellers';
import { markEventProcessed, recordEvent } from './webhooks.repository';

/** The failure's words in a payment_intent.payment_failed event (Stripe's and the sandbox's shape). */
function failureMessageOf(payload: unknown): string {
  const object = (payload as { data?: { object?: { last_payment_error?: { message?: unknown } } } })?.data
    ?.object;
  const message = object?.last_payment_error?.message;
  return typeof message === 'string' && message.length > 0 ? message.slice(0, 500) : 'The payment failed';
}

/** What the payment's seller made of it (an order, a seat) is recorded on it: finalised for good. */
function isFinalised(deps: Pick<PaymentsDeps, 'sellers'>, payment: PaymentRow): boolean {
  return payment[sellerOf(deps.sellers, payment.seller).recordColumn] !== null;
}

/**
 * A processor's webhook: verified on the raw body, recorded once (a redelivered event id answers
 * 200 and does nothing), its effect decided in the same transaction: a succeeded payment queues
 * the finalisation job (the answer never waits for the seller) unless the payment was finalised
 * already, a failure or a refund is recorded.
 */
export async function receiveWebhook(
  deps: PaymentsDeps,
  provider: PaymentProvider | null,
  rawBody: Buffer,
  signature: string | undefined,
  notConfigured: string,
): Promise<{ received: true; duplicate: boolean }> {
  if (!provider) throw badRequest(notConfigured);
  let event: ProviderEvent;
  let payload: unknown;
  try {
    event = await provider.parseWebhook(rawBody, signature);
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
      throw badRequest(error instanceof WebhookSignatureError ? error.message : 'The webhook is not JSON');
    }
    throw error;
  }

  // The common case in one statement: a payment's success, heard after the buyer's order call
  // finalised it. Finalised is for good (what the seller made stays recorded), so it is read
  // outside the transaction, and the event is recorded as processed as it is inserted.
  if (event.outcome === 'succeeded' && event.paymentId) {
    const payment = await getPayment(deps, event.paymentId);
    if (
      payment &&
      payment.provider === provider.name &&
      (event.reference === null || payment.providerReference === event.reference) &&
      isFinalised(deps, payment)
    ) {
      const fresh = await recordEvent(deps.db, {
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        payload,
        processed: true,
      });
      return { received: true, duplicate: !fresh };
    }
  }

  const recorded = await deps.db.transaction().execute(async (trx) => {
    if (
      !(await recordEvent(trx, { provider: provider.name, eventId: event.id, type: event.type, payload }))
    ) {
      return false;
    }
    const byId = event.paymentId ? await getPayment({ db: trx }, event.paymentId) : undefined;
    const payment =
      byId && byId.provider === provider.name
        ? byId
        : event.reference
          ? await getPaymentByReference({ db: trx }, { provider: provider.name, reference: event.reference })
          : undefined;
    if (!payment || (event.reference !== null && payment.providerReference !== event.reference)) {
      await markEventProcessed(trx, provider.name, event.id);
      return true;
    }
    switch (event.outcome) {
      case 'succeeded':
        // Finalised meanwhile (see above): what the seller made, or the refund it needed, is on
        // the payment, and a job would only ask the processor and the seller again to find the same.
        if (isFinalised(deps, payment)) break;
        await deps.jobs.enqueue(trx, FINALISE_PAYMENT_QUEUE, {
          paymentId: payment.id,
          provider: provider.name,
          eventId: event.id,
        });
        return true;
      case 'failed':
        await markPaymentFailed({ db: trx }, payment.id, failureMessageOf(payload));
        break;
      case 'refunded':
        await changePayment({ db: trx }, payment.id, {
          status: 'refunded',
          refundStatus: 'refunded',
          refundedAt: new Date(),
        });
        break;
      case 'other':
        break;
    }
    await markEventProcessed(trx, provider.name, event.id);
    return true;
  });
  return { received: true, duplicate: !recorded };
}

/** A webhook event's effect is done (the finalisation job it queued has finished). */
export async function markWebhookProcessed(
  deps: Pick<PaymentsDeps, 'db'>,
  input: { provider: string; eventId: string },
): Promise<void> {
  await markEventProcessed(deps.db, input.provider, input.eventId);
}
