import { CancelAndRefundBodySchema } from '@jesus-walks/contracts/payments';
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
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatPrice } from '@/lib/format';
import { useCancelAndRefundOrder } from '../api/cancel-and-refund-order';

interface CancelRefundDialogProps {
  orderId: number | null;
  amount: string;
  onOpenChange: (open: boolean) => void;
}

/** Asks before 'Cancel and refund', with the reason the customer and the activity record will read. */
export function CancelRefundDialog({ orderId, amount, onOpenChange }: CancelRefundDialogProps) {
  const mutation = useCancelAndRefundOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (orderId !== null) {
      setReason('');
      setError(undefined);
    }
  }, [orderId]);

  const confirm = () => {
    if (orderId === null) return;
    const parsed = CancelAndRefundBodySchema.shape.reason.safeParse(reason);
    if (!parsed.success || reason.trim() === '') {
      setError(reason.trim() === '' ? 'Reason is required' : parsed.error?.issues[0]?.message);
      return;
    }
    mutation.mutate({ orderId, reason: parsed.data }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog open={orderId !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel and refund order #{orderId}?</DialogTitle>
          <DialogDescription>
            The order is cancelled, its items go back into stock and {formatPrice(amount)} is refunded through
            the provider that took the payment. The customer is told why.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="refund-reason">Reason</Label>
          <Textarea
            id="refund-reason"
            value={reason}
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'refund-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
          <p id="refund-reason-error" className="min-h-5 text-sm text-destructive">
            {error}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Keep Order
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? 'Refunding...' : 'Cancel and refund'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
