import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, ShoppingCartIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useCart } from '@/lib/cart/cart-context';
import { formatCount, formatPrice } from '@/lib/format';
import { getProductsQueryOptions } from '@/lib/products/get-products';
import { CartLine } from '../components/cart-line';
import { availabilityNote } from '../utils/availability-note';

export function CartRoute() {
  const { items, total, itemCount, removeItem, updateQuantity } = useCart();
  // What the shop can sell now, to say which lines cannot be bought as they are (and why).
  const products = useQuery({ ...getProductsQueryOptions(), enabled: items.length > 0 });
  const shown = new Map((products.data ?? []).map((product) => [String(product.id), product]));

  return (
    <>
      <title>Shopping Cart</title>
      <PageHeader title="Shopping Cart" eyebrow="Your order" />
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
          >
            Shirts, caps and trail gear are waiting in the shop.
          </EmptyState>
        ) : (
          <div className="grid items-start gap-8 lg:grid-cols-[1fr_360px]">
            <section aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" className="mb-4 text-sm font-medium text-muted-foreground">
                {formatCount(itemCount, { one: 'item', other: 'items' })} in your cart
              </h2>
              <ul className="grid gap-4">
                {items.map((item) => (
                  <li key={item.id}>
                    <CartLine
                      item={item}
                      availability={availabilityNote(item.quantity, shown.get(String(item.id)))}
                      onQuantityChange={(quantity) => updateQuantity(item.id, quantity)}
                      onRemove={() => removeItem(item.id)}
                    />
                  </li>
                ))}
              </ul>
            </section>
            <Card className="lg:sticky lg:top-24" aria-labelledby="order-summary-heading" role="region">
              <CardHeader>
                <CardTitle as="h2" id="order-summary-heading">
                  Order Summary
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-3 text-sm">
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">Subtotal</dt>
                    <dd className="tabular-nums" data-testid="cart-subtotal">
                      {formatPrice(total)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-4 text-muted-foreground">
                    <dt>Shipping</dt>
                    <dd>Calculated at checkout</dd>
                  </div>
                  <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
                    <dt>Total</dt>
                    <dd className="tabular-nums" data-testid="cart-total">
                      {formatPrice(total)}
                    </dd>
                  </div>
                </dl>
              </CardContent>
              <CardFooter className="flex-col items-stretch">
                <Button asChild size="lg">
                  <Link to="/checkout">
                    Proceed to Checkout
                    <ArrowRightIcon aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild variant="link">
                  <Link to="/shop">Continue Shopping</Link>
                </Button>
              </CardFooter>
            </Card>
          </div>
        )}
      </Container>
    </>
  );
}
