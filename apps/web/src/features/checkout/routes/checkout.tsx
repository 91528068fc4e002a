import type { CheckoutConfig, CompletedOrder } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/orders';
import type { ShippingAddress, ShippingMethod } from '@jesus-walks/contracts/shipping';
import { AlertTriangleIcon, LoaderCircleIcon, ShoppingCartIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { trackBeginCheckout } from '@/lib/analytics';
import { getServerMessage } from '@/lib/api-client';
import { AttemptKeys } from '@/lib/attempt-keys';
import { useCart } from '@/lib/cart/cart-context';
import type { CartItem } from '@/lib/cart/cart-reducer';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';
import { formatPrice } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { getSessionStorage } from '@/lib/storage';
import { useCreateOrder } from '../api/create-order';
import { type PaymentIntentResponse, useCreatePaymentIntent } from '../api/create-payment-intent';
import { type CheckoutStep, CheckoutSteps } from '../components/checkout-steps';
import { EventCheckout } from '../components/event-checkout';
import { OrderTotal } from '../components/order-total';
import { defaultPaymentMethod, methodTiles } from '../components/payment-method-tiles';
import { PaymentStep } from '../components/payment-step';
import { ShippingStep } from '../components/shipping-step';
import { useReleaseOnLeave } from '../components/use-release-on-leave';
import { buildCompletedOrder, saveCompletedOrder } from '../utils/completed-order';
import type { CheckoutContactForm } from '../utils/contact-schema';
import {
  buildCreateOrderBody,
  buildPaymentIntentBody,
  type IntentRequest,
  type IntentState,
  intentFailure,
  intentRequestKey,
  ORDER_CREATION_FAILED,
  type ReplacedPayment,
} from '../utils/payment-intent';
import { shippingName } from '../utils/shipping-step';

export function CheckoutRoute() {
  // A paid event's seat (/checkout?event={id}) goes straight to the payment step.
  const [searchParams] = useSearchParams();
  const eventId = Number(searchParams.get('event'));
  if (Number.isInteger(eventId) && eventId > 0) {
    return (
      <>
        <title>Checkout</title>
        <meta name="robots" content="noindex" />
        <PageHeader title="Checkout" eyebrow="Secure checkout" />
        <Container className="py-10 md:py-14">
          <EventCheckout eventId={eventId} />
        </Container>
      </>
    );
  }
  return <CartCheckout />;
}

function CartCheckout() {
  const { items, total, clearCart } = useCart();
  const navigate = useNavigate();
  // Set once the order exists: the emptied cart must not turn the page into 'Your cart is empty'.
  const [completed, setCompleted] = useState(false);
  const hasItems = items.length > 0;

  // begin_checkout (SPEC.md section 7): once, on entering checkout with items.
  const beganCheckout = useRef(false);
  useEffect(() => {
    if (beganCheckout.current || items.length === 0) return;
    beganCheckout.current = true;
    trackBeginCheckout(items, total);
  }, [items, total]);

  function handleCompleted(order: CompletedOrder) {
    saveCompletedOrder(getSessionStorage(), order);
    setCompleted(true);
    clearCart();
    navigate('/order-confirmation');
    setTimeout(() => window.scrollTo({ top: 0, left: 0 }), 100);
  }

  return (
    <>
      <title>Checkout</title>
      <meta name="robots" content="noindex" />
      <PageHeader title="Checkout" eyebrow="Secure checkout" />
      <Container className="py-10 md:py-14">
        {!hasItems && !completed ? (
          <EmptyState
            icon={ShoppingCartIcon}
            title="Your cart is empty"
            actions={
              <Button asChild size="lg">
                <Link to="/shop">Continue Shopping</Link>
              </Button>
            }
          />
        ) : hasItems ? (
          <CheckoutLoader items={items} total={total} onCompleted={handleCompleted} />
        ) : null}
      </Container>
    </>
  );
}

interface CheckoutLoaderProps {
  items: CartItem[];
  total: number;
  onCompleted: (order: CompletedOrder) => void;
}

/** 'Preparing checkout...' while the configuration loads; its failure; then the two steps. */
function CheckoutLoader({ items, total, onCompleted }: CheckoutLoaderProps) {
  const config = useCheckoutConfig();
  if (config.isPending) {
    return (
      <Card className="mx-auto flex max-w-xl items-center justify-center gap-3 px-6 py-12" aria-busy="true">
        <LoaderCircleIcon aria-hidden="true" className="size-5 animate-spin text-primary" />
        <p role="status">Preparing checkout...</p>
      </Card>
    );
  }
  if (config.isError) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" role="alert">
        <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
        <h2 className="font-serif text-2xl font-semibold">Failed to initialize checkout</h2>
        <p className="text-muted-foreground">{getServerMessage(config.error) ?? config.error.message}</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Card>
    );
  }
  return <CheckoutFlow config={config.data} items={items} total={total} onCompleted={onCompleted} />;
}

