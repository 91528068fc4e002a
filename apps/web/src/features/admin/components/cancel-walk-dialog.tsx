import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Event } from '../api/get-admin-events';

/** What cancelling a walk does, as the confirmation says it. */
export function cancelWalkMessage(walk: Event): string {
  return walk.seatsTaken + walk.waitlistCount > 0
    ? `"${walk.title}" has registrations: it will be marked cancelled, everyone registered or waitlisted told by e-mail${walk.price > 0 ? ', and every seat paid online refunded in full' : ''}.`
    : `"${walk.title}" has no registrations: it will be deleted.`;
}

/**
 * Cancelling a walk of a series (decision 039) that has other walks still to come: this walk, or
 * every one of them still to come (each as Cancel does it: its people told, its paid seats
 * refunded). The walks already past or cancelled stay as they are.
 */
export function CancelWalkDialog({
  walk,
  seriesWalks,
  pending,
  onCancelWalk,
  onCancelSeries,
  onOpenChange,
}: {
  walk: Event | null;
  /** The series' walks still to come, this one among them. */
  seriesWalks: readonly Event[];
  pending: boolean;
  onCancelWalk: () => void;
  onCancelSeries: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const people = seriesWalks.reduce((sum, one) => sum + one.seatsTaken + one.waitlistCount, 0);
  return (
    <Dialog open={walk !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel event?</DialogTitle>
          <DialogDescription>{walk ? cancelWalkMessage(walk) : ''}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          It is one of {seriesWalks.length} walks of its series still to come. Cancelling them all cancels
          each the same way
          {people > 0
            ? `: ${people} ${people === 1 ? 'person is' : 'people are'} registered or waitlisted on them`
            : ''}
          .
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Keep them
          </Button>
          <Button variant="destructive" onClick={onCancelWalk} disabled={pending}>
            Cancel this walk
          </Button>
          <Button variant="destructive" onClick={onCancelSeries} disabled={pending}>
            Cancel all {seriesWalks.length}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
