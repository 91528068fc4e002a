import { randomUUID } from 'node:crypto';
import { paymentMethodLabels } from '@jesus-walks/contracts/checkout';
import { toCents } from '@jesus-walks/contracts/money';
import {
  APPLE_PAY_NOT_CONFIGURED,
  type ApplePayConfig,
  type ApplePayValidateMerchantBody,
  type GooglePayConfigResponse,
  type PaymentResult,
  type WalletPaymentBody,
} from '@jesus-walks/contracts/payments';
import {
  badRequest,
  businessRule,
  conflict,
  DomainError,
  notFound,
  upstreamUnavailable,
} from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { attemptPayment } from '../payment-limits/card-attempts.service';
import type { Payer } from '../payment-limits/payment-limits.service';
import { requirePaymentSecret } from '../payments/payment-secret';
import { getPayment, recordContact } from '../payments/payments.service';
import { type ProviderIntent, WalletTokenRefusedError } from '../providers/provider';
import type { MethodAvailability } from '../providers/providers';
import { sandboxWalletTokenOutcome } from '../providers/sandbox/sandbox-wallet';
import {
  type ApplePayMerchantIdentity,
  checkValidationUrl,
  type MerchantConnect,
  requestMerchantSession,
} from './apple-pay-merchant';
import { readWalletToken } from './wallet-token';

export type WalletMethod = 'apple_pay' | 'google_pay';

/** What the wallets need from the environment (app.ts builds it from env.ts). */
export interface WalletSettings {
  /** Set when the merchant identity certificate is configured: merchant validation works. */
  applePay: ApplePayMerchantIdentity | null;
  applePayDisplayName: string;
  /** The domain registered with Apple for this site (PUBLIC_ORIGIN's host). */
  domainName: string;
  googlePay: {
    environment: 'TEST' | 'PRODUCTION';
    merchantId: string | null;
    merchantName: string;
  };
  /** Stripe's publishable key, for Google Pay's Stripe gateway. */
  stripePublishableKey: string | null;
  /** Tests only: the connection to Apple's merchant validation server (a local stand-in). */
  applePayConnect?: MerchantConnect | undefined;
}

type Deps = PaymentsDeps & { wallets: WalletSettings };

function available(
  deps: PaymentsDeps,
  method: WalletMethod,
): Extract<MethodAvailability, { available: true }> {
  const availability = deps.providers.forMethod(method);
  if (!availability.available) throw upstreamUnavailable(availability.reason);
  return availability;
}

export function applePayConfig(deps: Deps): ApplePayConfig {
  available(deps, 'apple_pay');
  return {
    countryCode: 'US',
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantName: deps.wallets.applePayDisplayName,
  };
}

export function googlePayConfig(deps: Deps): GooglePayConfigResponse {
  const availability = available(deps, 'google_pay');
  const { googlePay, stripePublishableKey } = deps.wallets;
  const tokenizationParameters: Record<string, string> =
    availability.processor === 'stripe' && stripePublishableKey
      ? { gateway: 'stripe', 'stripe:version': '2018-10-31', 'stripe:publishableKey': stripePublishableKey }
      : // Google's test gateway: TEST-environment tokens the sandbox processor accepts.
        { gateway: 'example', gatewayMerchantId: 'exampleGatewayMerchantId' };
  return {
    environment: availability.processor === 'sandbox' ? 'TEST' : googlePay.environment,
    supportedNetworks: ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'],
    merchantId: googlePay.merchantId ?? '',
    merchantName: googlePay.merchantName,
    tokenizationParameters,
  };
}

/** POST /api/apple-pay/validate-merchant: Apple's servers only, 503 without a merchant certificate. */
export async function validateApplePayMerchant(
  deps: Deps,
  body: ApplePayValidateMerchantBody,
): Promise<Record<string, unknown>> {
  const identity = deps.wallets.applePay;
  if (!identity) throw upstreamUnavailable(APPLE_PAY_NOT_CONFIGURED);
  const url = checkValidationUrl(body.validationURL);
  // The session is for the domain registered with Apple, whatever the browser says it is.
  if (body.domainName !== deps.wallets.domainName) {
    deps.logger.warn(
      { domainName: body.domainName },
      'Apple Pay merchant validation asked for another domain',
    );
  }
  return requestMerchantSession(identity, url, deps.wallets.domainName, {
    connect: deps.wallets.applePayConnect,
  });
}

