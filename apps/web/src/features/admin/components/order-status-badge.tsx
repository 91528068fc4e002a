import type { OrderStatus } from '@jesus-walks/contracts/orders';
import { Badge } from '@/components/ui/badge';
import { statusBadgeClass } from '../utils/orders';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge className={statusBadgeClass(status)}>{status}</Badge>;
}
