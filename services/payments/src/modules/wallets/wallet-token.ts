import { badRequest } from '@jesus-walks/service-kit/errors';
import type { WalletToken } from '../providers/provider';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * The browser's paymentToken as the card processor takes it:
 * - a string: a processor token (tok_...) or a test token;
 * - Google Pay's PaymentData (or its paymentMethodData): tokenizationData.token, which is Stripe's
 *   token JSON through Stripe's gateway ({"id": "tok_..."}) or Google's TEST 'example' token;
 * - Apple Pay's ApplePayPayment (or its token): paymentData, paymentMethod and transactionIdentifier.
 */
export function readWalletToken(paymentToken: unknown): WalletToken {
  if (typeof paymentToken === 'string' && paymentToken.trim() !== '') {
    return { kind: 'card_token', id: paymentToken.trim() };
  }
  if (isObject(paymentToken)) {
    const methodData = isObject(paymentToken.paymentMethodData)
      ? paymentToken.paymentMethodData
      : paymentToken;
    if (isObject(methodData.tokenizationData) && typeof methodData.tokenizationData.token === 'string') {
      const raw = methodData.tokenizationData.token;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isObject(parsed) && typeof parsed.id === 'string') return { kind: 'card_token', id: parsed.id };
      } catch {
        // Not JSON: the gateway's token as it is (Google's TEST 'example' gateway).
      }
      return { kind: 'card_token', id: raw };
    }
    const applePay = isObject(paymentToken.token) ? paymentToken.token : paymentToken;
    if (applePay.paymentData !== undefined) {
      const method = isObject(applePay.paymentMethod) ? applePay.paymentMethod : {};
      return {
        kind: 'apple_pay',
        paymentData: applePay.paymentData,
        network: typeof method.network === 'string' ? method.network : null,
        displayName: typeof method.displayName === 'string' ? method.displayName : null,
        transactionIdentifier:
          typeof applePay.transactionIdentifier === 'string' ? applePay.transactionIdentifier : null,
      };
    }
  }
  throw badRequest('The payment token is not one a wallet makes', [
    { path: ['body', 'paymentToken'], message: 'Unreadable payment token' },
  ]);
}
