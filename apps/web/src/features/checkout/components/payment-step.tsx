import { zodResolver } from '@hookform/resolvers/zod';
import type { Processor } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { deliveryText, type ShippingAddress, type ShippingMethod } from '@jesus-walks/contracts/shipping';
import { LoaderCircleIcon, LockIcon, PencilIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { OrderTotal } from '@/components/orders/order-total';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice } from '@/lib/format';
import type { PaymentIntent } from '../hooks/use-payment-intent';
import {
  type CheckoutContactForm,
  type CheckoutContactFormInput,
  CheckoutContactFormSchema,
  contactIssuesOf,
  emptyContactForm,
  paymentContactOf,
} from '../utils/contact-schema';
import { type PayableIntent, paymentFailureMessage } from '../utils/payment-intent';
import { addressLines } from '../utils/shipping-step';
import { canMakeApplePayments } from '../utils/wallets';
import { CartChangedNotice } from './cart-changed-notice';
import type { CryptoContact } from './crypto-payment';
import { PaymentMethodTiles, withDeviceSupport } from './payment-method-tiles';
import { applePayPath } from './payment-paths/apple-pay-path';
import { cryptoPath } from './payment-paths/crypto-path';
import { useGooglePayPath } from './payment-paths/google-pay-path';
import type { PaymentPath, PreparedPayment } from './payment-paths/payment-path';
import { useSafekeyPath } from './payment-paths/safekey-path';
import { useSandboxCardPath } from './payment-paths/sandbox-card-path';
import { useSquarePath } from './payment-paths/square-path';
import { useStripeElementPath } from './payment-paths/stripe-element-path';

/** The cart's shipping summary above the payment (an event's seat has none). */
interface PaymentStepShipping {
  address: ShippingAddress;
  method: ShippingMethod;
  onEdit: () => void;
}

interface PaymentStepProps<I extends PayableIntent> {
  /** The checkout's intent (usePaymentIntent): its methods, its state, and how it is finalised. */
  payment: PaymentIntent<I>;
  /** The cart's shipping summary, shown above the payment; absent for an event's seat. */
  shipping?: PaymentStepShipping;
  /** The pay button's words once the intent is known (default: 'Pay $X with {method}'). */
  payLabel?: (total: string, methodLabel: string) => string;
  /** The contact filled in at first (a member's, or the payer's given before the intent). */
  defaultContact?: { fullName?: string; email?: string };
  /** Shown in place of the subtotal, shipping and total (default: those three). */
  totals?: (intent: I) => ReactNode;
}

/**
 * Step 2, the same for the shop and for a paid walk: the shipping summary (the cart's), the
 * buyer's contact, the method, the totals and the payment through the selected tile's path. The
 * contact has no call of its own: the path sends it with the payment.
 */
