import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, as the spec words it. */
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** More to say under the question. */
  details?: ReactNode;
  /** A second way to go on (cancel this walk, or all of its series), beside the confirmation. */
  alternative?: { label: string; onClick: () => void };
  /** What the button that goes back says ('Cancel' unless that would read as the action). */
  dismissLabel?: string;
}

/** Asks before something that cannot be undone (deleting an order or a product). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pending,
  onConfirm,
  onOpenChange,
  details,
  alternative,
  dismissLabel = 'Cancel',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        {details}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
          {alternative ? (
            <Button variant="destructive" onClick={alternative.onClick} disabled={pending}>
              {alternative.label}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