/**
 * POST /api/apple-pay/process-payment and /api/google-pay/process-payment: the token charged
 * through the card processor of the payment (Stripe, or the sandbox in test mode) for the quoted
 * total, from the browser that started the payment only (its payment secret). The processor's
 * events finalise it like a card payment; the browser then calls POST /api/orders. A second call
 * for a paid payment answers success without charging again. A declined or refused token counts
 * against the limits on declines (card-attempts.service.ts).
 */
export async function processWalletPayment(
  deps: Deps,
  method: WalletMethod,
  body: WalletPaymentBody,
  payer: Payer,
): Promise<PaymentResult> {
  const label = paymentMethodLabels[method];
  const availability = available(deps, method);
  const token = readWalletToken(body.paymentToken);
  if (!body.paymentId) {
    if (availability.processor !== 'sandbox') {
      throw badRequest(`An ${label} payment needs a checkout: paymentId is required`, [
        { path: ['body', 'paymentId'], message: 'Required' },
      ]);
    }
    return attemptPayment<PaymentResult>(deps, payer, null, async () => {
      const outcome = sandboxWalletTokenOutcome(token);
      return outcome.succeeded
        ? { declined: false, value: { success: true } }
        : { declined: true, value: { success: false, error: outcome.message ?? `${label} payment failed` } };
    });
  }

  const payment = await getPayment(deps, body.paymentId);
  if (!payment) throw notFound('No such payment');
  requirePaymentSecret(payment, body.paymentSecret);
  if (payment.paymentMethod !== method) throw conflict(`This payment was not started for ${label}`);
  if (toCents(body.amount) !== toCents(payment.amount)) {
    throw businessRule(`The amount does not match the order total of $${payment.amount}`);
  }
  const provider = deps.providers.byName(payment.provider);
  if (!provider.confirmWithWalletToken) throw conflict(`This payment's processor takes no ${label} tokens`);
  const confirmWithToken = provider.confirmWithWalletToken.bind(provider);

  const unreachable = (error: unknown) => {
    deps.logger.warn({ err: error, paymentId: payment.id }, `the processor failed an ${label} payment`);
    return upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
  };
  let intent: ProviderIntent;
  try {
    intent = await provider.retrieveIntent(payment.providerReference);
  } catch (error) {
    throw unreachable(error);
  }
  if (intent.status === 'succeeded') return { success: true, paymentId: payment.id };

  return attemptPayment<PaymentResult>(deps, payer, payment, async () => {
    if (intent.status === 'canceled') {
      throw conflict('This payment was cancelled (the checkout expired or changed); please check out again');
    }
    await recordContact(deps, payment.id, body.contact);
    let confirmed: ProviderIntent;
    try {
      confirmed = await confirmWithToken({
        reference: payment.providerReference,
        token,
        idempotencyKey: `wallet:${payment.id}:${randomUUID()}`,
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // A token the processor refuses (used already, expired, not a token) is the buyer's failed
      // payment, answered like a decline; only a processor we cannot reach is a 503.
      if (error instanceof WalletTokenRefusedError) {
        deps.logger.warn({ err: error, paymentId: payment.id }, `the processor refused an ${label} token`);
        return {
          declined: true,
          value: { success: false, paymentId: payment.id, error: `${label} payment failed` },
        };
      }
      throw unreachable(error);
    }
    if (confirmed.status === 'succeeded') {
      return { declined: false, value: { success: true, paymentId: payment.id } };
    }
    return {
      declined: true,
      value: {
        success: false,
        paymentId: payment.id,
        error: confirmed.failureMessage ?? `${label} payment failed`,
      },
    };
  });
}
