import type { CheckoutConfig } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import type { CryptoProvider } from '@jesus-walks/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AttemptKeys } from '@/lib/attempt-keys';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { defaultPaymentMethod, type MethodTile, methodTiles } from '../components/payment-method-tiles';
import type { CheckoutContactForm } from '../utils/contact-schema';
import type { IntentFailure, IntentState, PayableIntent, ReplacedPayment } from '../utils/payment-intent';
import { useReleaseOnLeave } from './use-release-on-leave';

/** What an intent is asked for (the cart and its shipping, or the seat's payer), with the method. */
interface WithPaymentMethod {
  paymentMethod: PaymentMethod;
}

/** What is being bought, as the checkout asks for its intent: the shop's cart or a walk's seat. */
export interface IntentCall<R extends WithPaymentMethod, I extends PayableIntent> {
  /** What an intent was made for, as text: a new intent is asked when it changes. */
  keyOf: (request: R) => string;
  /** The seller's intent call; `replaces` is the checkout's previous payment, which the new one replaces. */
  create: (request: R, replaces: ReplacedPayment | undefined, idempotencyKey: string) => Promise<I>;
  /** Why no intent could be made, as the payment step says it. */
  failure: (error: unknown, request: R) => IntentFailure;
}

interface PaymentIntentOptions<R extends WithPaymentMethod, I extends PayableIntent> {
  config: CheckoutConfig;
  intentCall: IntentCall<R, I>;
  /**
   * How a paid intent becomes what was bought (the cart's order, the seat's registration): null
   * when done, else the message shown (a retry then only finalises again).
   */
  finalise: (intent: I, contact: CheckoutContactForm) => Promise<string | null>;
  /** The request for a payment method from what the checkout knows now; null while it cannot ask yet. */
  requestFor: (paymentMethod: PaymentMethod) => R | null;
  /** Follows the request as it changes outside the checkout's own steps (the cart, in another tab). */
  follow: boolean;
}

/** The checkout's intent, as the payment step uses it. */
export interface PaymentIntent<I extends PayableIntent> {
  /** The six tiles from the server's configuration. */
  tiles: MethodTile[];
  /** The chosen method; null when none can be used. */
  paymentMethod: PaymentMethod | null;
  /** Another method: its intent is asked for. */
  choose: (method: PaymentMethod) => void;
  /** The intent ('Payment system not ready' when no method can be used). */
  state: IntentState<I>;
  /** Asks again after a failure. */
  retry: () => void;
  /**
   * Payments that succeeded: a retry after a failed finalisation only finalises again, and a paid
   * intent is never replaced nor released.
   */
  paid: Set<string>;
  /**
   * A payment is under way (a card being confirmed, a processor's page, a crypto charge started):
   * its hold is kept while it is, even if the page is left.
   */
  setPaying: (paying: boolean) => void;
  finalise: (intent: I, contact: CheckoutContactForm) => Promise<string | null>;
  stripePublishableKey: string | null;
  /** The crypto providers the server offers (stripe, coinbase). */
  cryptoProviders: readonly CryptoProvider[];
}

/** The checkout's intent, as its flow uses it: the payment step's, and asking for one. */
export interface CheckoutIntent<R extends WithPaymentMethod, I extends PayableIntent>
  extends PaymentIntent<I> {
  /** Asks for an intent for the chosen method (nothing when no method can be used). */
  ask: (requestFor: (paymentMethod: PaymentMethod) => R) => void;
}

const NOT_READY = {
  status: 'failed',
  intent: null,
  failure: { kind: 'error', message: 'Payment system not ready' },
} as const satisfies IntentState<PayableIntent>;

/**
 * The checkout's intent, the same for the shop and for a paid walk: created for what is bought
 * and the chosen method (one Idempotency-Key per attempt), made again when either changes (the
 * new one replaces, and so releases, the previous one), a failure kept to show with a retry
 * (the cart's 409 cart_changed among them), and the hold given back when the buyer leaves unpaid
 * (useReleaseOnLeave). An intent that was paid is only finalised.
 */
