import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import type { ReactNode } from 'react';
import { contactIssuesOf } from '../../utils/contact-schema';
import type { PayableIntent } from '../../utils/payment-intent';
import { merchantReference } from '../../utils/safekey';

/**
 * One way to pay in the payment step (the sandbox's card form, Stripe's Payment Element, Square's
 * card form, SafeKey, Apple Pay, Google Pay, crypto), behind one interface: what it shows in the
 * payment area, and how it pays an intent. The step chooses one by the selected tile (and, for
 * the card tiles, by the processor that made the intent); the step itself validates the buyer's
 * contact and hands it to the path, which sends it with the call that pays (payments records it
 * on the payment before charging; Stripe's Payment Element gives it to Stripe with the
 * confirmation), and the step finalises the purchase after.
 */
export interface PaymentPath {
  /** The path's part of the payment area, once the intent is ready and not yet paid. */
  render(view: PathView): ReactNode;
  /**
   * Before anything is sent (the contact is valid): how the path will pay, or why it cannot
   * (null: its own fields already say why).
   */
  prepare(): Promise<PreparedPayment>;
  /** The step's pay button waits (Google Pay loading, or not available here). */
  blocked: boolean;
  /** The path pays with its own button (crypto's charge): the step's pay button is not shown. */
  ownButton: boolean;
}

interface PathView {
  intent: PayableIntent;
  /** A payment is under way, or the tile cannot be used. */
  disabled: boolean;
}

/** A path's payment: paid, or the message to show (null: nothing to say, e.g. a closed payment sheet). */
export type PathResult = { ok: true } | { ok: false; error: string | null };

/**
 * `pay` sends the contact with the payment. A 400 that refused the contact is thrown, never
 * answered as a PathResult (rethrowContactRefusal): the step shows its issues on the contact's fields.
 */
export type PreparedPayment =
  | { pay: (intent: PayableIntent, contact: PaymentContact) => Promise<PathResult> }
  | { error: string | null };

/** In a path's catch: a refused contact goes on to the step, which shows it on the contact's fields. */
export function rethrowContactRefusal(error: unknown): void {
  if (contactIssuesOf(error).length > 0) throw error;
}

/** What SafeKey and the wallets send with every payment: the quoted total and the payment it pays. */
export function paymentReference(intent: PayableIntent) {
  return {
    amount: intent.total,
    currency: 'USD' as const,
    merchantReference: merchantReference(),
    paymentId: intent.paymentId,
    paymentSecret: intent.paymentSecret,
  };
}
