import { describeShippingAddress } from '@jesus-walks/contracts/orders';
import { LinkIcon, LoaderCircleIcon, PackageIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { DeliveryFacts, formatOrderDate, OrderLines } from '@/components/orders/order-facts';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { OrderTotal } from '@/components/orders/order-total';
import { PageHead } from '@/components/seo/page-head';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { isBadOrderLink, type OrderStatusView, useOrderStatus } from '../api/get-order-status';

/** /orders/status?token=...: the order behind the signed link of its confirmation e-mail. */
export function OrderStatusRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const order = useOrderStatus(token);

  let body: React.ReactNode;
  if (!token || (order.isError && isBadOrderLink(order.error))) {
    body = (
      <EmptyState
        icon={LinkIcon}
        title="This order link is not valid"
        actions={
          <Button asChild size="lg">
            <Link to="/shop">Go to the Shop</Link>
          </Button>
        }
      >
        The link may be incomplete or out of date. Open it again from your order confirmation e-mail.
      </EmptyState>
    );
  } else if (order.isPending) {
    body = (
      <Card className="mx-auto flex max-w-xl items-center justify-center gap-3 px-6 py-12" aria-busy="true">
        <LoaderCircleIcon aria-hidden="true" className="size-5 animate-spin text-primary" />
        <p role="status">Loading your order...</p>
      </Card>
    );
  } else if (order.isError) {
    body = (
      <EmptyState
        icon={PackageIcon}
        title="Your order could not be loaded"
        actions={<Button onClick={() => void order.refetch()}>Try Again</Button>}
      >
        Please try again in a moment.
      </EmptyState>
    );
  } else {
    body = <OrderDetails order={order.data} />;
  }

  return (
    <>
      <PageHead
        title="Order status"
        description="Follow your Jesus Walks order: its items, status and tracking."
        path="/orders/status"
        noindex
      />
      <PageHeader title="Order status" eyebrow="Your order" />
      <Container className="py-10 md:py-14">{body}</Container>
    </>
  );
}

function OrderDetails({ order }: { order: OrderStatusView }) {
  const _shipped = order.status === 'shipped' || order.status === 'delivered';
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle as="h2">Order #{order.id}</CardTitle>
            <p className="text-sm text-muted-foreground">Placed {formatOrderDate(order.createdAt)}</p>
          </div>
          <OrderStatusBadge status={order.status} />
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {order.status === 'cancelled' && order.cancelReason ? (
            <p className="text-destructive">{order.cancelReason}</p>
          ) : null}
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Shipping to</dt>
              <dd>{describeShippingAddress(order.shippingAddress)}</dd>
            </div>
            {order.shippingMethod ? (
              <div>
                <dt className="text-muted-foreground">Shipping method</dt>
                <dd>{order.shippingMethod}</dd>
              </div>
            ) : null}
            <DeliveryFacts order={order} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Items</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <OrderLines items={order.items} />
          <div className="border-t border-border pt-4">
            <OrderTotal subtotal={order.subtotal} shipping={order.shippingCost} total={order.total} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