export function PaymentStep<I extends PayableIntent>({
  payment,
  shipping,
  payLabel: payLabelFor,
  defaultContact,
  totals,
}: PaymentStepProps<I>) {
  const {
    tiles: serverTiles,
    paymentMethod,
    state: intentState,
    paid,
    stripePublishableKey,
    cryptoProviders,
  } = payment;
  const intent = intentState.intent;
  // Every path keeps its state while the step is shown (a card or SafeKey number typed in stays
  // when the buyer looks at another tile); the selected tile's path shows its fields and pays.
  // Google's script is asked as soon as its tile is offered: the wallets' tiles say before anyone
  // chooses them whether they can pay here.
  const googlePay = useGooglePayPath(
    serverTiles.some((candidate) => candidate.method === 'google_pay' && candidate.available),
  );
  const sandboxCard = useSandboxCardPath();
  const stripeElement = useStripeElementPath(stripePublishableKey);
  const square = useSquarePath();
  const safekey = useSafekeyPath();
  const tiles = useMemo(
    () =>
      withDeviceSupport(serverTiles, {
        canMakeApplePayments: canMakeApplePayments(),
        googlePay: googlePay.status,
      }),
    [serverTiles, googlePay.status],
  );
  const contactForm = useForm<CheckoutContactFormInput, unknown, CheckoutContactForm>({
    resolver: zodResolver(CheckoutContactFormSchema),
    mode: 'onChange',
    defaultValues: { ...emptyContactForm(paymentMethod ?? 'stripe'), ...defaultContact },
  });
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const {
    register,
    formState: { errors },
  } = contactForm;
  const tile = tiles.find((candidate) => candidate.method === paymentMethod) ?? null;
  const noClientSecret = intentState.status === 'ready' && intentState.intent.clientSecret === '';
  const path = selectedPath(paymentMethod, intent?.processor, {
    sandboxCard,
    stripeElement,
    square,
    safekey,
    applePay: applePayPath,
    googlePay,
    crypto: cryptoPath({
      providers: cryptoProviders,
      prepareContact: prepareCrypto,
      contactRefused: cryptoContactRefused,
      onPaid: cryptoPaid,
    }),
  });

  function changeMethod(next: PaymentMethod) {
    setPayError(null);
    contactForm.setValue('paymentMethod', next);
    // The e-mail becomes required (or optional): its message follows at once once it was touched.
    if (contactForm.getFieldState('email').isTouched || contactForm.getValues('email') !== '') {
      void contactForm.trigger('email');
    }
    payment.choose(next);
  }

  /** Crypto: the contact is validated before the charge (the e-mail is required); the charge carries it. */
  async function prepareCrypto(): Promise<CryptoContact | null> {
    setPayError(null);
    if (!intent || !(await contactForm.trigger())) return null;
    const contact = paymentContactOf(CheckoutContactFormSchema.parse(contactForm.getValues()));
    if (!contact.email) return null;
    // The charge is paid on its own page: its hold stays while the buyer is there.
    payment.setPaying(true);
    return { ...contact, email: contact.email };
  }

  /** The crypto charge was refused for its contact: nothing is being paid, so the hold need not stay. */
  function cryptoContactRefused(error: unknown): boolean {
    if (!showContactRefusal(error)) return false;
    payment.setPaying(false);
    return true;
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
    let prepared: PreparedPayment | null = null;
    if (!paidBefore) {
      prepared = await path.prepare();
      if ('error' in prepared) {
        if (prepared.error) setPayError(prepared.error);
        return;
      }
    }

    setPaying(true);
    payment.setPaying(true);
    try {
      if (prepared) {
        try {
          // The contact goes with the payment: payments records it before charging.
          const result = await prepared.pay(intent, paymentContactOf(contact));
          if (!result.ok) {
            if (result.error) setPayError(result.error);
            return;
          }
        } catch (error) {
          if (!showContactRefusal(error)) setPayError(paymentFailureMessage(error));
          return;
        }
        paid.add(intent.paymentId);
      }
      const problem = await payment.finalise(intent, contact);
      if (problem) setPayError(problem);
    } finally {
      setPaying(false);
      payment.setPaying(false);
    }
  }

  /**
   * A payment refused for its contact (a 400 whose issues name the contact's fields): each issue
   * on its field, and 'Payment failed'. False for any other error.
   */
  function showContactRefusal(error: unknown): boolean {
    const issues = contactIssuesOf(error);
    if (issues.length === 0) return false;
    for (const issue of issues) {
      contactForm.setError(issue.field, { type: 'server', message: issue.message });
    }
    setPayError('Payment failed');
    return true;
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
                    <Button variant="outline" size="sm" onClick={payment.retry}>
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

              {intent && !noClientSecret && !alreadyPaid
                ? path.render({ intent, disabled: paying || tile?.available === false })
                : null}

              {payError ? (
                <p role="alert" className="text-sm font-medium text-destructive" data-testid="payment-error">
                  {payError}
                </p>
              ) : null}

              {path.ownButton && intent && !alreadyPaid ? null : (
                <Button
                  type="submit"
                  size="lg"
                  disabled={!intent || noClientSecret || paying || tile?.available === false || path.blocked}
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

interface PaymentPaths {
  sandboxCard: PaymentPath;
  stripeElement: PaymentPath;
  square: PaymentPath;
  safekey: PaymentPath;
  applePay: PaymentPath;
  googlePay: PaymentPath;
  crypto: PaymentPath;
}

/**
 * The selected tile's path. The card tiles (Stripe, Square) pay with their processor's own form
 * when it made the intent (its keys configured), else with the sandbox's card form.
 */
function selectedPath(
  method: PaymentMethod | null,
  processor: Processor | undefined,
  paths: PaymentPaths,
): PaymentPath {
  switch (method) {
    case 'safekey':
      return paths.safekey;
    case 'apple_pay':
      return paths.applePay;
    case 'google_pay':
      return paths.googlePay;
    case 'crypto':
      return paths.crypto;
    default:
      if (processor === 'square') return paths.square;
      if (processor === 'stripe') return paths.stripeElement;
      return paths.sandboxCard;
  }
}
