import { formatPrice } from '@/lib/format';

interface OrderTotalProps {
  subtotal: number | string;
  /** null: not known yet (no method chosen). */
  shipping: number | string | null;
  total: number | string;
}

/** Subtotal, Shipping, Total: each with 2 decimals. */
export function OrderTotal({ subtotal, shipping, total }: OrderTotalProps) {
  return (
    <dl className="grid gap-3 text-sm" aria-label="Order total">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="tabular-nums" data-testid="checkout-subtotal">
          {formatPrice(subtotal)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Shipping</dt>
        <dd className="tabular-nums" data-testid="checkout-shipping">
          {shipping === null ? 'Calculated at next step' : formatPrice(shipping)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="checkout-total">
          {formatPrice(total)}
        </dd>
      </div>
    </dl>
  );
}
