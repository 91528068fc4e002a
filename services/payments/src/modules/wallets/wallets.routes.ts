import { walletRoutes } from '@jesus-walks/contracts/payments';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../deps';
import {
  applePayConfig,
  googlePayConfig,
  processWalletPayment,
  validateApplePayMerchant,
  type WalletSettings,
} from './wallets.service';

/** Apple Pay and Google Pay: their settings, Apple's merchant validation, and the token charges. */
export function registerWalletRoutes(app: ServiceApp, payments: PaymentsDeps, wallets: WalletSettings): void {
  const deps = { ...payments, wallets };
  registerRoute(app, walletRoutes.applePayConfig, async () => applePayConfig(deps));
  registerRoute(app, walletRoutes.applePayValidateMerchant, async (request) =>
    validateApplePayMerchant(deps, request.body),
  );
  registerRoute(app, walletRoutes.applePayProcessPayment, async (request) =>
    processWalletPayment(deps, 'apple_pay', request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    }),
  );
  registerRoute(app, walletRoutes.googlePayConfig, async () => googlePayConfig(deps));
  registerRoute(app, walletRoutes.googlePayProcessPayment, async (request) =>
    processWalletPayment(deps, 'google_pay', request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    }),
  );
}

/** The wallets' settings from the environment. */
export function walletSettingsOf(env: {
  PUBLIC_ORIGIN: string;
  APPLE_PAY_MERCHANT_ID?: string | undefined;
  APPLE_PAY_CERTIFICATE_PEM?: string | undefined;
  APPLE_PAY_KEY_PEM?: string | undefined;
  APPLE_PAY_DISPLAY_NAME: string;
  GOOGLE_PAY_ENVIRONMENT: 'TEST' | 'PRODUCTION';
  GOOGLE_PAY_MERCHANT_ID?: string | undefined;
  GOOGLE_PAY_MERCHANT_NAME: string;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
}): WalletSettings {
  return {
    applePay:
      env.APPLE_PAY_MERCHANT_ID && env.APPLE_PAY_CERTIFICATE_PEM && env.APPLE_PAY_KEY_PEM
        ? {
            merchantId: env.APPLE_PAY_MERCHANT_ID,
            certificatePem: env.APPLE_PAY_CERTIFICATE_PEM,
            keyPem: env.APPLE_PAY_KEY_PEM,
            displayName: env.APPLE_PAY_DISPLAY_NAME,
          }
        : null,
    applePayDisplayName: env.APPLE_PAY_DISPLAY_NAME,
    domainName: new URL(env.PUBLIC_ORIGIN).hostname,
    googlePay: {
      environment: env.GOOGLE_PAY_ENVIRONMENT,
      merchantId: env.GOOGLE_PAY_MERCHANT_ID ?? null,
      merchantName: env.GOOGLE_PAY_MERCHANT_NAME,
    },
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}
