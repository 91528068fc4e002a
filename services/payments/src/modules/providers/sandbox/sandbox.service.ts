import {
  CARD_DECLINED,
  INSUFFICIENT_FUNDS,
  type SandboxConfirmBody,
  type SandboxTestPaymentBody,
  type SandboxTestPaymentResult,
} from '@jesus-walks/contracts/checkout';
import { badRequest, conflict, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';
import type { PaymentsDeps } from '../../../deps';
import { attemptPayment } from '../../payment-limits/card-attempts.service';
import type { Payer } from '../../payment-limits/payment-limits.service';
import { sameSecret } from '../../payments/payment-secret';
import { getPayment, recordContact } from '../../payments/payments.service';
import { receiveWebhook } from '../../webhooks/webhooks.service';
import {
  findSandboxIntent,
  lockSandboxIntent,
  updateOpenSandboxIntent,
  updateSandboxIntent,
} from './sandbox.repository';
import { paymentIntentEvent, type SandboxEvent } from './sandbox-events';
import { signSandboxPayload } from './sandbox-signature';

/** The sandbox's event deliveries: one job per event, retried with backoff like a processor would. */
export const SANDBOX_WEBHOOK_QUEUE = 'sandbox-webhook-delivery';

/** The webhook's answer when the sandbox is off (PAYMENTS_SANDBOX=off). */
export const SANDBOX_OFF = 'The sandbox processor is off';

/** The documented test cards (SandboxConfirmBodySchema). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const UNKNOWN_TEST_CARD_MESSAGE =
  'Test mode accepts only the sandbox test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) and 4000 0000 0000 9995 (insufficient funds). No real card is charged.';

type CardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'failed'; code: 'card_declined' | 'insufficient_funds'; message: string };

function outcomeOf(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === SANDBOX_TEST_CARDS.succeeds) return { kind: 'succeeded' };
  if (digits === SANDBOX_TEST_CARDS.declined)
    return { kind: 'failed', code: 'card_declined', message: CARD_DECLINED };
  if (digits === SANDBOX_TEST_CARDS.insufficientFunds) {
    return { kind: 'failed', code: 'insufficient_funds', message: INSUFFICIENT_FUNDS };
  }
  throw new DomainError('card_declined', UNKNOWN_TEST_CARD_MESSAGE);
}

/** 'MM / YY', 'MM/YY' or 'MM/YYYY': 400 when unreadable or in the past (the card's last month counts). */
export function checkExpiry(expiry: string, now: Date = new Date()): void {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  if (!match?.[2] || month < 1 || month > 12) {
    throw badRequest('The expiry date must be MM / YY', [
      { path: ['body', 'expiry'], message: 'Use MM / YY' },
    ]);
  }
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  // Valid through the last day of its month (UTC).
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    throw badRequest('Your card has expired.', [
      { path: ['body', 'expiry'], message: 'Your card has expired.' },
    ]);
  }
}

/**
 * The sandbox intent a client secret belongs to, or none. The secret names its intent
 * (`pi_sandbox_..._secret_...`, like Stripe's), which is read by its id; the secrets themselves are
 * compared in constant time, never by the database's index lookup.
 */
async function intentOfSecret(db: Kysely<PaymentsDatabase>, clientSecret: string) {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const intent = await findSandboxIntent(db, id);
  return intent && sameSecret(clientSecret, intent.clientSecret) ? intent : undefined;
}

/**
 * The card form's confirmation: a test card's outcome, recorded on the intent, with the event a
 * processor would send (payment_intent.succeeded / payment_failed) queued in the same transaction.
 * Only the browser holding the intent's client secret confirms it. A decline answers 402 with the
 * processor's words after the failure is recorded, and counts against the limits on card testing
 * (card-attempts.service.ts), as does a card that is not a test card.
 */
