import {
  adminSelectableStatuses,
  describeShippingAddress,
  type OrderStatus,
  ShipmentBodySchema,
} from '@jesus-walks/contracts/orders';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { formatPrice } from '@/lib/format';
import type { AdminOrderListItem } from '../api/get-admin-orders';
import { type OrderPayment, useOrderPayment } from '../api/get-order-payment';
import { useSetOrderShipment } from '../api/set-order-shipment';
import { useUpdateOrder } from '../api/update-order';
import { canCancelAndRefund, customerLabel } from '../utils/orders';
import { formatValleyDateTime, isoToValleyLocal } from '../utils/valley-time';
import { CancelRefundDialog } from './cancel-refund-dialog';
import { OrderStatusBadge } from './order-status-badge';
import { SelectField } from './select-field';
import { TestModeBadge } from './test-mode-badge';

interface OrderDetailsDialogProps {
  order: AdminOrderListItem | null;
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

const refundText: Record<NonNullable<OrderPayment['refundStatus']>, string> = {
  requested: 'Refund requested',
  refunded: 'Refunded',
  manual: 'Refund to be paid back by hand',
  failed: 'Refund failed',
};

/** How the order was paid: provider, amount, status, refund and 'Test mode'; a manual order has none. */
function PaymentLine({
  payment,
  loading,
  failed,
}: {
  payment: OrderPayment | null | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (loading) return <span className="text-muted-foreground">Loading payment...</span>;
  if (failed) return <span className="text-muted-foreground">Payment details could not be loaded</span>;
  if (!payment) return <span>No online payment (manual order)</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-order-payment={payment.paymentId}>
      <span>
        {payment.paymentMethod} via {payment.provider}, {formatPrice(payment.amount)}, {payment.status}
      </span>
      {payment.refundStatus ? (
        <Badge variant={payment.refundStatus === 'failed' ? 'destructive' : 'info'}>
          {refundText[payment.refundStatus]}
        </Badge>
      ) : null}
      {payment.testMode ? <TestModeBadge /> : null}
    </span>
  );
}

/** The shipping fields as the form holds them ('' for none). */
interface ShipmentValues {
  trackingNumber: string;
  carrier: string;
  estimatedDeliveryDate: string;
}

/** What the dialog's form shows of an order as saved, as one value: equal orders give equal keys. */
export function savedValuesKey(order: AdminOrderListItem | null): string {
  return order ? JSON.stringify([order.id, order.status, shipmentValuesOf(order)]) : '';
}

function shipmentValuesOf(order: AdminOrderListItem | null): ShipmentValues {
  return {
    trackingNumber: order?.trackingNumber ?? '',
    carrier: order?.carrier ?? '',
    // The day as the valley reads it (the server keeps a day as its noon there).
    estimatedDeliveryDate: order?.estimatedDeliveryDate
      ? isoToValleyLocal(order.estimatedDeliveryDate).slice(0, 10)
      : '',
  };
}

/**
 * 'Order Details - #{id}': customer, items, status selector, total, address, created, payment;
 * the tracking fields once the status is or becomes shipped; 'Cancel and refund' for a paid order
 * that has not left. Open while `order` is set.
 */
export function OrderDetailsDialog({ order, onClose }: OrderDetailsDialogProps) {
  const statusMutation = useUpdateOrder();
  const shipmentMutation = useSetOrderShipment();
  // A manual order has no payment to ask about (and the 404 would only clutter the console).
  const payment = useOrderPayment(order?.paymentMethod ? order.id : null);
  const [status, setStatus] = useState<OrderStatus>(order?.status ?? 'pending');
  const [shipment, setShipment] = useState<ShipmentValues>(shipmentValuesOf(order));
  const [shipmentErrors, setShipmentErrors] = useState<Partial<Record<keyof ShipmentValues, string>>>({});
  const [refunding, setRefunding] = useState(false);

  // The form starts again from the order as saved when another order opens or this one's saved
  // values change (another admin, a refund), not whenever the list is refetched: a refetch (the
  // search applied a moment after the dialog opened) hands over an equal order as a new object,
  // and the admin's unsaved choice must survive it.
  const saved = savedValuesKey(order);
  const [formFrom, setFormFrom] = useState(saved);
  if (order && formFrom !== saved) {
    setFormFrom(saved);
    setStatus(order.status);
    setShipment(shipmentValuesOf(order));
    setShipmentErrors({});
  }

  const shipping = status === 'shipped';
  const pending = statusMutation.isPending || shipmentMutation.isPending;

  const onUpdate = () => {
    if (!order) return;
    const saved = shipmentValuesOf(order);
    const shipmentChanged =
      shipment.trackingNumber.trim() !== saved.trackingNumber ||
      shipment.carrier.trim() !== saved.carrier ||
      shipment.estimatedDeliveryDate !== saved.estimatedDeliveryDate;
    // Tracking given (or changed) while shipped: the shipment route ships it and tells the
    // customer. Without a tracking number an order can still be marked shipped (SPEC.md section 7).
    if (
      shipping &&
      shipment.trackingNumber.trim() !== '' &&
      (shipmentChanged || order.status !== 'shipped')
    ) {
      const parsed = ShipmentBodySchema.safeParse({
        trackingNumber: shipment.trackingNumber,
        carrier: shipment.carrier,
        ...(shipment.estimatedDeliveryDate ? { estimatedDeliveryDate: shipment.estimatedDeliveryDate } : {}),
      });
      if (!parsed.success) {
        setShipmentErrors(
          Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
        );
        return;
      }
      shipmentMutation.mutate(
        {
          id: order.id,
          body: {
            trackingNumber: shipment.trackingNumber,
            carrier: shipment.carrier,
            ...(shipment.estimatedDeliveryDate
              ? { estimatedDeliveryDate: shipment.estimatedDeliveryDate }
              : {}),
          },
        },
        { onSuccess: onClose },
      );
      return;
    }
    statusMutation.mutate({ id: order.id, status }, { onSuccess: onClose });
  };

  // 'paid' is not offered, but an order that is paid keeps it as its current choice.
  const options: readonly OrderStatus[] =
    order && !adminSelectableStatuses.some((value) => value === order.status)
      ? [order.status, ...adminSelectableStatuses]
      : adminSelectableStatuses;

  const editShipment = (field: keyof ShipmentValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setShipment((current) => ({ ...current, [field]: event.target.value }));
    setShipmentErrors((current) => ({ ...current, [field]: undefined }));
  };

  const refundable =
    order !== null &&
    canCancelAndRefund(order.status) &&
    payment.data != null &&
    payment.data.refundStatus === null;

  return (
    <>
      <Dialog open={order !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Order Details - #{order?.id}</DialogTitle>
            <DialogDescription>
              Currently{' '}
              <span className="align-middle">
                {order ? <OrderStatusBadge status={order.status} /> : null}
              </span>
              {order?.testMode ? (
                <>
                  {' '}
                  <TestModeBadge className="align-middle" />
                  <span className="mt-1 block">
                    Paid through the built-in sandbox: no real money was taken, and it is not counted as
                    revenue.
                  </span>
                </>
              ) : null}
            </DialogDescription>
          </DialogHeader>
          {order ? (
            <div className="grid gap-4 text-sm">
              <dl className="grid gap-3 sm:grid-cols-2">
                <Detail term="Customer">
                  {customerLabel(order)}
                  {order.customerEmail ? (
                    <span className="block text-muted-foreground">{order.customerEmail}</span>
                  ) : null}
                </Detail>
                <Detail term="Total">{formatPrice(order.total)}</Detail>
                <Detail term="Created">
                  <time dateTime={order.createdAt}>{formatValleyDateTime(order.createdAt)}</time>
                </Detail>
                <Detail term="Shipping Address">{describeShippingAddress(order.shippingAddress)}</Detail>
                <div className="sm:col-span-2">
                  <Detail term="Payment">
                    <PaymentLine
                      payment={payment.data}
                      loading={payment.isPending && payment.fetchStatus !== 'idle'}
                      failed={payment.isError}
                    />
                  </Detail>
                </div>
                {order.cancellationReason ? (
                  <div className="sm:col-span-2">
                    <Detail term="Cancellation reason">{order.cancellationReason}</Detail>
                  </div>
                ) : null}
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
              {shipping ? (
                <fieldset className="grid min-w-0 gap-x-3 sm:grid-cols-2" data-shipment-fields>
                  <legend className="mb-2 text-sm font-semibold">Shipment</legend>
                  <p className="mb-3 text-xs text-muted-foreground sm:col-span-2">
                    With a tracking number the customer is e-mailed the tracking details; without one the
                    order is only marked shipped.
                  </p>
                  <FormField
                    id="order-tracking-number"
                    label="Tracking Number"
                    autoComplete="off"
                    maxLength={100}
                    value={shipment.trackingNumber}
                    error={shipmentErrors.trackingNumber}
                    onChange={editShipment('trackingNumber')}
                  />
                  <FormField
                    id="order-carrier"
                    label="Carrier"
                    autoComplete="off"
                    maxLength={50}
                    placeholder="USPS, UPS, FedEx..."
                    value={shipment.carrier}
                    error={shipmentErrors.carrier}
                    onChange={editShipment('carrier')}
                  />
                  <FormField
                    id="order-estimated-delivery"
                    label="Estimated Delivery"
                    type="date"
                    value={shipment.estimatedDeliveryDate}
                    error={shipmentErrors.estimatedDeliveryDate}
                    onChange={editShipment('estimatedDeliveryDate')}
                  />
                </fieldset>
              ) : null}
            </div>
          ) : null}
          <DialogFooter className="flex-wrap gap-2">
            {refundable ? (
              <Button variant="destructive" onClick={() => setRefunding(true)} className="sm:mr-auto">
                Cancel and refund
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onUpdate} disabled={pending}>
              {pending ? 'Updating...' : 'Update Order'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <CancelRefundDialog
        orderId={refunding && order ? order.id : null}
        amount={order?.total ?? '0.00'}
        onOpenChange={(open) => setRefunding(open)}
      />
    </>
  );
}