interface CheckoutFlowProps extends CheckoutLoaderProps {
  config: CheckoutConfig;
}

interface IntentRecord {
  key: string;
  state: IntentState;
}

function CheckoutFlow({ config, items, total, onCompleted }: CheckoutFlowProps) {
  const tiles = useMemo(() => methodTiles(config.methods), [config.methods]);
  const [step, setStep] = useState<CheckoutStep>('shipping');
  const [address, setAddress] = useState<ShippingAddress | null>(null);
  const [method, setMethod] = useState<ShippingMethod | null>(null);
  /** The method picked on the shipping step, before 'Continue to Payment': the summary shows its cost. */
  const [pickedMethod, setPickedMethod] = useState<ShippingMethod | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(() => defaultPaymentMethod(tiles));
  const [intent, setIntent] = useState<IntentRecord | null>(null);
  const createIntent = useCreatePaymentIntent();
  const attempts = useRef(new AttemptKeys(newIdempotencyKey));
  /** The last intent the server made: a new one for the same checkout replaces (releases) it. */
  const lastPayment = useRef<ReplacedPayment | undefined>(undefined);
  const requested = useRef<string | null>(null);
  /** Payments that succeeded in this checkout: never replaced, only turned into their order. */
  const paid = useRef(new Set<string>());
  const createOrder = useCreateOrder();
  /** One Idempotency-Key per payment for POST /api/orders. */
  const orderKeys = useRef(new Map<string, string>());
  /** A payment under way (the payment step says so): its hold is kept even if the page is left. */
  const paying = useRef(false);
  // Leaving the checkout unpaid (another page, the cart emptied, the tab closed) gives its stock back.
  const leave = useReleaseOnLeave(
    intent?.state.status === 'ready'
      ? { paymentId: intent.state.intent.paymentId, paymentSecret: intent.state.intent.paymentSecret }
      : null,
    {
      isPaid: (paymentId) => paid.current.has(paymentId),
      isPaying: () => paying.current,
      onReturn: () => {
        if (address && method && paymentMethod) {
          requestIntent({ items, address, method, paymentMethod }, true);
        }
      },
    },
  );

  function orderKeyFor(paymentId: string): string {
    let key = orderKeys.current.get(paymentId);
    if (!key) {
      key = newIdempotencyKey();
      orderKeys.current.set(paymentId, key);
    }
    return key;
  }

  /** The payment succeeded: the order, the completed-order record, /order-confirmation. */
  async function completeOrder(
    paidIntent: PaymentIntentResponse,
    contact: CheckoutContactForm,
  ): Promise<string | null> {
    if (!address) return ORDER_CREATION_FAILED;
    try {
      const order = await createOrder.mutateAsync({
        body: buildCreateOrderBody({ items, address, intent: paidIntent, contact }),
        idempotencyKey: orderKeyFor(paidIntent.paymentId),
      });
      onCompleted(buildCompletedOrder(order, paidIntent));
      return null;
    } catch {
      return ORDER_CREATION_FAILED;
    }
  }

  function requestIntent(request: IntentRequest, force = false) {
    if (intent?.state.status === 'ready' && paid.current.has(intent.state.intent.paymentId)) return;
    const key = intentRequestKey(request);
    if (!force && requested.current === key && intent?.state.status !== 'failed') return;
    requested.current = key;
    setIntent({ key, state: { status: 'pending', intent: null } });
    const body = buildPaymentIntentBody(request, lastPayment.current);
    createIntent.mutate(
      { body, idempotencyKey: attempts.current.keyFor(key) },
      {
        onSuccess: (answer) => {
          attempts.current.settle();
          lastPayment.current = answer;
          // The buyer left while it was being made: it goes back at once.
          if (leave.releaseIfLeft(answer)) return;
          if (requested.current !== key) return;
          setIntent({ key, state: { status: 'ready', intent: answer } });
        },
        onError: (error) => {
          attempts.current.settle(error);
          if (requested.current !== key) return;
          setIntent({
            key,
            state: { status: 'failed', intent: null, failure: intentFailure(error, request.items) },
          });
        },
      },
    );
  }

  function goToPayment(nextAddress: ShippingAddress, nextMethod: ShippingMethod) {
    setAddress(nextAddress);
    setMethod(nextMethod);
    setStep('payment');
    if (paymentMethod) requestIntent({ items, address: nextAddress, method: nextMethod, paymentMethod });
  }

  function changePaymentMethod(next: PaymentMethod) {
    setPaymentMethod(next);
    if (address && method) requestIntent({ items, address, method, paymentMethod: next });
  }

  // The cart changed in another tab while paying: the intent no longer matches it.
  useEffect(() => {
    if (step !== 'payment' || !address || !method || !paymentMethod) return;
    const key = intentRequestKey({ items, address, method, paymentMethod });
    if (requested.current !== null && requested.current !== key) {
      requestIntent({ items, address, method, paymentMethod });
    }
  });

  // On the shipping step the summary follows the method being picked; after it, the one chosen.
  const summaryMethod = step === 'shipping' ? pickedMethod : method;

  const intentState: IntentState =
    intent?.state ??
    (paymentMethod
      ? { status: 'pending', intent: null }
      : {
          status: 'failed',
          intent: null,
          failure: { kind: 'error', message: 'Payment system not ready' },
        });

  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
      <div className="grid min-w-0 gap-6">
        <CheckoutSteps current={step} />
        {step === 'shipping' || !address || !method ? (
          <ShippingStep
            address={address}
            method={method}
            onMethodChange={setPickedMethod}
            onContinue={goToPayment}
          />
        ) : (
          <PaymentStep
            shipping={{ address, method, onEdit: () => setStep('shipping') }}
            tiles={tiles}
            paymentMethod={paymentMethod}
            onPaymentMethodChange={changePaymentMethod}
            intentState={intentState}
            onRetryIntent={() => {
              if (paymentMethod) requestIntent({ items, address, method, paymentMethod }, true);
            }}
            stripePublishableKey={config.stripe.publishableKey}
            cryptoProviders={config.crypto?.providers ?? []}
            paid={paid.current}
            complete={completeOrder}
            onPayingChange={(value) => {
              paying.current = value;
            }}
            defaultContact={{ fullName: shippingName(address) }}
          />
        )}
      </div>
      <Card className="lg:sticky lg:top-24" role="region" aria-labelledby="checkout-summary-heading">
        <CardHeader>
          <CardTitle as="h2" id="checkout-summary-heading">
            Order Summary
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-2 text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">
                  {item.name} × {item.quantity}
                </span>
                <span className="tabular-nums">{formatPrice(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <div className="border-t border-border pt-4">
            {step === 'payment' && intent?.state.status === 'ready' ? (
              <OrderTotal
                subtotal={intent.state.intent.subtotal}
                shipping={intent.state.intent.shipping}
                total={intent.state.intent.total}
              />
            ) : (
              <OrderTotal
                subtotal={total}
                shipping={summaryMethod ? summaryMethod.rate : null}
                total={total + (summaryMethod ? summaryMethod.rate : 0)}
              />
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
