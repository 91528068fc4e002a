import { BanIcon, CreditCardIcon, HistoryIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import type { Event } from '@/lib/events/get-events';
import { PARTY_MAX_SIZE } from '@/lib/events/party';
import { formatPrice } from '@/lib/format';
import { MemberRegistration } from './member-registration';
import { OutcomeAlert } from './outcome-alert';

/**
 * The guest form comes with its own chunk (react-hook-form, and Zod for the contract's checks): an
 * event's page is rendered on the server with the form in it and hydrates it when the chunk has
 * arrived, so the page's first scripts stay small.
 */
const GuestRegistrationForm = lazy(() =>
  import('./guest-registration-form').then((module) => ({ default: module.GuestRegistrationForm })),
);

/** How someone signs up for an event: as the logged-in member, or as a guest with name and e-mail. */
export function RegistrationPanel({ event }: { event: Event }) {
  const currentUser = useCurrentUser();
  // A party larger than a paid walk's seats left cannot pay for them: it waits in line together
  // (decision 041), registered as for a full walk, and pays on the day if seats open up.
  const [partyWaits, setPartyWaits] = useState(false);

  if (event.isCancelled) {
    return (
      <div className="grid gap-3">
        <OutcomeAlert
          outcome={{
            tone: 'error',
            title: 'This walk has been cancelled',
            description: 'Registration is closed. Everyone who had registered has been told by e-mail.',
          }}
        />
        <Link to="/events" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          <BanIcon aria-hidden="true" className="mr-1 inline size-4" />
          See our other walks
        </Link>
      </div>
    );
  }
  if (event.isPast) {
    return (
      <div className="grid gap-3">
        <OutcomeAlert
          outcome={{
            tone: 'info',
            title: 'This walk has taken place',
            description: 'Registration is closed. Join us on one of our upcoming walks!',
          }}
        />
        <Link to="/events" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          <HistoryIcon aria-hidden="true" className="mr-1 inline size-4" />
          See upcoming walks
        </Link>
      </div>
    );
  }

  const actionLabel = event.seatsLeft > 0 && !partyWaits ? 'Register' : 'Join the waitlist';
  if (currentUser.isPending) return <Skeleton className="h-40 w-full" />;
  // A paid event with a seat left is paid through the checkout (a full one keeps its waitlist).
  if (event.price > 0 && event.seatsLeft > 0 && !partyWaits) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Pay now by card and your seat is confirmed straight away; your receipt comes by e-mail. Bringing
          others? Add them by name at checkout: each has a seat, paid with yours.
        </p>
        <Button asChild size="lg">
          <Link to={`/checkout?event=${event.id}`}>
            <CreditCardIcon aria-hidden="true" />
            Pay {formatPrice(event.price)} and register
          </Link>
        </Button>
        {event.seatsLeft < PARTY_MAX_SIZE ? (
          <Button variant="link" className="justify-self-start px-0" onClick={() => setPartyWaits(true)}>
            More than {event.seatsLeft === 1 ? 'one' : event.seatsLeft} of you? Join the waitlist together
          </Button>
        ) : null}
      </div>
    );
  }
  if (currentUser.data) {
    return (
      <MemberRegistration
        event={event}
        username={currentUser.data.username}
        actionLabel={actionLabel}
        askParty={partyWaits}
      />
    );
  }
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <GuestRegistrationForm event={event} actionLabel={actionLabel} />
    </Suspense>
  );
}
