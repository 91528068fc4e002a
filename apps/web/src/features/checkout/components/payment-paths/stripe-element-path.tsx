import { lazy, Suspense, useCallback, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { StripeConfirm } from '../stripe-payment-element';
import type { PaymentPath } from './payment-path';

// Stripe's React bindings and script loader stay out of every other chunk.
const StripePaymentElement = lazy(() =>
  import('../stripe-payment-element').then((module) => ({ default: module.StripePaymentElement })),
);

const NOT_READY = 'Payment system not ready';

/**
 * Stripe's Payment Element: the Stripe tile when the intent is Stripe's (its keys configured). The
 * browser confirms with Stripe itself, the buyer's contact with it (the receipt's e-mail, the
 * billing details); payments reads it back from the intent.
 */
export function useStripeElementPath(publishableKey: string | null): PaymentPath {
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const onConfirmReady = useCallback((confirm: StripeConfirm | null) => {
    stripeConfirm.current = confirm;
  }, []);
  return {
    render: ({ intent }) =>
      publishableKey ? (
        <Suspense fallback={<Skeleton className="h-40" />}>
          <StripePaymentElement
            publishableKey={publishableKey}
            clientSecret={intent.clientSecret}
            onConfirmReady={onConfirmReady}
          />
        </Suspense>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          {NOT_READY}
        </p>
      ),
    async prepare() {
      if (!stripeConfirm.current) return { error: NOT_READY };
      return {
        async pay(_intent, contact) {
          const confirm = stripeConfirm.current;
          const result = confirm ? await confirm(contact) : { error: NOT_READY };
          return 'error' in result ? { ok: false, error: result.error } : { ok: true };
        },
      };
    },
    blocked: false,
    ownButton: false,
  };
}
