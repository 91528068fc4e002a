import type { PaymentsDeps } from '../../deps';
import { FINALISE_PAYMENT_QUEUE } from '../finalisation/finalisation.service';
import { cancelPayment, expiredOpenPayments } from '../payments/payments.service';

/** Cancels payments left open past their quote's reservation, and releases the quotes. */
export const EXPIRE_PAYMENTS_JOB = 'expire-payments';
/** Every five minutes: a payment is cancelled at most 5 minutes after its reservation lapsed. */
export const EXPIRE_PAYMENTS_CRON = '*/5 * * * *';
const BATCH = 50;

/**
 * One pass: every open payment whose quote expired is asked of its processor first; one that was
 * paid after all is finalised (a late payment: fulfilled if the stock is there, else refunded),
 * the others are cancelled (their intent too, where the processor can) and their quote released.
 */
export async function expireOpenPayments(
  deps: PaymentsDeps,
): Promise<{ cancelled: number; finalising: number }> {
  let cancelled = 0;
  let finalising = 0;
  for (const payment of await expiredOpenPayments(deps, BATCH)) {
    try {
      const intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
      if (intent.status === 'succeeded') {
        await deps.jobs.enqueue(
          deps.db,
          FINALISE_PAYMENT_QUEUE,
          { paymentId: payment.id },
          { singletonKey: `expired:${payment.id}` },
        );
        finalising += 1;
        continue;
      }
      if (await cancelPayment(deps, payment, 'The checkout expired', { release: true })) cancelled += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error, paymentId: payment.id },
        'could not expire a payment; next pass retries',
      );
    }
  }
  return { cancelled, finalising };
}

export function scheduleExpiry(deps: PaymentsDeps): void {
  deps.jobs.work(EXPIRE_PAYMENTS_JOB, () => expireOpenPayments(deps));
  deps.jobs.schedule(EXPIRE_PAYMENTS_JOB, EXPIRE_PAYMENTS_CRON);
}
