import { CARD_DECLINED, INSUFFICIENT_FUNDS } from '@jesus-walks/contracts/checkout';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';
import type { ProviderIntent, WalletToken } from '../provider';
import { lockSandboxIntent, updateSandboxIntent } from './sandbox.repository';
import { SANDBOX_WEBHOOK_QUEUE } from './sandbox.service';
import { paymentIntentEvent } from './sandbox-events';

/**
 * The sandbox's wallet tokens (Apple Pay and Google Pay in test mode; no money moves):
 * Stripe's test tokens tok_visa and tok_mastercard and Google Pay's TEST-environment token from
 * its 'example' gateway succeed; tok_chargeDeclined is declined; tok_chargeDeclinedInsufficientFunds
 * fails for insufficient funds. An Apple Pay token (a sandbox tester's card) succeeds: test mode
 * never decrypts it.
 */
export const SANDBOX_WALLET_TOKENS = {
  succeeds: ['tok_visa', 'tok_mastercard', 'examplePaymentMethodToken'],
  declined: 'tok_chargeDeclined',
  insufficientFunds: 'tok_chargeDeclinedInsufficientFunds',
} as const;

export const UNKNOWN_TEST_TOKEN_MESSAGE =
  'Test mode accepts only test wallet tokens: tok_visa (succeeds), tok_chargeDeclined (declined), tok_chargeDeclinedInsufficientFunds (insufficient funds), or a Google Pay TEST token. No real card is charged.';

type TokenOutcome =
  | { kind: 'succeeded' }
  | { kind: 'failed'; code: 'card_declined' | 'insufficient_funds'; message: string };

function outcomeOf(token: WalletToken): TokenOutcome {
  if (token.kind === 'apple_pay') return { kind: 'succeeded' };
  if ((SANDBOX_WALLET_TOKENS.succeeds as readonly string[]).includes(token.id)) return { kind: 'succeeded' };
  if (token.id === SANDBOX_WALLET_TOKENS.insufficientFunds) {
    return { kind: 'failed', code: 'insufficient_funds', message: INSUFFICIENT_FUNDS };
  }
  if (token.id === SANDBOX_WALLET_TOKENS.declined) {
    return { kind: 'failed', code: 'card_declined', message: CARD_DECLINED };
  }
  return { kind: 'failed', code: 'card_declined', message: UNKNOWN_TEST_TOKEN_MESSAGE };
}

/**
 * Confirms a sandbox intent with a wallet token, like the card form's confirmation: the outcome
 * recorded on the intent and the processor's event (succeeded / payment_failed) queued in the same
 * transaction, so the webhook path finalises it. An intent already paid or cancelled is answered as it is.
 */
export async function confirmSandboxWithWalletToken(
  deps: { db: Kysely<PaymentsDatabase>; jobs: JobQueue },
  reference: string,
  token: WalletToken,
): Promise<ProviderIntent> {
  const outcome = outcomeOf(token);
  return deps.db.transaction().execute(async (trx) => {
    const intent = await lockSandboxIntent(trx, { id: reference });
    if (!intent) throw new Error(`No such sandbox payment intent: ${reference}`);
    const answer = (changes: Partial<ProviderIntent>): ProviderIntent => ({
      reference: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      failureMessage: intent.failureMessage,
      ...changes,
    });
    if (intent.status !== 'requires_payment_method') return answer({});
    if (outcome.kind === 'succeeded') {
      await updateSandboxIntent(trx, intent.id, { status: 'succeeded', failureMessage: null });
      const event = paymentIntentEvent('payment_intent.succeeded', {
        ...intent,
        status: 'succeeded',
        failureMessage: null,
      });
      await deps.jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
      return answer({ status: 'succeeded', failureMessage: null });
    }
    await updateSandboxIntent(trx, intent.id, { failureMessage: outcome.message });
    const event = paymentIntentEvent('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      failureMessage: outcome.message,
      failureCode: outcome.code,
    });
    await deps.jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
    return answer({ failureMessage: outcome.message });
  });
}

/** A wallet test payment with no checkout behind it (the payment test page): the token's outcome only. */
export function sandboxWalletTokenOutcome(token: WalletToken): {
  succeeded: boolean;
  message: string | null;
} {
  const outcome = outcomeOf(token);
  return outcome.kind === 'succeeded'
    ? { succeeded: true, message: null }
    : { succeeded: false, message: outcome.message };
}
