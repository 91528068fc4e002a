import type { PaymentMethod } from '@jesus-walks/contracts/orders';
import { LoaderCircleIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { getApplePayConfig } from '../api/get-apple-pay-config';
import { getGooglePayConfig } from '../api/get-google-pay-config';
import { processApplePayPayment } from '../api/process-apple-pay-payment';
import { processGooglePayPayment } from '../api/process-google-pay-payment';
import { processSafekeyPayment } from '../api/process-safekey-payment';
import { validateApplePayMerchant } from '../api/validate-apple-pay-merchant';
import { attemptLimitMessage } from '../utils/payment-intent';
import {
  merchantReference,
  SAFEKEY_CHECKOUT_WAIT_MS,
  SAFEKEY_MESSAGES,
  type SafekeyState,
  safekeyInputError,
  wait,
} from '../utils/safekey';
import { payWithApplePay, payWithGooglePay, readyGooglePay, WALLET_MESSAGES } from '../utils/wallets';
import type { MethodTile } from './payment-method-tiles';
import type { PayableIntent } from './payment-step';
import { SafekeyFields } from './safekey-fields';

export type MethodPaymentResult = { ok: true } | { ok: false; error: string | null };

type GooglePayState =
  | { status: 'idle' | 'loading' | 'unavailable' }
  | {
      status: 'ready';
      pay: (amount: string) => ReturnType<typeof payWithGooglePay>;
      config: Awaited<ReturnType<typeof getGooglePayConfig>>;
    };

/** Whether Google Pay can run in this browser: asked once its tile is offered. */
export type GooglePayStatus = GooglePayState['status'];

/** The tile's words while Google's script is asked whether this browser can pay. */
export const GOOGLE_PAY_CHECKING = 'Checking Google Pay...';

const OWN_FLOWS: readonly PaymentMethod[] = ['safekey', 'apple_pay', 'google_pay'];

/**
 * SafeKey, Apple Pay and Google Pay in the payment step: their fields, the check before paying,
 * and the payment itself (the checkout then creates the order as for a card). Apple Pay's and
 * Google Pay's tiles are offered only where they can pay (withDeviceSupport): Google's script is
 * asked as soon as the server offers its tile, so the tile says so before anyone chooses it.
 */
export function useMethodPayment(
  paymentMethod: PaymentMethod | null,
  intent: PayableIntent | null,
  googlePayOffered = false,
) {
  const [safekey, setSafekey] = useState({ mobileNumber: '', cardNumber: '' });
  const [safekeyState, setSafekeyState] = useState<SafekeyState>('idle');
  const [googlePay, setGooglePay] = useState<GooglePayState>({ status: 'idle' });
  const handles = paymentMethod !== null && OWN_FLOWS.includes(paymentMethod);

  // Google's script is loaded once, when the payment step offers its tile.
  const googlePayStarted = useRef(false);
  useEffect(() => {
    if (!googlePayOffered || googlePayStarted.current) return;
    googlePayStarted.current = true;
    setGooglePay({ status: 'loading' });
    void (async () => {
      try {
        const config = await getGooglePayConfig();
        const client = await readyGooglePay(config);
        setGooglePay(
          client
            ? { status: 'ready', config, pay: (amount) => payWithGooglePay(client, config, amount) }
            : { status: 'unavailable' },
        );
      } catch {
        setGooglePay({ status: 'unavailable' });
      }
    })();
  }, [googlePayOffered]);

  /** What stops the payment before anything is sent. */
  function check(): string | null {
    if (paymentMethod === 'safekey') return safekeyInputError(safekey);
    if (paymentMethod === 'google_pay' && googlePay.status !== 'ready')
      return WALLET_MESSAGES.googlePayUnavailable;
    return null;
  }

  async function pay(paying: PayableIntent): Promise<MethodPaymentResult> {
    const base = {
      amount: paying.total,
      currency: 'USD' as const,
      merchantReference: merchantReference(),
      paymentId: paying.paymentId,
      paymentSecret: paying.paymentSecret,
    };
    if (paymentMethod === 'safekey') {
      setSafekeyState('pending');
      try {
        const result = await processSafekeyPayment({ ...base, ...safekey });
        if (!result.success) {
          setSafekeyState('error');
          return { ok: false, error: result.error ?? SAFEKEY_MESSAGES.failed };
        }
        // SPEC.md section 4: after SafeKey accepts, the checkout waits 4 s, then reports success.
        await wait(SAFEKEY_CHECKOUT_WAIT_MS);
        setSafekeyState('success');
        return { ok: true };
      } catch (error) {
        setSafekeyState('error');
        return { ok: false, error: attemptLimitMessage(error) ?? SAFEKEY_MESSAGES.processingFailed };
      }
    }
    if (paymentMethod === 'apple_pay') {
      try {
        const config = await getApplePayConfig();
        const outcome = await payWithApplePay({
          config,
          amount: paying.total,
          validate: (validationURL) =>
            validateApplePayMerchant({ validationURL, domainName: window.location.hostname }),
          charge: async (token) =>
            (await processApplePayPayment({ ...base, description: 'Jesus Walks order', paymentToken: token }))
              .success,
        });
        if (outcome.ok) return { ok: true };
        return {
          ok: false,
          error: outcome.cancelled ? WALLET_MESSAGES.applePayCancelled : WALLET_MESSAGES.applePayFailed,
        };
      } catch (error) {
        return { ok: false, error: attemptLimitMessage(error) ?? WALLET_MESSAGES.applePayFailed };
      }
    }
    if (paymentMethod === 'google_pay') {
      if (googlePay.status !== 'ready') return { ok: false, error: WALLET_MESSAGES.googlePayUnavailable };
      try {
        const outcome = await googlePay.pay(paying.total);
        if (!outcome.ok)
          return { ok: false, error: outcome.cancelled ? null : WALLET_MESSAGES.googlePayFailed };
        const result = await processGooglePayPayment({
          ...base,
          description: 'Jesus Walks order',
          paymentToken: outcome.token,
        });
        return result.success ? { ok: true } : { ok: false, error: WALLET_MESSAGES.googlePayFailed };
      } catch (error) {
        return { ok: false, error: attemptLimitMessage(error) ?? WALLET_MESSAGES.googlePayFailed };
      }
    }
    return { ok: false, error: null };
  }

  let fields: ReactNode = null;
  if (paymentMethod === 'safekey') {
    fields = (
      <SafekeyFields
        {...safekey}
        onChange={setSafekey}
        state={safekeyState}
        testMode={intent?.testMode ?? false}
        disabled={safekeyState === 'pending'}
      />
    );
  } else if (paymentMethod === 'google_pay') {
    fields =
      googlePay.status === 'unavailable' ? (
        <p role="alert" className="text-sm text-destructive" data-testid="google-pay-unavailable">
          {WALLET_MESSAGES.googlePayUnavailable}
        </p>
      ) : googlePay.status === 'ready' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Google's payment sheet opens when you pay.
          {intent?.testMode ? <Badge variant="warning">Test mode</Badge> : null}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          Loading Google Pay...
        </p>
      );
  } else if (paymentMethod === 'apple_pay') {
    fields = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        Apple's payment sheet opens when you pay.
        {intent?.testMode ? <Badge variant="warning">Test mode</Badge> : null}
      </p>
    );
  }

  return {
    handles,
    fields,
    check,
    pay,
    /** The pay button waits (Google Pay loading, or not available here). */
    blocked: paymentMethod === 'google_pay' && googlePay.status !== 'ready',
    busy: safekeyState === 'pending',
    googlePayStatus: googlePay.status,
  };
}

/**
 * The wallets are offered only where they can pay; elsewhere their tiles say so before anyone
 * chooses them (never a tile that says it only once chosen, never a dead button): Apple Pay where
 * the device can make payments, Google Pay once Google's script says this browser can pay.
 */
export function withDeviceSupport(
  tiles: readonly MethodTile[],
  device: { canMakeApplePayments: boolean; googlePay: GooglePayStatus },
): MethodTile[] {
  return tiles.map((tile) => {
    if (!tile.available) return tile;
    if (tile.method === 'apple_pay' && !device.canMakeApplePayments) {
      return { ...tile, available: false, testMode: false, reason: WALLET_MESSAGES.applePayUnavailable };
    }
    if (tile.method === 'google_pay' && device.googlePay !== 'ready') {
      const reason =
        device.googlePay === 'unavailable' ? WALLET_MESSAGES.googlePayUnavailable : GOOGLE_PAY_CHECKING;
      return { ...tile, available: false, testMode: false, reason };
    }
    return tile;
  });
}
