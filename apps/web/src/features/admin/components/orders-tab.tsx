import { EyeIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { useDeleteOrder } from '../api/delete-order';
import { type AdminOrder, useOrders } from '../api/get-orders';
import { useUsers } from '../api/get-users';
import { formatDate } from '../utils/orders';
import { ConfirmDialog } from './confirm-dialog';
import { ListStatus } from './list-status';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderStatusBadge } from './order-status-badge';
import { SectionHeader } from './section-header';

export function OrdersTab() {
  const orders = useOrders({ enabled: true });
  const users = useUsers({ enabled: true }).data;
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  const deletion = useDeleteOrder();
  const list = orders.data ?? [];
  // The open order follows the list, so a refresh shows its new status.
  const viewing = list.find((order) => order.id === viewingId) ?? null;

  const confirmDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="orders-heading">
      <SectionHeader id="orders-heading" title="Orders Management" />
      <ListStatus
        loading={orders.isPending}
        error={orders.data ? null : orders.error}
        loadingText="Loading orders..."
        errorPrefix="Error loading orders"
      />
      {orders.data ? (
        <Table label="Orders">
          <TableHeader>
            <TableRow>
              <TableHead>Order ID</TableHead>
              <TableHead>User ID</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Total</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((order) => (
              <TableRow key={order.id} data-order={order.id}>
                <TableCell className="font-medium">#{order.id}</TableCell>
                <TableCell>{order.userId ?? 'Guest'}</TableCell>
                <TableCell>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell>{formatPrice(order.total)}</TableCell>
                <TableCell>{formatDate(order.createdAt)}</TableCell>
                <TableCell>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setViewingId(order.id)}
                      aria-label={`View order ${order.id}`}
                    >
                      <EyeIcon aria-hidden="true" />
                      View
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => setDeleting(order)}
                      aria-label={`Delete order ${order.id}`}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.length === 0 ? <TableEmptyRow colSpan={6}>No orders yet.</TableEmptyRow> : null}
          </TableBody>
        </Table>
      ) : null}
      <OrderDetailsDialog order={viewing} users={users} onClose={() => setViewingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete order #${deleting?.id ?? ''}?`}
        message="Are you sure you want to delete this order? This action cannot be undone."
        confirmLabel="Delete Order"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
      />
    </section>
  );
}
