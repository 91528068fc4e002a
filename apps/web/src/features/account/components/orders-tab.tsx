import { ExternalLinkIcon, MailIcon, PackageIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/layout/empty-state';
import {
  DeliveryFacts,
  formatOrderDate,
  hasDeliveryFacts,
  OrderLines,
} from '@/components/orders/order-facts';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { OrderTotal } from '@/components/orders/order-total';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { getServerMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { type MemberOrder, useClaimableOrders, useMemberOrders, useSendClaimLink } from '../api/orders';

function OrderCard({ order }: { order: MemberOrder }) {
  return (
    <li>
      <Card data-order={order.id}>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle as="h3">Order #{order.id}</CardTitle>
            <p className="text-sm text-muted-foreground">Placed {formatOrderDate(order.createdAt)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {order.testMode ? <Badge variant="info">Test mode</Badge> : null}
            <OrderStatusBadge status={order.status} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {order.status === 'cancelled' && order.cancellationReason ? (
            <p className="text-destructive">{order.cancellationReason}</p>
          ) : null}
          <OrderLines items={order.items} />
          <OrderTotal subtotal={order.subtotal} shipping={order.shippingCost} total={order.total} />
          {hasDeliveryFacts(order) ? (
            <dl className="grid gap-3 rounded-lg bg-muted p-3 sm:grid-cols-2">
              <DeliveryFacts order={order} />
            </dl>
          ) : null}
          <div>
            <Button asChild variant="outline" size="sm">
              <Link to={order.statusPath}>
                <ExternalLinkIcon aria-hidden="true" />
                Order status page
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Guest orders placed with the member's e-mail: one button sends the link that adds them. */
function ClaimNotice() {
  const claimable = useClaimableOrders();
  const sendLink = useSendClaimLink();
  const count = claimable.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Alert>
      <MailIcon aria-hidden="true" />
      <AlertTitle>
        We found {formatCount(count, { one: 'order', other: 'orders' })} placed with your e-mail without
        logging in
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>To add {count === 1 ? 'it' : 'them'} to your account, we send a link to your e-mail address.</p>
        <div>
          <Button
            size="sm"
            disabled={sendLink.isPending || sendLink.isSuccess}
            onClick={() =>
              sendLink.mutate(undefined, {
                onSuccess: (answer) => toast({ title: 'Check your e-mail', description: answer.message }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'The link could not be sent',
                    description: getServerMessage(error) ?? 'Please try again in a moment.',
                  }),
              })
            }
          >
            {sendLink.isPending ? 'Sending...' : sendLink.isSuccess ? 'Link sent' : 'Send me the link'}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** My orders: every order with its items, total, status and tracking, newest first. */
export function OrdersTab() {
  const orders = useMemberOrders();
  let body: React.ReactNode;
  if (orders.isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  } else if (orders.isError) {
    body = (
      <EmptyState
        icon={PackageIcon}
        title="Your orders could not be loaded"
        actions={<Button onClick={() => void orders.refetch()}>Try Again</Button>}
      >
        Please try again in a moment.
      </EmptyState>
    );
  } else if (orders.data.length === 0) {
    body = (
      <EmptyState
        icon={PackageIcon}
        title="No orders yet"
        actions={
          <Button asChild>
            <Link to="/shop">Visit the Shop</Link>
          </Button>
        }
      >
        Orders you place while logged in show here, with their status and tracking.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4 lg:grid-cols-2">
        {orders.data.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
    );
  }
  return (
    <div className="grid gap-6">
      <ClaimNotice />
      {body}
    </div>
  );
}
