import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useSquareConfig } from '../api/get-square-config';
import { payWithSquare } from '../api/pay-with-square';
import { attemptLimitMessage } from '../utils/payment-intent';
import { loadSquareSdk, SQUARE_SDK_TIMEOUT, type SquareCard } from '../utils/square-sdk';
import { rethrowContactRefusal } from './payment-paths/payment-path';

/**
 * Square's card form (SPEC.md section 4): loads the configuration, loads the Web Payments SDK
 * (sandbox or production), creates the card, ready. Paying tokenizes the card and sends the token
 * with the buyer's contact to payments, which records the contact and charges the card for the
 * quoted total. Only used when Square has keys; without them the Square tile pays on the
 * sandbox's card form.
 */

export type SquareConfirmResult = { status: 'succeeded' } | { error: string };
/** Pays with the card; a refused contact (400) is thrown for the payment step to show. */
export type SquareConfirm = (contact: PaymentContact) => Promise<SquareConfirmResult>;

const CONTAINER_ID = 'square-card-container';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface SquareCardFormProps {
  paymentId: string;
  /** The payment's secret from the intent: only this browser pays it. */
  paymentSecret: string;
  /** Receives the confirm function once the card is ready (null while it is not). */
  onConfirmReady: (confirm: SquareConfirm | null) => void;
}

export function SquareCardForm({ paymentId, paymentSecret, onConfirmReady }: SquareCardFormProps) {
  const config = useSquareConfig();
  const container = useRef<HTMLDivElement>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const data = config.data;

  useEffect(() => {
    if (!data || !container.current) return;
    const target = container.current;
    let card: SquareCard | null = null;
    let cancelled = false;
    setSetupError(null);
    setReady(false);

    async function setUp() {
      if (!data) return;
      let payments: ReturnType<Awaited<ReturnType<typeof loadSquareSdk>>['payments']>;
      try {
        const sdk = await loadSquareSdk(data.environment);
        payments = sdk.payments(data.applicationId, data.locationId);
      } catch (error) {
        const message = messageOf(error);
        throw new Error(message === SQUARE_SDK_TIMEOUT ? message : `Failed to initialize Square: ${message}`);
      }
      try {
        card = await payments.card();
        if (cancelled) return;
        await card.attach(target);
      } catch (error) {
        throw new Error(`Payment form setup failed: ${messageOf(error)}`);
      }
    }

    setUp()
      .then(() => {
        if (cancelled) return;
        setReady(true);
        onConfirmReady(async (contact) => {
          if (!card) return { error: 'Payment form not ready' };
          let token: string | undefined;
          try {
            const result = await card.tokenize();
            token = result.status === 'OK' ? result.token : undefined;
          } catch {
            token = undefined;
          }
          if (!token) return { error: 'Payment validation failed' };
          try {
            await payWithSquare({ paymentId, paymentSecret, sourceId: token, contact });
            return { status: 'succeeded' };
          } catch (error) {
            rethrowContactRefusal(error);
            // A refused card: Square's words; too many declines: the limit's; anything else: the catalogue's message.
            if (error instanceof ApiError && error.status === 402 && error.serverMessage) {
              return { error: error.serverMessage };
            }
            return { error: attemptLimitMessage(error) ?? 'Payment processing failed' };
          }
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) setSetupError(messageOf(error));
      });

    return () => {
      cancelled = true;
      onConfirmReady(null);
      void card?.destroy();
    };
  }, [data, paymentId, paymentSecret, onConfirmReady]);

  if (config.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load payment configuration
      </p>
    );
  }
  return (
    <div className="grid gap-2" data-testid="square-card-form">
      {!ready && !setupError ? <Skeleton className="h-24" /> : null}
      <div id={CONTAINER_ID} ref={container} />
      {setupError ? (
        <p role="alert" className="text-sm text-destructive">
          {setupError}
        </p>
      ) : null}
    </div>
  );
}
