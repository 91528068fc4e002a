import type { ReleaseCheckoutBody, ReleaseCheckoutResult } from '@jesus-walks/contracts/checkout';
import { notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { tokensEqual } from '@jesus-walks/service-kit/identity';
import type { PaymentsDeps } from '../../deps';
import { cancelPayment } from './checkout.service';
import { findPayment } from './payments.repository';

/** The same answer for a payment that does not exist and for a wrong secret: nothing is learnt. */
export const NO_SUCH_CHECKOUT = 'No open checkout matches this payment and secret';

/**
 * POST /api/checkout/release: the browser left its checkout or emptied its cart before paying. Its
 * open payment is cancelled (its intent too, where the processor can) and the seller gives the
 * stock or the seat back at once, instead of when the hold lapses. Only the browser that holds the
 * payment's client secret may: the processor's intent is asked for it (it is never stored here).
 * A payment paid meanwhile, or already closed, is left as it is: released false.
 */
export async function releaseCheckout(
  deps: PaymentsDeps,
  body: ReleaseCheckoutBody,
  requestId?: string,
): Promise<ReleaseCheckoutResult> {
  const payment = await findPayment(deps.db, body.paymentId);
  if (!payment) throw notFound(NO_SUCH_CHECKOUT);
  let intent: Awaited<ReturnType<ReturnType<PaymentsDeps['providers']['byName']>['retrieveIntent']>>;
  try {
    intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
  } catch (error) {
    deps.logger.warn(
      { err: error, paymentId: payment.id },
      'could not ask the processor about a left checkout',
    );
    throw upstreamUnavailable('The payment processor is not reachable right now; the hold lapses by itself.');
  }
  if (!tokensEqual(body.clientSecret, intent.clientSecret)) throw notFound(NO_SUCH_CHECKOUT);
  const open = payment.orderId === null && (payment.status === 'pending' || payment.status === 'failed');
  // Paid, or being paid: finalisation turns it into its order, never a release.
  const paying = intent.status === 'succeeded' || intent.status === 'processing';
  if (!open || paying) return { released: false };
  const released = await cancelPayment(deps, payment, 'The buyer left the checkout before paying', {
    release: true,
    ...(requestId ? { requestId } : {}),
  });
  return { released };
}
