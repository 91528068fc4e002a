import { randomBytes } from 'node:crypto';
import {
  CRYPTO_PAYMENT_EXPIRED,
  type CryptoPaymentBody,
  type CryptoPaymentResult,
  type CryptoProvider,
  type CryptoRate,
  cryptoAmount,
  type SandboxCryptoCharge,
  type VerifyCryptoPaymentBody,
  type VerifyCryptoPaymentResult,
} from '@jesus-walks/contracts/payments';
import { conflict, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import { requirePaymentSecret } from '../payments/payment-secret';
import { fillPaymentContact, getPayment, type PaymentRow, recordContact } from '../payments/payments.service';
import type { CryptoChargeProvider } from '../providers/coinbase/coinbase.provider';
import {
  lockSandboxPaymentIntent,
  SANDBOX_WEBHOOK_QUEUE,
  updateSandboxPaymentIntent,
} from '../providers/sandbox/sandbox.service';
import { paymentIntentEvent } from '../providers/sandbox/sandbox-events';
import {
  type CryptoChargeRow,
  findCharge,
  insertCharge,
  latestChargeOf,
  lockCharge,
  lockOpenChargesOf,
  setChargeStatus,
} from './crypto.repository';
import type { CryptoRates } from './crypto-rates';

/** What the crypto module works with on top of payments' deps. */
export interface CryptoDeps extends PaymentsDeps {
  rates: CryptoRates;
  /** Where Stripe's crypto page sends the buyer back (the checkout). */
  returnUrl: string;
}

/** A sandbox charge can be paid for 30 minutes, like the polling that waits for it (SPEC.md section 9). */
export const SANDBOX_CHARGE_LIFETIME_MS = 30 * 60_000;

export async function exchangeRates(deps: Pick<CryptoDeps, 'rates'>): Promise<CryptoRate[]> {
  return deps.rates.rates();
}

/** Only a crypto checkout's payment that is still open can be paid in crypto. */
async function openCryptoPayment(deps: PaymentsDeps, paymentId: string): Promise<PaymentRow> {
  const payment = await getPayment(deps, paymentId);
  if (!payment) throw notFound('No such payment');
  if (payment.paymentMethod !== 'crypto')
    throw conflict('This checkout was not started for a crypto payment');
  if (payment.orderId !== null || !['pending', 'failed'].includes(payment.status)) {
    throw conflict('This payment is already finalised');
  }
  return payment;
}

const providerNames: Record<CryptoProvider, string> = { stripe: 'Stripe', coinbase: 'Coinbase Commerce' };

/**
 * POST /api/crypto/{provider}/process-payment: a charge for the checkout's quoted total (the
 * client's amount is never charged). In test mode the sandbox's own hosted page; with Coinbase
 * Commerce its charge (made with the checkout's intent) and the chosen coin's address and amount;
 * with Stripe its crypto page, reached by confirming the intent.
 */
export async function processCryptoPayment(
  deps: CryptoDeps,
  provider: CryptoProvider,
  body: CryptoPaymentBody,
): Promise<CryptoPaymentResult> {
  const payment = await openCryptoPayment(deps, body.paymentId);
  if (body.contact) {
    requirePaymentSecret(payment, body.paymentSecret);
    await recordContact(deps, payment.id, {
      ...body.contact,
      email: body.contact.email ?? body.customerEmail,
    });
  } else {
    await fillPaymentContact(deps, payment.id, { customerEmail: body.customerEmail });
  }
  if (payment.provider === 'sandbox') return sandboxCharge(deps, payment, provider, body);
  if (payment.provider !== provider) {
    throw conflict(`${providerNames[provider]} is not available for crypto payments here`);
  }
  try {
    if (provider === 'coinbase') {
      const coinbase = deps.providers.byName('coinbase') as CryptoChargeProvider;
      const details = await coinbase.chargeDetails(payment.providerReference, body.cryptocurrency);
      return {
        success: true,
        paymentId: payment.id,
        paymentUrl: details.paymentUrl,
        ...(details.walletAddress ? { walletAddress: details.walletAddress } : {}),
        ...(details.cryptoAmount ? { cryptoAmount: details.cryptoAmount } : {}),
      };
    }
    const stripe = deps.providers.byName('stripe');
    const paymentUrl = await stripe.confirmRedirect?.(payment.providerReference, deps.returnUrl);
    if (!paymentUrl) throw new Error('Stripe gave no crypto payment page');
    const rate = await deps.rates.rateOf(body.cryptocurrency);
    return {
      success: true,
      paymentId: payment.id,
      paymentUrl,
      cryptoAmount: cryptoAmount(Number(payment.amount), rate.rate),
    };
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id, provider }, 'could not start a crypto payment');
    throw upstreamUnavailable('The crypto payment processor is not reachable right now. Please try again.');
  }
}

