import {
  adminSelectableStatuses,
  describeShippingAddress,
  type OrderStatus,
} from '@jesus-walks/contracts/orders';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatPrice } from '@/lib/format';
import type { AdminOrder } from '../api/get-orders';
import type { AdminUser } from '../api/get-users';
import { useUpdateOrder } from '../api/update-order';
import { customerLabel, formatDateTime } from '../utils/orders';
import { OrderStatusBadge } from './order-status-badge';
import { SelectField } from './select-field';

interface OrderDetailsDialogProps {
  order: AdminOrder | null;
  users: AdminUser[] | undefined;
  onClose: () => void;
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** 'Order Details - #{id}': customer, items, status selector, total, address, created; open while `order` is set. */
export function OrderDetailsDialog({ order, users, onClose }: OrderDetailsDialogProps) {
  const mutation = useUpdateOrder();
  const [status, setStatus] = useState<OrderStatus>(order?.status ?? 'pending');

  useEffect(() => {
    if (order) setStatus(order.status);
  }, [order]);

  const onUpdate = () => {
    if (!order) return;
    mutation.mutate({ id: order.id, status }, { onSuccess: onClose });
  };

  // 'paid' is not offered, but an order that is paid keeps it as its current choice.
  const options: readonly OrderStatus[] =
    order && !adminSelectableStatuses.some((value) => value === order.status)
      ? [order.status, ...adminSelectableStatuses]
      : adminSelectableStatuses;

  return (
    <Dialog open={order !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Order Details - #{order?.id}</DialogTitle>
          <DialogDescription>
            Currently{' '}
            <span className="align-middle">{order ? <OrderStatusBadge status={order.status} /> : null}</span>
          </DialogDescription>
        </DialogHeader>
        {order ? (
          <div className="grid gap-4 text-sm">
            <dl className="grid gap-3 sm:grid-cols-2">
              <Detail term="Customer">{customerLabel(order, users)}</Detail>
              <Detail term="Total">{formatPrice(order.total)}</Detail>
              <Detail term="Created">{formatDateTime(order.createdAt)}</Detail>
              <Detail term="Shipping Address">{describeShippingAddress(order.shippingAddress)}</Detail>
            </dl>
            <div className="grid gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Items</h3>
              {order.items.length === 0 ? (
                <p className="text-muted-foreground">No items.</p>
              ) : (
                <ul className="divide-y divide-border rounded-md border border-border">
                  {order.items.map((item) => (
                    <li
                      key={`${item.productId}-${item.price}`}
                      className="flex justify-between gap-3 px-3 py-2"
                    >
                      <span className="min-w-0 break-words">
                        {item.name} x {item.quantity}
                      </span>
                      <span className="shrink-0">{formatPrice(item.price)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <SelectField
              id="order-status"
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.target.value as OrderStatus)}
            >
              {options.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onUpdate} disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating...' : 'Update Order'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