export async function confirmSandboxPayment(
  deps: PaymentsDeps,
  body: SandboxConfirmBody,
  payer: Payer,
): Promise<{ status: 'succeeded'; paymentId: string }> {
  checkExpiry(body.expiry);
  const intent = await intentOfSecret(deps.db, body.clientSecret);
  if (!intent) throw notFound('No payment matches this client secret');
  const payment = (await getPayment(deps, intent.paymentId)) ?? null;
  return attemptPayment(deps, payer, payment, async () => {
    const outcome = outcomeOf(body.cardNumber);
    await deps.db.transaction().execute(async (trx) => {
      // The outcome recorded only on an intent still open: the update's row lock serialises two
      // confirmations, and the second finds it paid.
      const settled = await updateOpenSandboxIntent(
        trx,
        intent.id,
        outcome.kind === 'succeeded'
          ? { status: 'succeeded', failureMessage: null }
          : { failureMessage: outcome.message },
      );
      if (!settled) {
        const current = await findSandboxIntent(trx, intent.id);
        if (!current) throw notFound('No payment matches this client secret');
        if (current.status === 'succeeded') throw conflict('This payment has already been confirmed');
        throw conflict(
          'This payment was cancelled (the checkout expired or changed); please check out again',
        );
      }
      await recordContact({ db: trx }, intent.paymentId, body.contact);
      const event =
        outcome.kind === 'succeeded'
          ? paymentIntentEvent('payment_intent.succeeded', settled)
          : paymentIntentEvent('payment_intent.payment_failed', {
              ...settled,
              status: 'requires_payment_method',
              failureCode: outcome.code,
            });
      await deps.jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
    });
    if (outcome.kind === 'failed') throw new DomainError(outcome.code, outcome.message);
    return { declined: false, value: { status: 'succeeded' as const, paymentId: intent.paymentId } };
  });
}

/**
 * The payment test page's card payment (Stripe's and Square's tiles pay with the sandbox's card
 * form): the test card's outcome, with no checkout behind it, so nothing is charged, held or
 * recorded. A decline is the answer (as for the wallets' test tokens) and counts against the
 * client's limits on card testing like any other; a card that is not a test card is a 402.
 */
export async function sandboxTestPayment(
  deps: PaymentsDeps,
  body: SandboxTestPaymentBody,
  payer: Payer,
): Promise<SandboxTestPaymentResult> {
  checkExpiry(body.expiry);
  return attemptPayment<SandboxTestPaymentResult>(deps, payer, null, async () => {
    const outcome = outcomeOf(body.cardNumber);
    return outcome.kind === 'succeeded'
      ? { declined: false, value: { success: true } }
      : { declined: true, value: { success: false, error: outcome.message } };
  });
}

/**
 * Delivers the sandbox's events, signed at send time, as a processor does: to the webhook's
 * handler in this process (the same signature check and the same path as a processor's POST), or
 * to `url` over HTTP when one is set. A failure, a non-2xx answer or no answer is retried with
 * exponential backoff.
 */
export function workSandboxWebhooks(
  deps: PaymentsDeps,
  options: { url: string | undefined; secret: string; timeoutMs?: number },
): void {
  deps.jobs.work<{ event: SandboxEvent }>(
    SANDBOX_WEBHOOK_QUEUE,
    async (job) => {
      const body = JSON.stringify(job.data.event);
      const signature = signSandboxPayload(body, options.secret);
      if (!options.url) {
        await receiveWebhook(deps, deps.providers.sandbox, Buffer.from(body), signature, SANDBOX_OFF);
        return { delivered: 'in-process' };
      }
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`The webhook endpoint answered ${response.status}`);
      return { delivered: response.status };
    },
    // One at a time, in the order they happened: a payment's events (a decline, then another) are
    // recorded as they came, the last one's words kept.
    { retryLimit: 12, retryDelaySeconds: 2, retryBackoff: true },
  );
}

/*
 * The sandbox's intents as the crypto sandbox's charges settle them, inside the transaction the
 * caller holds ({ db: trx }).
 */

/** A sandbox intent, locked for the rest of the caller's transaction; undefined when there is none. */
export function lockSandboxPaymentIntent(deps: { db: Transaction<PaymentsDatabase> }, intentId: string) {
  return lockSandboxIntent(deps.db, { id: intentId });
}

/** Changes a sandbox intent the caller has locked. */
export function updateSandboxPaymentIntent(
  deps: { db: Transaction<PaymentsDatabase> },
  input: { id: string; changes: Parameters<typeof updateSandboxIntent>[2] },
): Promise<void> {
  return updateSandboxIntent(deps.db, input.id, input.changes);
}