/** Test-mode addresses: shaped like each network's, never real. */
function sandboxAddress(cryptocurrency: string): string {
  const hex = randomBytes(20).toString('hex');
  switch (cryptocurrency) {
    case 'bitcoin':
      return `tb1qsandbox${hex.slice(0, 30)}`;
    case 'litecoin':
      return `tltc1qsandbox${hex.slice(0, 30)}`;
    default:
      return `0x${hex}`;
  }
}

function toView(row: CryptoChargeRow): SandboxCryptoCharge {
  return {
    code: row.code,
    status: row.status,
    provider: row.provider,
    cryptocurrency: row.cryptocurrency as SandboxCryptoCharge['cryptocurrency'],
    cryptoAmount: row.cryptoAmount,
    walletAddress: row.walletAddress,
    amount: Number(row.amount).toFixed(2),
    currency: 'USD',
    expiresAt: row.expiresAt.toISOString(),
  };
}

const sandboxPageOf = (code: string) => `/crypto/sandbox/${encodeURIComponent(code)}`;

/**
 * The sandbox's charge for a crypto checkout: the same open charge for the same coin and provider
 * (a retried call), else a new one (earlier open ones of the payment expire, so only one can be paid).
 */
async function sandboxCharge(
  deps: CryptoDeps,
  payment: PaymentRow,
  provider: CryptoProvider,
  body: CryptoPaymentBody,
): Promise<CryptoPaymentResult> {
  const rate = await deps.rates.rateOf(body.cryptocurrency);
  const charge = await deps.db.transaction().execute(async (trx) => {
    const intent = await lockSandboxPaymentIntent({ db: trx }, payment.providerReference);
    if (!intent) throw notFound('No such payment');
    if (intent.status === 'succeeded') throw conflict('This payment has already been paid');
    if (intent.status === 'canceled') {
      throw conflict('This payment was cancelled (the checkout expired or changed); please check out again');
    }
    const now = Date.now();
    for (const open of await lockOpenChargesOf(trx, payment.id)) {
      if (
        open.provider === provider &&
        open.cryptocurrency === body.cryptocurrency &&
        open.expiresAt.getTime() > now
      ) {
        return open;
      }
      await setChargeStatus(trx, open.code, 'expired');
    }
    return insertCharge(trx, {
      code: `SBX${randomBytes(5).toString('hex').toUpperCase()}`,
      paymentId: payment.id,
      intentId: intent.id,
      provider,
      cryptocurrency: body.cryptocurrency,
      cryptoAmount: cryptoAmount(Number(payment.amount), rate.rate),
      walletAddress: sandboxAddress(body.cryptocurrency),
      amount: payment.amount,
      expiresAt: new Date(now + SANDBOX_CHARGE_LIFETIME_MS),
    });
  });
  return {
    success: true,
    paymentId: payment.id,
    paymentUrl: sandboxPageOf(charge.code),
    walletAddress: charge.walletAddress,
    cryptoAmount: charge.cryptoAmount,
  };
}

/** Marks an open charge expired; its intent records why and the failure travels as a signed event. */
async function expireLocked(
  deps: Pick<PaymentsDeps, 'jobs'>,
  trx: Transaction<PaymentsDatabase>,
  charge: CryptoChargeRow,
): Promise<CryptoChargeRow> {
  await setChargeStatus(trx, charge.code, 'expired');
  const intent = await lockSandboxPaymentIntent({ db: trx }, charge.intentId);
  if (intent && intent.status === 'requires_payment_method') {
    await updateSandboxPaymentIntent(
      { db: trx },
      { id: intent.id, changes: { failureMessage: CRYPTO_PAYMENT_EXPIRED } },
    );
    const event = paymentIntentEvent('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      failureMessage: CRYPTO_PAYMENT_EXPIRED,
      failureCode: 'expired',
    });
    await deps.jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
  }
  return { ...charge, status: 'expired' };
}

/** A charge as its hosted page shows it; one left open past its time expires now. */
export async function sandboxChargeView(deps: PaymentsDeps, code: string): Promise<SandboxCryptoCharge> {
  const charge = await findCharge(deps.db, code);
  if (!charge) throw notFound('No such charge');
  if (charge.status !== 'open' || charge.expiresAt.getTime() > Date.now()) return toView(charge);
  return toView(await settleCharge(deps, code, 'expire'));
}