export function usePaymentIntent<R extends WithPaymentMethod, I extends PayableIntent>({
  config,
  intentCall,
  finalise,
  requestFor,
  follow,
}: PaymentIntentOptions<R, I>): CheckoutIntent<R, I> {
  const tiles = useMemo(() => methodTiles(config.methods), [config.methods]);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(() => defaultPaymentMethod(tiles));
  const [state, setState] = useState<IntentState<I>>({ status: 'pending', intent: null });
  const createIntent = useMutation({
    mutationFn: (input: { request: R; replaces: ReplacedPayment | undefined; idempotencyKey: string }) =>
      intentCall.create(input.request, input.replaces, input.idempotencyKey),
  });
  const attempts = useRef(new AttemptKeys(newIdempotencyKey));
  /** The last intent the server made: a new one for the same checkout replaces (releases) it. */
  const lastPayment = useRef<ReplacedPayment | undefined>(undefined);
  const requested = useRef<string | null>(null);
  /** The latest request sent, and its Idempotency-Key: an answer to an older one is superseded. */
  const latest = useRef({ sequence: 0, idempotencyKey: '' });
  const paid = useRef(new Set<string>());
  const paying = useRef(false);
  // Leaving the checkout unpaid (another page, the cart emptied, the tab closed) gives its hold back.
  const leave = useReleaseOnLeave(
    state.status === 'ready'
      ? { paymentId: state.intent.paymentId, paymentSecret: state.intent.paymentSecret }
      : null,
    {
      isPaid: (paymentId) => paid.current.has(paymentId),
      isPaying: () => paying.current,
      onReturn: () => askAgain(),
    },
  );

  function request(next: R, force = false) {
    if (state.status === 'ready' && paid.current.has(state.intent.paymentId)) return;
    const key = intentCall.keyOf(next);
    if (!force && requested.current === key && state.status !== 'failed') return;
    requested.current = key;
    setState({ status: 'pending', intent: null });
    const idempotencyKey = attempts.current.keyFor(key);
    const sequence = latest.current.sequence + 1;
    latest.current = { sequence, idempotencyKey };
    // mutateAsync, not mutate's callbacks: those run only for the latest call and only while the
    // checkout is mounted, so an intent answered after the buyer left, or after a newer request,
    // would keep its hold until it lapsed.
    createIntent.mutateAsync({ request: next, replaces: lastPayment.current, idempotencyKey }).then(
      (answer) => {
        attempts.current.settle();
        // The buyer left while it was being made: it goes back at once.
        if (leave.releaseIfLeft(answer)) return;
        if (sequence !== latest.current.sequence) {
          // A newer request went out before this answer and could not name it as replaced: it
          // goes back now, unless the newer one is the same attempt (its key answers this payment).
          if (idempotencyKey !== latest.current.idempotencyKey) leave.release(answer);
          return;
        }
        lastPayment.current = answer;
        setState({ status: 'ready', intent: answer });
      },
      (error: unknown) => {
        attempts.current.settle(error);
        if (sequence !== latest.current.sequence) return;
        setState({ status: 'failed', intent: null, failure: intentCall.failure(error, next) });
      },
    );
  }

  /** The same request again, even if unchanged (a retry, or the page back from the back-forward cache). */
  function askAgain() {
    const current = paymentMethod ? requestFor(paymentMethod) : null;
    if (current) request(current, true);
  }

  // What the intent is for changed outside the checkout's own steps (the cart, in another tab).
  useEffect(() => {
    if (!follow || !paymentMethod) return;
    const current = requestFor(paymentMethod);
    if (current && requested.current !== intentCall.keyOf(current)) request(current);
  });

  return {
    tiles,
    paymentMethod,
    choose(method) {
      setPaymentMethod(method);
      const next = requestFor(method);
      if (next) request(next);
    },
    ask(build) {
      if (paymentMethod) request(build(paymentMethod));
    },
    state: paymentMethod ? state : NOT_READY,
    retry: askAgain,
    paid: paid.current,
    setPaying(value) {
      paying.current = value;
    },
    finalise,
    stripePublishableKey: config.stripe.publishableKey,
    cryptoProviders: config.crypto?.providers ?? [],
  };
}
