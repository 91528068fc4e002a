import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getServerMessage } from '@/lib/api-client';
import { useCancelGuestRegistration } from '@/lib/events/cancel-registration';
import type { Outcome } from '../utils/registration-outcome';
import { OutcomeAlert } from './outcome-alert';

/**
 * Reached from the cancellation link of a guest's confirmation e-mail. Cancelling takes a click
 * here (a POST), never the link alone, since mail scanners open links.
 */
export function GuestCancellation({
  eventId,
  token,
  onDismiss,
}: {
  eventId: number;
  token: string;
  onDismiss: () => void;
}) {
  const cancellation = useCancelGuestRegistration();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome) {
    return (
      <div className="grid gap-3">
        <OutcomeAlert outcome={outcome} />
        <Button variant="outline" onClick={onDismiss}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-3 rounded-lg border border-accent/30 bg-[#f8eef1] p-4">
      <h3 className="font-serif text-lg font-semibold">Cancel your registration?</h3>
      <p className="text-sm text-foreground/85">
        You followed the cancellation link from your confirmation e-mail. If you can't come, cancelling frees
        your seat for the next person on the waitlist, and a seat you paid for online is refunded in full.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          disabled={cancellation.isPending}
          onClick={() =>
            cancellation.mutate(
              { eventId, token },
              {
                onSuccess: (result) =>
                  setOutcome({
                    tone: 'success',
                    title: 'Your registration is cancelled',
                    // The server's words: a seat paid at checkout says how its refund comes back.
                    description: `${result.message} Thank you for letting us know. We hope to walk with you another time.`,
                  }),
                onError: (error) =>
                  setOutcome({
                    tone: 'error',
                    title: 'Cancellation failed',
                    description:
                      getServerMessage(error) ??
                      'Your registration could not be cancelled. Please try again.',
                  }),
              },
            )
          }
        >
          {cancellation.isPending ? 'Cancelling...' : 'Cancel my registration'}
        </Button>
        <Button variant="outline" onClick={onDismiss} disabled={cancellation.isPending}>
          Keep my registration
        </Button>
      </div>
    </div>
  );
}
