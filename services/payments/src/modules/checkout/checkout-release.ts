import type { ReleaseCheckoutBody, ReleaseCheckoutResult } from '@jesus-walks/contracts/checkout';
import { notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { requirePaymentSecret, WRONG_PAYMENT_SECRET } from '../payments/payment-secret';
import { cancelPayment, getPayment } from '../payments/payments.service';

/**
 * POST /api/checkout/release: the browser left its checkout or emptied its cart before paying. Its
 * open payment is cancelled (its intent too, where the processor can) and the seller gives the
 * stock or the seat back at once, instead of when the hold lapses. Only the browser that started
 * the payment may (its payment secret; a payment that does not exist answers the same 404). A
 * payment paid meanwhile, or being paid, or already closed, is left as it is: released false.
 */
export async function releaseCheckout(
  deps: PaymentsDeps,
  body: ReleaseCheckoutBody,
  requestId?: string,
): Promise<ReleaseCheckoutResult> {
  const payment = await getPayment(deps, body.paymentId);
  if (!payment) throw notFound(WRONG_PAYMENT_SECRET);
  requirePaymentSecret(payment, body.paymentSecret);
  if (payment.orderId !== null || (payment.status !== 'pending' && payment.status !== 'failed')) {
    return { released: false };
  }
  let status: string;
  try {
    status = (await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference)).status;
  } catch (error) {
    deps.logger.warn(
      { err: error, paymentId: payment.id },
      'could not ask the processor about a left checkout',
    );
    throw upstreamUnavailable('The payment processor is not reachable right now; the hold lapses by itself.');
  }
  // Paid, or being paid: finalisation turns it into its order, never a release.
  if (status === 'succeeded' || status === 'processing') return { released: false };
  const released = await cancelPayment(deps, payment, 'The buyer left the checkout before paying', {
    release: true,
    ...(requestId ? { requestId } : {}),
  });
  return { released };
}