async function settleCharge(
  deps: PaymentsDeps,
  code: string,
  action: 'complete' | 'expire',
): Promise<CryptoChargeRow> {
  return deps.db.transaction().execute(async (trx) => {
    const charge = await lockCharge(trx, code);
    if (!charge) throw notFound('No such charge');
    const lapsed = charge.status === 'open' && charge.expiresAt.getTime() <= Date.now();
    if (action === 'expire' || lapsed) {
      if (charge.status === 'completed') throw conflict('This charge has already been paid');
      return charge.status === 'open' ? expireLocked(deps, trx, charge) : charge;
    }
    if (charge.status === 'completed') return charge;
    if (charge.status === 'expired') throw conflict('This charge has expired');
    const intent = await lockSandboxPaymentIntent({ db: trx }, charge.intentId);
    if (!intent) throw notFound('No such charge');
    if (intent.status === 'canceled') {
      throw conflict('This payment was cancelled (the checkout expired or changed); please check out again');
    }
    if (intent.status === 'succeeded') throw conflict('This payment has already been paid');
    await updateSandboxPaymentIntent(
      { db: trx },
      { id: intent.id, changes: { status: 'succeeded', failureMessage: null } },
    );
    const event = paymentIntentEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      failureMessage: null,
    });
    await deps.jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
    await setChargeStatus(trx, charge.code, 'completed');
    return { ...charge, status: 'completed' };
  });
}

/**
 * Only the browser that started the checkout settles its charge: it carries the payment's secret
 * (the checkout hands it to the hosted page in the URL's fragment, which is never sent anywhere).
 * Knowing the charge's code, which the page's URL shows, is not enough.
 */
async function requireChargeOwner(deps: PaymentsDeps, code: string, paymentSecret: string): Promise<void> {
  const charge = await findCharge(deps.db, code);
  if (!charge) throw notFound('No such charge');
  const payment = await getPayment(deps, charge.paymentId);
  if (!payment) throw notFound('No such charge');
  requirePaymentSecret(payment, paymentSecret);
}

/** The hosted page's "I have paid": the charge completes and its signed event drives finalisation. */
export async function completeSandboxCharge(
  deps: PaymentsDeps,
  code: string,
  paymentSecret: string,
): Promise<SandboxCryptoCharge> {
  await requireChargeOwner(deps, code, paymentSecret);
  const charge = await settleCharge(deps, code, 'complete');
  if (charge.status === 'expired') throw conflict('This charge has expired');
  return toView(charge);
}

/** The hosted page's "let it expire": no order will be created for this charge. */
export async function expireSandboxCharge(
  deps: PaymentsDeps,
  code: string,
  paymentSecret: string,
): Promise<SandboxCryptoCharge> {
  await requireChargeOwner(deps, code, paymentSecret);
  return toView(await settleCharge(deps, code, 'expire'));
}

/**
 * POST /api/crypto/verify-payment, polled by the browser: the processor's word (never the
 * browser's). success once paid; 'Payment expired' once the charge expired; otherwise still open.
 */
export async function verifyCryptoPayment(
  deps: PaymentsDeps,
  body: VerifyCryptoPaymentBody,
): Promise<VerifyCryptoPaymentResult> {
  const payment = await getPayment(deps, body.paymentId);
  if (payment?.paymentMethod !== 'crypto') throw notFound('No such crypto payment');
  if (payment.provider === 'sandbox') {
    const charge = await latestChargeOf(deps.db, payment.id);
    if (charge && charge.status === 'open' && charge.expiresAt.getTime() <= Date.now()) {
      await settleCharge(deps, charge.code, 'expire');
      return { success: false, error: CRYPTO_PAYMENT_EXPIRED };
    }
    if (charge?.status === 'expired') return { success: false, error: CRYPTO_PAYMENT_EXPIRED };
  }
  let intent: Awaited<ReturnType<ReturnType<PaymentsDeps['providers']['byName']>['retrieveIntent']>>;
  try {
    intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
  } catch (error) {
    deps.logger.warn(
      { err: error, paymentId: payment.id },
      'could not ask the processor about a crypto payment',
    );
    throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
  }
  if (intent.status === 'succeeded') return { success: true };
  if (intent.status === 'canceled') {
    return { success: false, error: intent.failureMessage ?? 'The payment was cancelled' };
  }
  return { success: false };
}
