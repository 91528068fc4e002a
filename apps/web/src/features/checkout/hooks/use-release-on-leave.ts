import { useCallback, useEffect, useRef } from 'react';
import { releaseCheckout } from '../api/release-checkout';

/** What the browser needs to give a checkout's hold back: its payment and its own secret for it. */
export interface OpenPayment {
  paymentId: string;
  paymentSecret: string;
}

export interface ReleaseOnLeaveOptions {
  /** A payment that succeeded: it becomes its order, never released. */
  isPaid: (paymentId: string) => boolean;
  /** A payment under way (a card being confirmed, a 3-D Secure page, a crypto charge): kept. */
  isPaying: () => boolean;
  /** The page came back from the back-forward cache after its hold was given back: ask again. */
  onReturn: () => void;
}

/**
 * Gives the checkout's hold on the stock (or a walk's seat) back as soon as the browser leaves it
 * without paying, instead of when the hold lapses minutes later: when the checkout goes away in the
 * app (another page, the cart emptied in another tab) and when the page itself is left or closed
 * (pagehide, sent with keepalive). A paid payment, or one being paid, is never released. Answers
 * `releaseIfLeft`, for an intent the server made after the checkout was left, and `release`, for
 * one nothing will replace (its request was superseded before it was answered).
 */
export function useReleaseOnLeave(
  open: OpenPayment | null,
  options: ReleaseOnLeaveOptions,
): {
  releaseIfLeft: (payment: OpenPayment) => boolean;
  release: (payment: OpenPayment) => boolean;
} {
  const latest = useRef(open);
  latest.current = open;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const released = useRef(new Set<string>());
  const left = useRef(false);
  const releasedOnHide = useRef(false);

  const release = useCallback((payment: OpenPayment | null): boolean => {
    const { isPaid, isPaying } = optionsRef.current;
    if (!payment || released.current.has(payment.paymentId)) return false;
    if (isPaid(payment.paymentId) || isPaying()) return false;
    released.current.add(payment.paymentId);
    // Nothing to tell the buyer: if it does not go through, the hold lapses by itself.
    releaseCheckout({ paymentId: payment.paymentId, paymentSecret: payment.paymentSecret }).catch(() => {});
    return true;
  }, []);

  useEffect(() => {
    left.current = false;
    const onPageHide = () => {
      if (release(latest.current)) releasedOnHide.current = true;
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !releasedOnHide.current) return;
      releasedOnHide.current = false;
      optionsRef.current.onReturn();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      left.current = true;
      release(latest.current);
    };
  }, [release]);

  const releaseIfLeft = useCallback(
    (payment: OpenPayment) => (left.current ? release(payment) || true : false),
    [release],
  );
  return { releaseIfLeft, release };
}
