import { CalendarX2Icon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { useEvents } from '@/lib/events/get-events';
import { useCheckoutConfig } from '../api/get-checkout-config';
import { EventPayment } from './event-payment';

/** /checkout?event={id}: a paid event's seat, straight to the payment step (no shipping step). */
export function EventCheckout({ eventId }: { eventId: number }) {
  const event = useEvents((events) => events.find((candidate) => candidate.id === eventId) ?? null);
  const currentUser = useCurrentUser();
  const config = useCheckoutConfig();
  if (event.isPending || currentUser.isPending || config.isPending)
    return <Skeleton className="h-96 w-full" />;
  const found = event.data;
  if (!found || found.price <= 0 || found.isPast || found.isCancelled) {
    return (
      <EmptyState
        icon={CalendarX2Icon}
        title="This event cannot be paid for here"
        actions={
          <Button asChild size="lg">
            <Link to={found ? `/events/${found.id}` : '/events'}>Back to events</Link>
          </Button>
        }
      />
    );
  }
  const stripe = config.data?.methods.find((method) => method.method === 'stripe');
  return (
    <div className="mx-auto max-w-2xl">
      <EventPayment
        event={found}
        member={currentUser.data ?? null}
        sandbox={Boolean(stripe?.available && config.data?.stripe.processor === 'sandbox')}
      />
    </div>
  );
}
