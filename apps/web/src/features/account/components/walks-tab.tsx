import type { MyRegistration } from '@jesus-walks/contracts/events';
import { CalendarDaysIcon, MapPinIcon, MountainIcon, QrCodeIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/layout/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useLeaderWalks } from '@/features/check-in/api/get-leader-walks';
import { getServerMessage } from '@/lib/api-client';
import { useCancelRegistration } from '@/lib/events/cancel-registration';
import { formatEventDay, formatEventTime } from '@/lib/events/event-format';
import { useMyRegistrations } from '@/lib/events/get-my-registrations';
import { whoComesText } from '@/lib/events/party';
import { cancelConsequence, statusLabel } from '@/lib/events/registration-status';
import { formatPrice } from '@/lib/format';
import { canCancel, canEditParty, splitMyWalks } from '../utils/my-walks';
import { EditPartyDialog } from './edit-party-dialog';

function statusVariant(registration: MyRegistration) {
  if (registration.status === 'cancelled') return 'outline';
  if (registration.status === 'waitlisted') return 'warning';
  return 'success';
}

function WalkCard({ registration }: { registration: MyRegistration }) {
  const [confirming, setConfirming] = useState(false);
  const [editingParty, setEditingParty] = useState(false);
  const cancellation = useCancelRegistration();
  const { event } = registration;
  const cancellable = canCancel(registration);

  const cancel = () =>
    cancellation.mutate(
      { eventId: registration.eventId, registrationId: registration.id },
      {
        onSuccess: (result) => {
          setConfirming(false);
          toast({ title: 'Registration cancelled', description: result.message });
        },
        onError: (error) => {
          setConfirming(false);
          toast({
            variant: 'destructive',
            title: 'Cancellation failed',
            description:
              getServerMessage(error) ?? 'Your registration could not be cancelled. Please try again.',
          });
        },
      },
    );

  return (
    <li>
      <Card className="grid gap-3 p-4 sm:p-5" data-registration={registration.id}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-serif text-lg leading-snug font-semibold">
            <Link to={`/events/${event.id}`} className="underline-offset-4 hover:underline">
              {event.title}
            </Link>
          </h3>
          <Badge variant={statusVariant(registration)}>{statusLabel(registration)}</Badge>
        </div>
        <ul className="grid gap-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <CalendarDaysIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {formatEventDay(event.date)}, {formatEventTime(event.date)}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPinIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>{event.location}</span>
          </li>
          <li className="flex items-start gap-2" data-party-size={registration.partySize}>
            <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{whoComesText(registration.party)}</span>
          </li>
          {registration.payment ? (
            <li>
              Paid {formatPrice(registration.payment.amount)}
              {registration.payment.refunded ? ' (refunded)' : ''}
            </li>
          ) : null}
          {event.isCancelled ? (
            <li className="font-medium text-destructive">This walk was cancelled.</li>
          ) : null}
        </ul>
        {cancellable ? (
          confirming ? (
            <div className="grid gap-3 rounded-lg border border-border bg-muted p-3 sm:p-4">
              <p className="text-sm">Cancel your registration? {cancelConsequence(registration)}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="destructive" onClick={cancel} disabled={cancellation.isPending}>
                  {cancellation.isPending ? 'Cancelling...' : 'Yes, cancel'}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => setConfirming(false)}
                  disabled={cancellation.isPending}
                >
                  Keep my registration
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {registration.ticketPath ? (
                <Button asChild size="sm">
                  <Link to={registration.ticketPath}>
                    <QrCodeIcon aria-hidden="true" />
                    Show ticket
                  </Link>
                </Button>
              ) : null}
              {canEditParty(registration) ? (
                <Button variant="outline" size="sm" onClick={() => setEditingParty(true)}>
                  <UsersIcon aria-hidden="true" />
                  Edit party
                </Button>
              ) : null}
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                Cancel registration
              </Button>
            </div>
          )
        ) : null}
        {canEditParty(registration) ? (
          <EditPartyDialog registration={registration} open={editingParty} onOpenChange={setEditingParty} />
        ) : null}
      </Card>
    </li>
  );
}

function WalkList({ title, registrations }: { title: string; registrations: MyRegistration[] }) {
  if (registrations.length === 0) return null;
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="font-serif text-xl font-semibold">{title}</h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {registrations.map((registration) => (
          <WalkCard key={registration.id} registration={registration} />
        ))}
      </ul>
    </section>
  );
}

/** For a member who leads walks: the way to their check-in lists (decision 040). */
function LeadingLink() {
  const leading = useLeaderWalks(true);
  const count = leading.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-muted p-3 text-sm">
      <span>
        You lead {count === 1 ? '1 walk' : `${count} walks`}: check walkers in at the trailhead, even without
        signal.
      </span>
      <Button asChild size="sm" variant="outline">
        <Link to="/lead">Walks I lead</Link>
      </Button>
    </p>
  );
}

/** My walks: the walks I lead, the walks to come (each can be cancelled) and the ones behind. */
export function WalksTab() {
  return (
    <div className="grid gap-6">
      <LeadingLink />
      <MyWalks />
    </div>
  );
}

function MyWalks() {
  const mine = useMyRegistrations(true);

  if (mine.isPending) {
    return (
      <div className="grid gap-3 md:grid-cols-2" aria-busy="true">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  }
  if (mine.isError) {
    return (
      <EmptyState
        icon={MountainIcon}
        title="Your walks could not be loaded"
        actions={<Button onClick={() => void mine.refetch()}>Try Again</Button>}
      >
        Please try again in a moment.
      </EmptyState>
    );
  }
  const { upcoming, past } = splitMyWalks(mine.data);
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <EmptyState
        icon={MountainIcon}
        title="No walks yet"
        actions={
          <Button asChild>
            <Link to="/events">See upcoming walks</Link>
          </Button>
        }
      >
        When you register for a walk, it shows here with its date and meeting point.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-8">
      {upcoming.length === 0 ? (
        <p className="text-muted-foreground">
          No walks coming up.{' '}
          <Link to="/events" className="font-medium text-primary underline-offset-4 hover:underline">
            See what's next
          </Link>
          .
        </p>
      ) : null}
      <WalkList title="Upcoming" registrations={upcoming} />
      <WalkList title="Past" registrations={past} />
    </div>
  );
}
