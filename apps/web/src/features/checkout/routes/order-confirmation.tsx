import { CircleCheckBigIcon, ReceiptTextIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { OrderTotal } from '@/components/orders/order-total';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { trackPurchase } from '@/lib/analytics';
import { useCart } from '@/lib/cart/cart-context';
import { formatPrice } from '@/lib/format';
import { getSessionStorage } from '@/lib/storage';
import {
  type CompletedOrder,
  completeConfirmation,
  completedOrderAmounts,
  readCompletedOrder,
} from '../utils/completed-order';

/**
 * /order-confirmation: the order just paid, from the completed-order record the checkout left in
 * session storage. The purchase is reported once, the record removed and the cart cleared. Without
 * a record (opened directly, reloaded) it claims no payment.
 */
export function OrderConfirmationRoute() {
  const { clearCart } = useCart();
  const [order] = useState<CompletedOrder | null>(() => readCompletedOrder(getSessionStorage()));
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    completeConfirmation(order, { storage: getSessionStorage(), trackPurchase, clearCart });
  }, [order, clearCart]);

  return <OrderConfirmationView order={order} />;
}

export function OrderConfirmationView({ order }: { order: CompletedOrder | null }) {
  if (!order) {
    return (
      <>
        <title>No recent order</title>
        <meta name="robots" content="noindex" />
        <Container className="flex flex-1 items-center justify-center py-16 md:py-24">
          <Card className="flex w-full max-w-lg flex-col items-center gap-5 px-6 py-12 text-center">
            <span className="inline-flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
              <ReceiptTextIcon aria-hidden="true" className="size-8" />
            </span>
            <h1 className="font-serif text-3xl font-semibold tracking-tight">No recent order</h1>
            <p className="max-w-sm text-muted-foreground">
              There is no recent order to show here. If you placed an order, its confirmation e-mail has the
              details.
            </p>
            <Button asChild size="lg">
              <Link to="/shop">Go to the Shop</Link>
            </Button>
          </Card>
        </Container>
      </>
    );
  }

  return (
    <>
      <title>Order Confirmed!</title>
      <meta name="robots" content="noindex" />
      <Container className="flex flex-1 items-center justify-center py-16 md:py-24">
        <Card className="flex w-full max-w-lg flex-col items-center gap-5 px-6 py-12 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-success-surface text-success">
            <CircleCheckBigIcon aria-hidden="true" className="size-8" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Order Confirmed!</h1>
          <p className="max-w-sm text-muted-foreground">
            Thank you for your purchase. Your payment has been processed successfully.
          </p>
          <p className="text-sm">
            Order number <span className="font-semibold tabular-nums">#{order.orderId}</span>
          </p>
          <div className="w-full rounded-lg border border-border text-left text-sm">
            <ul className="grid divide-y divide-border">
              {order.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 px-4 py-2.5">
                  <span className="min-w-0">
                    {item.name} × {item.quantity}
                  </span>
                  <span className="tabular-nums">{formatPrice(Number(item.price) * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <div className="border-t border-border px-4 py-3">
              <OrderTotal {...completedOrderAmounts(order)} />
            </div>
          </div>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/shop">Continue Shopping</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          </div>
        </Card>
      </Container>
    </>
  );
}
