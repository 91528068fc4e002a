import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { ConfirmPaymentData, Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect } from 'react';

/**
 * Stripe's Payment Element. This module is loaded lazily, only when the Stripe processor is
 * configured: Stripe's script is fetched from Stripe then, never in the sandbox path.
 */

export type StripeConfirmResult = { status: 'succeeded' } | { error: string };
export type StripeConfirm = (contact: PaymentContact) => Promise<StripeConfirmResult>;

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripePaymentElementProps {
  publishableKey: string;
  clientSecret: string;
  /** Receives the confirm function once Stripe is ready (null while it is not). */
  onConfirmReady: (confirm: StripeConfirm | null) => void;
}

export function StripePaymentElement({
  publishableKey,
  clientSecret,
  onConfirmReady,
}: StripePaymentElementProps) {
  return (
    <Elements
      key={clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#2f5d3a' } } }}
    >
      <ElementWithConfirm onConfirmReady={onConfirmReady} />
    </Elements>
  );
}

function ElementWithConfirm({ onConfirmReady }: Pick<StripePaymentElementProps, 'onConfirmReady'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) {
      onConfirmReady(null);
      return;
    }
    onConfirmReady((contact) =>
      confirmWithStripe(stripe, elements, contact, `${window.location.origin}/order-confirmation`),
    );
    return () => onConfirmReady(null);
  }, [stripe, elements, onConfirmReady]);

  return <PaymentElement options={{ layout: 'tabs' }} />;
}

/**
 * Confirms the intent with Stripe from the Payment Element. The buyer's contact goes with the
 * confirmation (payments has no call of its own for it, and reads it back from the intent): the
 * e-mail as the receipt's (only when given), the name, e-mail and phone as the payment method's
 * billing details. Details the Element collects itself take precedence over these (Stripe.js).
 */
export async function confirmWithStripe(
  stripe: Pick<Stripe, 'confirmPayment'>,
  elements: StripeElements,
  contact: PaymentContact,
  returnUrl: string,
): Promise<StripeConfirmResult> {
  const submitted = await elements.submit();
  if (submitted.error) return { error: submitted.error.message ?? 'Payment validation failed' };
  const result = await stripe.confirmPayment({
    elements,
    redirect: 'if_required',
    confirmParams: stripeConfirmParams(contact, returnUrl),
  });
  if (result.error) return { error: result.error.message ?? 'Payment failed' };
  return result.paymentIntent.status === 'succeeded' ? { status: 'succeeded' } : { error: 'Payment failed' };
}

function stripeConfirmParams(contact: PaymentContact, returnUrl: string): ConfirmPaymentData {
  return {
    return_url: returnUrl,
    ...(contact.email ? { receipt_email: contact.email } : {}),
    payment_method_data: {
      billing_details: {
        name: contact.fullName,
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.phone ? { phone: contact.phone } : {}),
      },
    },
  };
}
