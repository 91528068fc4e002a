import { LockIcon, ShoppingCartIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCart } from '@/lib/cart/cart-context';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';

const steps = ['Shipping', 'Payment'] as const;

export function CheckoutRoute() {
  const { items, total } = useCart();

  return (
    <>
      <title>Checkout</title>
      <meta name="robots" content="noindex" />
      <PageHeader title="Checkout" eyebrow="Secure checkout" />
      <Container className="py-10 md:py-14">
        {items.length === 0 ? (
          <EmptyState
            icon={ShoppingCartIcon}
            title="Your cart is empty"
            actions={
              <Button asChild size="lg">
                <Link to="/shop">Continue Shopping</Link>
              </Button>
            }
          />
        ) : (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_360px]">
            <div className="grid gap-6">
              <ol aria-label="Checkout steps" className="flex items-center gap-3">
                {steps.map((step, index) => (
                  <li key={step} className="flex items-center gap-3">
                    <span
                      aria-current={index === 0 ? 'step' : undefined}
                      className={cn(
                        'inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                        index === 0
                          ? 'bg-primary text-primary-foreground'
                          : 'bg-secondary text-secondary-foreground',
                      )}
                    >
                      {index + 1}
                    </span>
                    <span className="font-medium">{step}</span>
                    {index < steps.length - 1 ? (
                      <span aria-hidden="true" className="h-px w-10 bg-border" />
                    ) : null}
                  </li>
                ))}
              </ol>
              <Card>
                <CardHeader>
                  <CardTitle as="h2">Shipping</CardTitle>
                  <CardDescription>Where should we send your order?</CardDescription>
                </CardHeader>
                <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
                  <LockIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  Shipping and payment forms are being connected to our payment providers.
                </CardContent>
              </Card>
            </div>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Order Summary</CardTitle>
              </CardHeader>
              <CardContent>
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
                <div className="mt-4 flex justify-between border-t border-border pt-4 font-semibold">
                  <span>Subtotal</span>
                  <span className="tabular-nums">{formatPrice(total)}</span>
                </div>
              </CardContent>
            </Card>
          </div>
        )}
      </Container>
    </>
  );
}
