import type { ApplePayConfig, GooglePayConfigResponse } from '@jesus-walks/contracts/payments';

export const WALLET_MESSAGES = {
  applePayUnavailable: 'Apple Pay is not available on this device',
  applePayCancelled: 'Apple Pay payment was cancelled',
  applePayFailed: 'Apple Pay payment failed',
  googlePayUnavailable: 'Google Pay is not available',
  googlePayFailed: 'Google Pay payment failed',
} as const;

// --- Apple Pay (Safari's ApplePaySession; no script to load) ---

interface ApplePayPaymentLike {
  token: unknown;
}

export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: ApplePayPaymentLike }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}

interface ApplePaySessionConstructor {
  new (version: number, request: unknown): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

function applePaySession(): ApplePaySessionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;
}

/** Safari on a device with a card in Wallet: `window.ApplePaySession?.canMakePayments()`. */
export function canMakeApplePayments(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    return false;
  }
}

export type WalletOutcome = { ok: true; token: unknown } | { ok: false; cancelled: boolean; error?: string };

/**
 * Runs Apple's payment sheet for the amount: the merchant validated through our server
 * (validate), the token handed to `charge`, whose answer completes the sheet.
 */
export function payWithApplePay(input: {
  config: ApplePayConfig;
  amount: string;
  validate: (validationURL: string) => Promise<unknown>;
  charge: (token: unknown) => Promise<boolean>;
}): Promise<{ ok: true } | { ok: false; cancelled: boolean }> {
  const Session = applePaySession();
  if (!Session) return Promise.resolve({ ok: false, cancelled: false });
  return new Promise((resolve) => {
    const session = new Session(3, {
      countryCode: input.config.countryCode,
      currencyCode: 'USD',
      supportedNetworks: input.config.supportedNetworks,
      merchantCapabilities: ['supports3DS'],
      total: { label: input.config.merchantName, amount: input.amount },
    });
    session.onvalidatemerchant = (event) => {
      input.validate(event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        () => {
          session.abort();
          resolve({ ok: false, cancelled: false });
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      input.charge(event.payment.token).then(
        (paid) => {
          session.completePayment(paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
          resolve(paid ? { ok: true } : { ok: false, cancelled: false });
        },
        () => {
          session.completePayment(Session.STATUS_FAILURE);
          resolve({ ok: false, cancelled: false });
        },
      );
    };
    session.oncancel = () => resolve({ ok: false, cancelled: true });
    session.begin();
  });
}

// --- Google Pay (pay.js, loaded as soon as the payment step offers its tile) ---

/** Whether Google Pay can run in this browser: idle until its tile is offered, then asked once. */
export type GooglePayStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';
/** No answer from Google's script in this time: 'Google Pay is not available' (headless, offline). */
export const GOOGLE_PAY_LOAD_TIMEOUT_MS = 5000;

interface GooglePaymentsClient {
  isReadyToPay(request: unknown): Promise<{ result: boolean }>;
  loadPaymentData(request: unknown): Promise<unknown>;
}

interface GooglePayApi {
  payments: { api: { PaymentsClient: new (options: { environment: string }) => GooglePaymentsClient } };
}

let googlePayScript: Promise<GooglePayApi> | null = null;

/** Loads pay.js once; rejects when it fails or takes longer than the timeout (tried again next time). */
export function loadGooglePay(timeoutMs = GOOGLE_PAY_LOAD_TIMEOUT_MS): Promise<GooglePayApi> {
  const loaded = (window as unknown as { google?: Partial<GooglePayApi> }).google;
  if (loaded?.payments) return Promise.resolve(loaded as GooglePayApi);
  googlePayScript ??= new Promise<GooglePayApi>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(new Error('Google Pay script load timeout')), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      googlePayScript = null;
      reject(error);
    }
    script.src = GOOGLE_PAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const google = (window as unknown as { google?: Partial<GooglePayApi> }).google;
      if (google?.payments) resolve(google as GooglePayApi);
      else fail(new Error('Google Pay script loaded without its API'));
    };
    script.onerror = () => fail(new Error('Google Pay script failed to load'));
    document.head.append(script);
  });
  return googlePayScript;
}

function cardMethod(config: GooglePayConfigResponse) {
  return {
    type: 'CARD',
    parameters: {
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: config.supportedNetworks,
    },
    tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: config.tokenizationParameters },
  };
}

/** A Google Pay client when Google says this browser can pay; null otherwise. */
export async function readyGooglePay(config: GooglePayConfigResponse): Promise<GooglePaymentsClient | null> {
  const api = await loadGooglePay();
  const client = new api.payments.api.PaymentsClient({ environment: config.environment });
  const ready = await client.isReadyToPay({
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [cardMethod(config)],
  });
  return ready.result ? client : null;
}

/** Google's payment sheet: its PaymentData (the token within), or cancelled. */
export async function payWithGooglePay(
  client: GooglePaymentsClient,
  config: GooglePayConfigResponse,
  amount: string,
): Promise<WalletOutcome> {
  try {
    const paymentData = await client.loadPaymentData({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [cardMethod(config)],
      merchantInfo: {
        merchantName: config.merchantName,
        ...(config.merchantId ? { merchantId: config.merchantId } : {}),
      },
      transactionInfo: {
        totalPriceStatus: 'FINAL',
        totalPrice: amount,
        currencyCode: 'USD',
        countryCode: 'US',
      },
    });
    return { ok: true, token: paymentData };
  } catch (error) {
    const cancelled = (error as { statusCode?: string } | null)?.statusCode === 'CANCELED';
    return { ok: false, cancelled };
  }
}
