import type { CheckoutConfig, CompletedOrder } from '@jesus-walks/contracts/checkout';
import type { ShippingAddress, ShippingMethod } from '@jesus-walks/contracts/shipping';
import { AlertTriangleIcon, LoaderCircleIcon, ShoppingCartIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { OrderTotal } from '@/components/orders/order-total';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { trackBeginCheckout } from '@/lib/analytics';
import { getServerMessage } from '@/lib/api-client';
import { useCart } from '@/lib/cart/cart-context';
import type { CartItem } from '@/lib/cart/cart-reducer';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';
import { formatPrice } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { getSessionStorage } from '@/lib/storage';
import { useCreateOrder } from '../api/create-order';
import { createPaymentIntent, type PaymentIntentResponse } from '../api/create-payment-intent';
import { type CheckoutStep, CheckoutSteps } from '../components/checkout-steps';
import { EventCheckout } from '../components/event-checkout';
import { PaymentStep } from '../components/payment-step';
import { ShippingStep } from '../components/shipping-step';
import { type IntentCall, usePaymentIntent } from '../hooks/use-payment-intent';
import { buildCompletedOrder, saveCompletedOrder } from '../utils/completed-order';
import type { CheckoutContactForm } from '../utils/contact-schema';
import {
  buildCreateOrderBody,
  buildPaymentIntentBody,
  type IntentRequest,
  intentFailure,
  intentRequestKey,
  ORDER_CREATION_FAILED,
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

/** The shop's intent call: the cart, its address and shipping method, and the payment method. */
const cartIntentCall: IntentCall<IntentRequest, PaymentIntentResponse> = {
  keyOf: intentRequestKey,
  create: (request, replaces, idempotencyKey) =>
    createPaymentIntent({ body: buildPaymentIntentBody(request, replaces), idempotencyKey }),
  failure: (error, request) => intentFailure(error, request.items),
};

function CheckoutFlow({ config, items, total, onCompleted }: CheckoutFlowProps) {
  const [step, setStep] = useState<CheckoutStep>('shipping');
  const [address, setAddress] = useState<ShippingAddress | null>(null);
  const [method, setMethod] = useState<ShippingMethod | null>(null);
  /** The method picked on the shipping step, before 'Continue to Payment': the summary shows its cost. */
  const [pickedMethod, setPickedMethod] = useState<ShippingMethod | null>(null);
  const createOrder = useCreateOrder();
  /** One Idempotency-Key per payment for POST /api/orders. */
  const orderKeys = useRef(new Map<string, string>());
  const payment = usePaymentIntent({
    config,
    intentCall: cartIntentCall,
    finalise: completeOrder,
    requestFor: (paymentMethod) => (address && method ? { items, address, method, paymentMethod } : null),
    // The cart changed in another tab while paying: the intent no longer matches it.
    follow: step === 'payment',
  });

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

  function goToPayment(nextAddress: ShippingAddress, nextMethod: ShippingMethod) {
    setAddress(nextAddress);
    setMethod(nextMethod);
    setStep('payment');
    payment.ask((paymentMethod) => ({ items, address: nextAddress, method: nextMethod, paymentMethod }));
  }

  // On the shipping step the summary follows the method being picked; after it, the one chosen.
  const summaryMethod = step === 'shipping' ? pickedMethod : method;

  const intent = payment.state.status === 'ready' ? payment.state.intent : null;

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
            payment={payment}
            shipping={{ address, method, onEdit: () => setStep('shipping') }}
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
            {step === 'payment' && intent ? (
              <OrderTotal subtotal={intent.subtotal} shipping={intent.shipping} total={intent.total} />
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
