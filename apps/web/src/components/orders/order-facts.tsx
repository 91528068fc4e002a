import type { OrderStatus } from '@jesus-walks/contracts/orders';
import { format, parseISO } from 'date-fns';
import { TruckIcon } from 'lucide-react';
import { formatPrice } from '@/lib/format';

/** "March 4, 2030"; parseISO reads a date without a time ('2030-04-04') as that day here. */
export function formatOrderDate(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMMM d, yyyy');
}

interface OrderLine {
  productId: number;
  name: string;
  quantity: number;
  price: string;
}

/** An order's lines: name × quantity, and the line's amount. */
export function OrderLines({ items }: { items: readonly OrderLine[] }) {
  return (
    <ul className="grid divide-y divide-border text-sm">
      {items.map((item) => (
        <li key={`${item.productId}-${item.price}`} className="flex justify-between gap-3 py-2.5">
          <span className="min-w-0">
            {item.name} × {item.quantity}
          </span>
          <span className="tabular-nums">{formatPrice(Number(item.price) * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

interface DeliveryFactsOf {
  status: OrderStatus;
  estimatedDeliveryDate: string | null;
  carrier: string | null;
  trackingNumber: string | null;
}

/** Whether an order has anything to say about its delivery (so a page can leave the block out). */
export function hasDeliveryFacts(order: DeliveryFactsOf): boolean {
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  return (
    (shipped && order.trackingNumber !== null) ||
    (order.estimatedDeliveryDate !== null && order.status !== 'cancelled')
  );
}

/** The estimated delivery (unless cancelled) and, once shipped, the carrier and tracking number: entries of a `<dl>`. */
export function DeliveryFacts({ order }: { order: DeliveryFactsOf }) {
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  return (
    <>
      {order.estimatedDeliveryDate && order.status !== 'cancelled' ? (
        <div>
          <dt className="text-muted-foreground">Estimated delivery</dt>
          <dd>{formatOrderDate(order.estimatedDeliveryDate)}</dd>
        </div>
      ) : null}
      {shipped && order.trackingNumber ? (
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <TruckIcon aria-hidden="true" className="size-4" />
            Tracking number
          </dt>
          <dd>
            {order.carrier ? <span>{order.carrier} </span> : null}
            <span className="font-mono break-all">{order.trackingNumber}</span>
          </dd>
        </div>
      ) : null}
    </>
  );
}
