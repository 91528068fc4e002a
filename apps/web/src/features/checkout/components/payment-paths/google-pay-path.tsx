import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { getGooglePayConfig } from '../../api/get-google-pay-config';
import { processGooglePayPayment } from '../../api/process-google-pay-payment';
import { attemptLimitMessage } from '../../utils/payment-intent';
import { type GooglePayStatus, payWithGooglePay, readyGooglePay, WALLET_MESSAGES } from '../../utils/wallets';
import { type PaymentPath, paymentReference, rethrowContactRefusal } from './payment-path';

type GooglePayState =
  | { status: Exclude<GooglePayStatus, 'ready'> }
  | {
      status: 'ready';
      pay: (amount: string) => ReturnType<typeof payWithGooglePay>;
      config: Awaited<ReturnType<typeof getGooglePayConfig>>;
    };

/**
 * Google Pay: Google's payment sheet, its token charged for the quoted total. Google's script is
 * asked as soon as the server offers the tile (`offered`), not once it is chosen, so the tile can
 * say before anyone chooses it whether this browser can pay (withDeviceSupport reads `status`).
 */
export function useGooglePayPath(offered: boolean): PaymentPath & { status: GooglePayStatus } {
  const [googlePay, setGooglePay] = useState<GooglePayState>({ status: 'idle' });

  // Google's script is loaded once, when the payment step offers its tile.
  const started = useRef(false);
  useEffect(() => {
    if (!offered || started.current) return;
    started.current = true;
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
  }, [offered]);

  return {
    status: googlePay.status,
    render: ({ intent }) =>
      googlePay.status === 'unavailable' ? (
        <p role="alert" className="text-sm text-destructive" data-testid="google-pay-unavailable">
          {WALLET_MESSAGES.googlePayUnavailable}
        </p>
      ) : googlePay.status === 'ready' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Google's payment sheet opens when you pay.
          {intent.testMode ? <Badge variant="warning">Test mode</Badge> : null}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          Loading Google Pay...
        </p>
      ),
    async prepare() {
      if (googlePay.status !== 'ready') return { error: WALLET_MESSAGES.googlePayUnavailable };
      const ready = googlePay;
      return {
        async pay(intent, contact) {
          const reference = paymentReference(intent);
          try {
            const outcome = await ready.pay(intent.total);
            if (!outcome.ok)
              return { ok: false, error: outcome.cancelled ? null : WALLET_MESSAGES.googlePayFailed };
            const result = await processGooglePayPayment({
              ...reference,
              description: 'Jesus Walks order',
              paymentToken: outcome.token,
              contact,
            });
            return result.success ? { ok: true } : { ok: false, error: WALLET_MESSAGES.googlePayFailed };
          } catch (error) {
            rethrowContactRefusal(error);
            return { ok: false, error: attemptLimitMessage(error) ?? WALLET_MESSAGES.googlePayFailed };
          }
        },
      };
    },
    // The pay button waits while Google's script is asked, and stays off where it cannot pay.
    blocked: googlePay.status !== 'ready',
    ownButton: false,
  };
}
