import { randomUUID } from 'node:crypto';
import { toCents } from '@jesus-walks/contracts/money';
import {
  type PaymentResult,
  SAFEKEY_NOT_CONFIGURED,
  type SafekeyInitiateBody,
  type SafekeyInitiateResult,
  type SafekeyPaymentBody,
} from '@jesus-walks/contracts/payments';
import {
  badRequest,
  businessRule,
  conflict,
  notFound,
  upstreamUnavailable,
} from '@jesus-walks/service-kit/errors';
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
import type { SafekeyProvider } from './safekey.provider';
import {
  claimSafekeyPayment,
  findSafekeyPayment,
  type SafekeyPaymentRow,
  updateSafekeyPayment,
} from './safekey.repository';

const UNREACHABLE = 'SafeKey is not reachable right now. Please try again.';

function safekeyOf(deps: Pick<PaymentsDeps, 'providers'>): SafekeyProvider {
  const safekey = deps.providers.safekey;
  if (!safekey) throw upstreamUnavailable(SAFEKEY_NOT_CONFIGURED);
  return safekey;
}

/**
 * POST /api/safekey/process-payment. With a paymentId (a checkout), from the browser that started
 * it (its payment secret): SafeKey authorises the payment's quoted total (the body's amount must
 * be it); the row is claimed first and the network is called outside any transaction; an approval
 * is recorded with a finalise-payment job in the same transaction, so the order exists even when
 * the browser never calls POST /api/orders. A decline answers success false with the network's
 * words; the buyer may try again, within the limits on declines (card-attempts.service.ts).
 * Without a paymentId: a test authorisation on the sandbox network only (the payment test page).
 */
export async function processSafekeyPayment(
  deps: PaymentsDeps,
  body: SafekeyPaymentBody,
  payer: Payer,
): Promise<PaymentResult> {
  const safekey = safekeyOf(deps);
  const cardNumber = body.cardNumber.replace(/\D/g, '');
  if (!body.paymentId) {
    if (safekey.network.mode !== 'sandbox') {
      throw badRequest('A SafeKey payment needs a checkout: paymentId is required', [
        { path: ['body', 'paymentId'], message: 'Required' },
      ]);
    }
    return attemptPayment<PaymentResult>(deps, payer, null, async () => {
      const answer = await safekey.network.authorise({
        amountCents: toCents(body.amount),
        currency: 'usd',
        mobileNumber: body.mobileNumber,
        cardNumber,
        merchantReference: body.merchantReference,
        idempotencyKey: `safekey-test:${randomUUID()}`,
      });
      return answer.approved
        ? { declined: false, value: { success: true, authReference: answer.authReference } }
        : { declined: true, value: { success: false, error: answer.message } };
    });
  }

  const payment = await getPayment(deps, body.paymentId);
  if (!payment) throw notFound('No such payment');
  requirePaymentSecret(payment, body.paymentSecret);
  if (payment.provider !== safekey.name) throw conflict('This payment is not a SafeKey payment');
  if (toCents(body.amount) !== toCents(payment.amount)) {
    throw businessRule(`The amount does not match the order total of $${payment.amount}`);
  }
  const row = await findSafekeyPayment(deps.db, payment.providerReference);
  if (!row) throw notFound('No such SafeKey payment');
  if (row.status === 'succeeded') {
    // A second call (a double click, a retry after a lost answer): the payment is already made.
    return {
      success: true,
      paymentId: payment.id,
      ...(row.authReference ? { authReference: row.authReference } : {}),
    };
  }
  return attemptPayment(deps, payer, payment, () => authoriseCheckout(deps, safekey, payment, row, body));
}

/** The network's authorisation of a checkout's payment; a decline is answered, not thrown. */
async function authoriseCheckout(
  deps: PaymentsDeps,
  safekey: SafekeyProvider,
  payment: PaymentRow,
  row: SafekeyPaymentRow,
  body: SafekeyPaymentBody,
): Promise<{ declined: boolean; value: PaymentResult }> {
  const cardNumber = body.cardNumber.replace(/\D/g, '');
  if (row.status === 'canceled') {
    throw conflict('This payment was cancelled (the checkout expired or changed); please check out again');
  }
  await recordContact(deps, payment.id, body.contact);
  if (!(await claimSafekeyPayment(deps.db, row.id))) {
    throw conflict('This payment is already being processed');
  }

  let answer: Awaited<ReturnType<SafekeyProvider['network']['authorise']>>;
  try {
    answer = await safekey.network.authorise({
      amountCents: row.amountCents,
      currency: row.currency,
      mobileNumber: body.mobileNumber,
      cardNumber,
      merchantReference: body.merchantReference,
      idempotencyKey: `authorise:${row.id}:${randomUUID()}`,
    });
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, 'SafeKey did not answer an authorisation');
    await updateSafekeyPayment(deps.db, row.id, { status: 'requires_payment_method' });
    throw upstreamUnavailable(UNREACHABLE);
  }

  if (answer.approved) {
    await deps.db.transaction().execute(async (trx) => {
      await updateSafekeyPayment(trx, row.id, {
        status: 'succeeded',
        authReference: answer.authReference,
        failureMessage: null,
      });
      await deps.jobs.enqueue(
        trx,
        FINALISE_PAYMENT_QUEUE,
        { paymentId: payment.id },
        { singletonKey: `safekey:${payment.id}` },
      );
    });
    return {
      declined: false,
      value: { success: true, paymentId: payment.id, authReference: answer.authReference },
    };
  }
  await updateSafekeyPayment(deps.db, row.id, {
    status: 'requires_payment_method',
    failureMessage: answer.message,
  });
  await markPaymentFailed(deps, payment.id, answer.message);
  return { declined: true, value: { success: false, paymentId: payment.id, error: answer.message } };
}

/** POST /api/safekey/initiate-payment (the payment test page): does the network accept a payment. */
export async function initiateSafekeyPayment(
  deps: PaymentsDeps,
  body: SafekeyInitiateBody,
): Promise<SafekeyInitiateResult> {
  const safekey = safekeyOf(deps);
  try {
    const answer = await safekey.network.initiate({
      amountCents: toCents(body.amount),
      currency: 'usd',
      merchantReference: `TEST-${Date.now()}`,
    });
    return answer.accepted
      ? { success: true }
      : { success: false, error: answer.message ?? 'SafeKey refused' };
  } catch (error) {
    deps.logger.warn({ err: error }, 'SafeKey did not answer an initiation');
    throw upstreamUnavailable(UNREACHABLE);
  }
}
