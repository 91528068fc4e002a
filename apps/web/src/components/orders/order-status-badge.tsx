import type { OrderStatus } from '@jesus-walks/contracts/orders';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const labels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Colours as SPEC.md section 4: pending amber, paid green, shipped blue, delivered dark green, cancelled red, others grey. */
const colours: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-success-surface text-success',
  processing: 'bg-secondary text-secondary-foreground',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-success text-white',
  cancelled: 'bg-destructive text-destructive-foreground',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge className={cn(colours[status])}>{labels[status]}</Badge>;
}
