import { randomUUID } from 'node:crypto';
import { DomainError } from '@jesus-walks/service-kit/errors';
import { clearKeys, countHits } from '@jesus-walks/service-kit/rate-limits';
import type { PaymentsDeps } from '../../deps';
import { cancelPayment, type PaymentRow } from '../payments/payments.service';
import { type AttemptHits, PAYMENT_CLOSED, type Payer, startAttempt } from './payment-limits.service';

/** Recorded on a payment closed by its declines (payments.failure_reason). */
export const CLOSED_AFTER_DECLINES = 'Closed after too many declined attempts';

/** A processor's refusal of the card or token itself (402): a decline, as opposed to any other failure. */
function isDecline(error: unknown): boolean {
  return (
    error instanceof DomainError && (error.code === 'card_declined' || error.code === 'insufficient_funds')
  );
}

/**
 * One attempt to pay with a card or a token (the sandbox's card form, Square, SafeKey, Apple Pay,
 * Google Pay), under the limits against card testing (payment-limits.service.ts): 429 before the
 * processor is asked when the payment, the client's address or the member has no declines left.
 * `run` asks the processor and says whether it declined; a thrown 402 is a decline too. A decline
 * stays counted; the one that uses up the payment's declines closes the payment (its intent
 * cancelled, its hold released) and answers 429 that the buyer must start again. Anything else
 * (paid, refused for another reason, the processor unreachable) is not counted.
 */
export async function attemptPayment<T>(
  deps: PaymentsDeps,
  payer: Payer,
  payment: PaymentRow | null,
  run: () => Promise<{ declined: boolean; value: T }>,
): Promise<T> {
  const hits = await startAttempt(deps, { payer, paymentId: payment?.id ?? null, attemptId: randomUUID() });
  let outcome: { declined: boolean; value: T };
  try {
    outcome = await run();
  } catch (error) {
    if (isDecline(error)) await closeWhenUsedUp(deps, hits, payment);
    else await forget(deps, hits);
    throw error;
  }
  if (outcome.declined) await closeWhenUsedUp(deps, hits, payment);
  else await forget(deps, hits);
  return outcome.value;
}

async function forget(deps: PaymentsDeps, hits: AttemptHits): Promise<void> {
  await clearKeys(deps.db, hits.keys);
}

async function closeWhenUsedUp(
  deps: PaymentsDeps,
  hits: AttemptHits,
  payment: PaymentRow | null,
): Promise<void> {
  if (!payment || !hits.payment) return;
  if ((await countHits(deps.db, hits.payment)) < hits.payment.max) return;
  try {
    await cancelPayment(deps, payment, CLOSED_AFTER_DECLINES, { release: true });
  } catch (error) {
    // Closed all the same: its declines refuse every further attempt, and its hold lapses.
    deps.logger.warn(
      { err: error, paymentId: payment.id },
      'could not cancel a payment closed by its declines',
    );
  }
  throw new DomainError('rate_limited', PAYMENT_CLOSED);
}
