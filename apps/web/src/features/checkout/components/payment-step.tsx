import { zodResolver } from '@hookform/resolvers/zod';
import type { EventPaymentIntentResponse, PaymentIntentResponse } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/orders';
import type { CryptoProvider } from '@jesus-walks/contracts/payments';
import { deliveryText, type ShippingAddress, type ShippingMethod } from '@jesus-walks/contracts/shipping';
import { LoaderCircleIcon, LockIcon, PencilIcon, RefreshCwIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { useSaveCheckoutContact } from '../api/save-checkout-contact';
import {
  type CheckoutContactForm,
  type CheckoutContactFormInput,
  CheckoutContactFormSchema,
  emptyContactForm,
} from '../utils/contact-schema';
import { type IntentFailure, paymentFailureMessage } from '../utils/payment-intent';
import { emptySandboxCard, type SandboxCard, SandboxCardSchema } from '../utils/sandbox-card';
import { addressLines } from '../utils/shipping-step';
import { canMakeApplePayments } from '../utils/wallets';
import { CartChangedNotice } from './cart-changed-notice';
import { CryptoPayment } from './crypto-payment';
import { OrderTotal } from './order-total';
import { type MethodTile, PaymentMethodTiles } from './payment-method-tiles';
import { SandboxCardFields } from './sandbox-card-fields';
import { SquareCardForm, type SquareConfirm } from './square-card-form';
import type { StripeConfirm } from './stripe-payment-element';
import { useMethodPayment, withDeviceSupport } from './use-method-payment';

// Stripe's React bindings and script loader stay out of every other chunk.
const StripePaymentElement = lazy(() =>
  import('./stripe-payment-element').then((module) => ({ default: module.StripePaymentElement })),
);

/** What the payment step pays: a cart's intent (with its shipping method) or an event seat's (none). */
export type PayableIntent = PaymentIntentResponse | EventPaymentIntentResponse;

export type IntentState<I extends PayableIntent = PaymentIntentResponse> =
  | { status: 'pending'; intent: null }
  | { status: 'ready'; intent: I }
  | { status: 'failed'; intent: null; failure: IntentFailure };

/** The cart's shipping summary above the payment (an event's seat has none). */
export interface PaymentStepShipping {
  address: ShippingAddress;
  method: ShippingMethod;
  onEdit: () => void;
}

interface PaymentStepProps<I extends PayableIntent> {
  /** The cart's shipping summary, shown above the payment; absent for an event's seat. */
  shipping?: PaymentStepShipping;
  tiles: MethodTile[];
  paymentMethod: PaymentMethod | null;
  onPaymentMethodChange: (method: PaymentMethod) => void;
  intentState: IntentState<I>;
  onRetryIntent: () => void;
  stripePublishableKey: string | null;
  /** The crypto providers the server offers (stripe, coinbase). */
  cryptoProviders?: readonly CryptoProvider[];
  /**
   * Payments that succeeded (kept by the checkout): a retry after a failed order creation only
   * creates the order, and a paid intent is never replaced.
   */
  paid: Set<string>;
  /**
   * What completes the purchase once the payment succeeded (the cart's order, an event's
   * registration): null when done, else the message shown (a retry then only completes again).
   */
  complete: (intent: I, contact: CheckoutContactForm) => Promise<string | null>;
  /** The pay button's words once the intent is known (default: 'Pay $X with {method}'). */
  payLabel?: (total: string, methodLabel: string) => string;
  /** The contact filled in at first (a member's, or the payer's given before the intent). */
  defaultContact?: { fullName?: string; email?: string };
  /** Shown in place of the subtotal, shipping and total (default: those three). */
  totals?: (intent: I) => ReactNode;
  /**
   * A payment is under way (a card being confirmed, a processor's page, a crypto charge started):
   * the checkout keeps its hold while it is, even if the page is left.
   */
  onPayingChange?: (paying: boolean) => void;
}

/** Step 2: the shipping summary, the buyer's contact, the method, the totals and the payment. */
export function PaymentStep<I extends PayableIntent = PaymentIntentResponse>({
  shipping,
  paymentMethod,
  onPaymentMethodChange,
  intentState,
  onRetryIntent,
  stripePublishableKey,
  cryptoProviders = ['stripe', 'coinbase'],
  paid,
  complete,
  payLabel: payLabelFor,
  defaultContact,
  totals,
  tiles: serverTiles,
  onPayingChange,
}: PaymentStepProps<I>) {
  // SafeKey, Apple Pay and Google Pay run their own flows (use-method-payment.tsx); the wallets'
  // tiles say before anyone chooses them whether they can pay here.
  const intent = intentState.intent;
  const googlePayOffered = serverTiles.some(
    (candidate) => candidate.method === 'google_pay' && candidate.available,
  );
  const methodPayment = useMethodPayment(paymentMethod, intent, googlePayOffered);
  const googlePayStatus = methodPayment.googlePayStatus;
  const tiles = useMemo(
    () =>
      withDeviceSupport(serverTiles, {
        canMakeApplePayments: canMakeApplePayments(),
        googlePay: googlePayStatus,
      }),
    [serverTiles, googlePayStatus],
  );
  const contactForm = useForm<CheckoutContactFormInput, unknown, CheckoutContactForm>({
    resolver: zodResolver(CheckoutContactFormSchema),
    mode: 'onChange',
    defaultValues: { ...emptyContactForm(paymentMethod ?? 'stripe'), ...defaultContact },
  });
  const cardForm = useForm<SandboxCard>({
    resolver: zodResolver(SandboxCardSchema),
    mode: 'onTouched',
    defaultValues: emptySandboxCard,
  });
  const saveContact = useSaveCheckoutContact();
  const confirmSandbox = useConfirmSandboxPayment();
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const onStripeReady = useCallback((confirm: StripeConfirm | null) => {
    stripeConfirm.current = confirm;
  }, []);
  const squareConfirm = useRef<SquareConfirm | null>(null);
  const onSquareReady = useCallback((confirm: SquareConfirm | null) => {
    squareConfirm.current = confirm;
  }, []);
  const {
    register,
    formState: { errors },
  } = contactForm;
  const tile = tiles.find((candidate) => candidate.method === paymentMethod) ?? null;
  const useStripeElement = intent?.processor === 'stripe';
  // Square with keys: Square's own card form (without keys the sandbox's, as for Stripe).
  const useSquareCard = intent?.processor === 'square';
  const noClientSecret = intentState.status === 'ready' && intentState.intent.clientSecret === '';

  function changeMethod(next: PaymentMethod) {
    setPayError(null);
    contactForm.setValue('paymentMethod', next);
    // The e-mail becomes required (or optional): its message follows at once once it was touched.
    if (contactForm.getFieldState('email').isTouched || contactForm.getValues('email') !== '') {
      void contactForm.trigger('email');
    }
    onPaymentMethodChange(next);
  }

  /** Crypto: the contact is validated and recorded before the charge (the e-mail is required). */
  async function prepareCrypto(): Promise<{ email: string } | null> {
    setPayError(null);
    if (!intent || !(await contactForm.trigger())) return null;
    const contact = CheckoutContactFormSchema.parse(contactForm.getValues());
    if (!contact.email) return null;
    try {
      await saveContact.mutateAsync({
        paymentId: intent.paymentId,
        paymentSecret: intent.paymentSecret,
        fullName: contact.fullName,
        email: contact.email,
        ...(contact.phone ? { phone: contact.phone } : {}),
      });
    } catch (error) {
      showContactIssues(error);
      setPayError('Payment failed');
      return null;
    }
    // The charge is paid on its own page: its hold stays while the buyer is there.
    onPayingChange?.(true);
    return { email: contact.email };
  }

  /** The crypto charge was paid: from here on the same as every method (a retry only creates the order). */
  async function cryptoPaid() {
    if (!intent) return;
    paid.add(intent.paymentId);
    await pay();
  }

  async function pay() {
    if (paying) return;
    setPayError(null);
    const contactValid = await contactForm.trigger();
    if (!contactValid) return;
    if (!intent || intent.clientSecret === '') {
      setPayError('Payment system not ready');
      return;
    }
    const contact = CheckoutContactFormSchema.parse(contactForm.getValues());
    const paidBefore = paid.has(intent.paymentId);
    let card: SandboxCard | null = null;
    if (!paidBefore) {
      if (methodPayment.handles) {
        const problem = methodPayment.check();
        if (problem) {
          setPayError(problem);
          return;
        }
      } else if (useSquareCard) {
        if (!squareConfirm.current) {
          setPayError('Payment form not ready');
          return;
        }
      } else if (useStripeElement) {
        if (!stripeConfirm.current) {
          setPayError('Payment system not ready');
          return;
        }
      } else {
        if (!(await cardForm.trigger())) return;
        card = SandboxCardSchema.parse(cardForm.getValues());
      }
    }

    setPaying(true);
    onPayingChange?.(true);
    try {
      if (!paidBefore) {
        try {
          await saveContact.mutateAsync({
            paymentId: intent.paymentId,
            paymentSecret: intent.paymentSecret,
            fullName: contact.fullName,
            ...(contact.email ? { email: contact.email } : {}),
            ...(contact.phone ? { phone: contact.phone } : {}),
          });
        } catch (error) {
          showContactIssues(error);
          setPayError('Payment failed');
          return;
        }
        try {
          if (methodPayment.handles) {
            const result = await methodPayment.pay(intent);
            if (!result.ok) {
              if (result.error) setPayError(result.error);
              return;
            }
          } else if (card) {
            await confirmSandbox.mutateAsync({
              clientSecret: intent.clientSecret,
              cardNumber: card.cardNumber,
              expiry: card.expiry,
              cvc: card.cvc,
            });
          } else {
            const confirm = useSquareCard ? squareConfirm.current : stripeConfirm.current;
            const result = confirm ? await confirm() : { error: 'Payment system not ready' };
            if ('error' in result) {
              setPayError(result.error);
              return;
            }
          }
        } catch (error) {
          setPayError(paymentFailureMessage(error));
          return;
        }
        paid.add(intent.paymentId);
      }
      const problem = await complete(intent, contact);
      if (problem) setPayError(problem);
    } finally {
      setPaying(false);
      onPayingChange?.(false);
    }
  }

  function showContactIssues(error: unknown) {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    for (const issue of error.issues ?? []) {
      const field = issue.path.at(-1);
      if (field === 'fullName' || field === 'email' || field === 'phone') {
        contactForm.setError(field, { type: 'server', message: issue.message });
      }
    }
  }

  const methodLabel = tile?.label ?? 'Stripe';
  const payLabel = intent
    ? payLabelFor
      ? payLabelFor(formatPrice(intent.total), methodLabel)
      : `Pay ${formatPrice(intent.total)} with ${methodLabel}`
    : intentState.status === 'pending'
      ? 'Preparing payment...'
      : `Pay with ${methodLabel}`;
  const alreadyPaid = intent ? paid.has(intent.paymentId) : false;
  const shippingMethod = intent?.shippingMethod ?? null;

  return (
    <div className="grid gap-6">
      {shipping ? (
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <CardTitle as="h2">Shipping to</CardTitle>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={shipping.onEdit}
              disabled={paying || alreadyPaid}
            >
              <PencilIcon aria-hidden="true" />
              Edit shipping info
            </Button>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm sm:grid-cols-2">
            <address className="not-italic leading-relaxed">
              {addressLines(shipping.address).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            <div className="leading-relaxed">
              <span className="block font-medium">
                {shippingMethod?.carrier ?? shipping.method.carrier}{' '}
                {shippingMethod?.service ?? shipping.method.service}
              </span>
              <span className="block text-muted-foreground">
                {formatPrice(shippingMethod?.rate ?? shipping.method.rate)} ·{' '}
                {deliveryText(shippingMethod?.estimatedDays ?? shipping.method.estimatedDays)}
              </span>
            </div>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Payment</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Payment"
            className="grid gap-6"
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <fieldset className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold">Contact</legend>
              <div className="sm:col-span-2">
                <FormField
                  id="contact-full-name"
                  label="Full Name"
                  autoComplete="name"
                  error={errors.fullName?.message}
                  {...register('fullName')}
                />
              </div>
              <FormField
                id="contact-email"
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <FormField
                id="contact-phone"
                label="Phone Number (Optional)"
                type="tel"
                autoComplete="tel"
                error={errors.phone?.message}
                {...register('phone')}
              />
            </fieldset>

            <PaymentMethodTiles
              tiles={tiles}
              value={paymentMethod}
              onChange={changeMethod}
              disabled={paying || alreadyPaid}
            />

            <div className="rounded-lg border border-border p-4">
              {intent && totals ? (
                totals(intent)
              ) : intent ? (
                <OrderTotal subtotal={intent.subtotal} shipping={intent.shipping} total={intent.total} />
              ) : (
                <div className="grid gap-3" aria-busy={intentState.status === 'pending'}>
                  <Skeleton className="h-5" />
                  <Skeleton className="h-5" />
                  <Skeleton className="h-6" />
                </div>
              )}
            </div>

            <div className="grid gap-4" data-testid="payment-area">
              {intentState.status === 'failed' ? (
                intentState.failure.kind === 'cart_changed' ? (
                  <CartChangedNotice changes={intentState.failure.changes} />
                ) : (
                  <div className="grid justify-items-start gap-3">
                    <p role="alert" className="text-sm text-destructive">
                      {intentState.failure.message}
                    </p>
                    <Button variant="outline" size="sm" onClick={onRetryIntent}>
                      <RefreshCwIcon aria-hidden="true" />
                      Try Again
                    </Button>
                  </div>
                )
              ) : null}

              {noClientSecret ? (
                <div className="grid justify-items-start gap-3">
                  <p role="alert" className="font-semibold text-destructive">
                    Payment system not ready
                  </p>
                  <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
                    Reload Page
                  </Button>
                </div>
              ) : null}

              {intent && !noClientSecret && !alreadyPaid && paymentMethod === 'crypto' ? (
                <CryptoPayment
                  key={intent.paymentId}
                  paymentId={intent.paymentId}
                  paymentSecret={intent.paymentSecret}
                  total={intent.total}
                  providers={cryptoProviders}
                  disabled={paying || tile?.available === false}
                  prepare={prepareCrypto}
                  onPaid={cryptoPaid}
                />
              ) : intent && !noClientSecret && !alreadyPaid ? (
                methodPayment.handles ? (
                  methodPayment.fields
                ) : useSquareCard ? (
                  <SquareCardForm
                    paymentId={intent.paymentId}
                    paymentSecret={intent.paymentSecret}
                    onConfirmReady={onSquareReady}
                  />
                ) : useStripeElement && stripePublishableKey ? (
                  <Suspense fallback={<Skeleton className="h-40" />}>
                    <StripePaymentElement
                      publishableKey={stripePublishableKey}
                      clientSecret={intent.clientSecret}
                      onConfirmReady={onStripeReady}
                    />
                  </Suspense>
                ) : useStripeElement ? (
                  <p role="alert" className="text-sm text-destructive">
                    Payment system not ready
                  </p>
                ) : (
                  <SandboxCardFields form={cardForm} />
                )
              ) : null}

              {payError ? (
                <p role="alert" className="text-sm font-medium text-destructive" data-testid="payment-error">
                  {payError}
                </p>
              ) : null}

              {paymentMethod === 'crypto' && intent && !alreadyPaid ? null : (
                <Button
                  type="submit"
                  size="lg"
                  disabled={
                    !intent || noClientSecret || paying || tile?.available === false || methodPayment.blocked
                  }
                >
                  {paying ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <LockIcon aria-hidden="true" />
                  )}
                  {paying ? 'Processing payment...' : payLabel}
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
