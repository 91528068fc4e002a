import {
  AccessibilityIcon,
  ArrowLeftIcon,
  BackpackIcon,
  CalendarDaysIcon,
  CircleAlertIcon,
  ClockIcon,
  type LucideIcon,
  MapPinIcon,
  MapPinOffIcon,
  TicketIcon,
  Undo2Icon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHead } from '@/components/seo/page-head';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  capacityText,
  eventPageTitle,
  formatEventDay,
  formatEventPrice,
  formatEventTime,
  priceText,
  refundPolicyText,
  seatsText,
} from '@/lib/events/event-format';
import type { Event } from '@/lib/events/get-events';
import { useSiteOrigin } from '@/lib/site-origin';
import { useEvent } from '../api/get-event';
import { AddToCalendar } from '../components/add-to-calendar';
import { EventImage } from '../components/event-image';
import { GuestCancellation } from '../components/guest-cancellation';
import { RegistrationPanel } from '../components/registration-panel';
import { OpenInMapsLink, WalkFactsLine } from '../components/walk-facts';
import { eventStructuredData, eventSummary } from '../utils/event-structured-data';

function BackToEvents() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to="/events">
        <ArrowLeftIcon aria-hidden="true" />
        All events
      </Link>
    </Button>
  );
}

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    // A <dl> group holds only <dt> and <dd>: the icon lives in the term, placed beside both.
    <div className="relative pl-8">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-primary" />
        {label}
      </dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

function EventFacts({ event }: { event: Event }) {
  const refundPolicy = refundPolicyText(event);
  return (
    <dl className="grid gap-4">
      <Fact icon={CalendarDaysIcon} label="Date">
        <time dateTime={event.date}>{formatEventDay(event.date)}</time>
      </Fact>
      <Fact icon={ClockIcon} label="Time">
        {formatEventTime(event.date)}
      </Fact>
      <Fact icon={MapPinIcon} label="Meeting point">
        {event.location}
        {event.meetingPoint ? (
          <OpenInMapsLink point={event.meetingPoint} className="mt-2 flex w-fit" />
        ) : null}
      </Fact>
      <Fact icon={TicketIcon} label="Price">
        {priceText(event)}
      </Fact>
      {refundPolicy ? (
        <Fact icon={Undo2Icon} label="Cancellation">
          {refundPolicy}
        </Fact>
      ) : null}
      <Fact icon={UsersIcon} label="Capacity">
        {capacityText(event.capacity)} ·{' '}
        <span className={event.seatsLeft > 0 || event.isPast ? 'font-semibold' : 'font-semibold text-accent'}>
          {seatsText(event)}
        </span>
        {event.waitlistCount > 0 && !event.isPast && !event.isCancelled
          ? ` (${event.waitlistCount} on the waitlist)`
          : ''}
      </Fact>
    </dl>
  );
}

function Note({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: string }) {
  return (
    <div className="grid gap-1">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {title}
      </h3>
      <p className="leading-relaxed whitespace-pre-line text-foreground/90">{children}</p>
    </div>
  );
}

/** What the walk's leader wants walkers to know before the day: access and what to bring. */
function GoodToKnow({ event }: { event: Event }) {
  if (!event.accessibilityNotes && !event.whatToBring) return null;
  return (
    <section aria-labelledby="good-to-know" className="grid gap-4">
      <h2 id="good-to-know" className="font-serif text-2xl font-semibold">
        Good to know
      </h2>
      {event.accessibilityNotes ? (
        <Note icon={AccessibilityIcon} title="Accessibility">
          {event.accessibilityNotes}
        </Note>
      ) : null}
      {event.whatToBring ? (
        <Note icon={BackpackIcon} title="What to bring">
          {event.whatToBring}
        </Note>
      ) : null}
    </section>
  );
}

function EventDetail({ event }: { event: Event }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const cancelToken = searchParams.get('cancel');
  const origin = useSiteOrigin();

  return (
    <>
      <PageHead
        title={`${eventPageTitle(event)} | Jesus Walks`}
        description={eventSummary(event)}
        path={`/events/${event.id}`}
        image={event.imageUrl}
        type="article"
        noindex={cancelToken !== null}
        structuredData={[eventStructuredData(event, origin)]}
      />

      <div className="border-b border-border bg-secondary/50">
        <Container className="grid gap-3 py-8 md:py-10">
          <div>
            <BackToEvents />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {event.isCancelled ? <Badge variant="destructive">Cancelled</Badge> : null}
            {event.isPast ? <Badge variant="outline">Past walk</Badge> : null}
            <Badge variant={event.price > 0 ? 'accent' : 'secondary'}>{formatEventPrice(event.price)}</Badge>
          </div>
          <h1 className="max-w-3xl font-serif text-3xl font-semibold tracking-tight text-foreground md:text-4xl">
            {event.title}
          </h1>
          <p className="text-muted-foreground">
            <time dateTime={event.date}>
              {formatEventDay(event.date)} at {formatEventTime(event.date)}
            </time>{' '}
            · {event.location}
          </p>
          <WalkFactsLine event={event} className="text-sm font-medium text-foreground/85" />
        </Container>
      </div>

      <Container className="grid gap-8 py-10 md:py-12 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div className="grid gap-8">
          <EventImage
            src={event.imageUrl}
            alt={`Illustration: ${event.title}`}
            loading="eager"
            fetchPriority="high"
            className="rounded-xl border border-border shadow-sm"
          />
          <section aria-labelledby="about-walk" className="grid gap-3">
            <h2 id="about-walk" className="font-serif text-2xl font-semibold">
              About this walk
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-foreground/90">{event.description}</p>
          </section>
          <GoodToKnow event={event} />
        </div>

        <aside className="grid gap-6 lg:sticky lg:top-24">
          <Card>
            <CardHeader>
              <CardTitle as="h2">
                {event.isPast || event.isCancelled ? 'Details' : 'Join this walk'}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              <EventFacts event={event} />
              <AddToCalendar event={event} />
              {cancelToken ? (
                <GuestCancellation
                  eventId={event.id}
                  token={cancelToken}
                  onDismiss={() => setSearchParams({}, { replace: true })}
                />
              ) : (
                <RegistrationPanel event={event} />
              )}
            </CardContent>
          </Card>
        </aside>
      </Container>
    </>
  );
}

function EventDetailSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading event…</span>
      <div className="border-b border-border bg-secondary/50">
        <Container className="grid gap-3 py-8 md:py-10">
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-10 w-2/3 max-w-xl" />
          <Skeleton className="h-5 w-1/2 max-w-md" />
        </Container>
      </div>
      <Container className="grid gap-8 py-10 md:py-12 lg:grid-cols-[minmax(0,1fr)_380px]">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </Container>
    </div>
  );
}

export function EventDetailRoute() {
  const { id = '' } = useParams();
  const event = useEvent(id);

  if (event.isPending) return <EventDetailSkeleton />;

  if (event.isError) {
    return (
      <Container className="py-16">
        <title>Event</title>
        <EmptyState
          icon={CircleAlertIcon}
          title="We couldn't load this event"
          actions={
            <>
              <Button onClick={() => event.refetch()} disabled={event.isFetching}>
                Try Again
              </Button>
              <Button asChild variant="outline">
                <Link to="/events">All events</Link>
              </Button>
            </>
          }
        >
          Please check your connection and try again.
        </EmptyState>
      </Container>
    );
  }

  if (!event.data) {
    return (
      <Container className="py-16">
        <title>Event not found</title>
        <meta name="robots" content="noindex" />
        <EmptyState
          icon={MapPinOffIcon}
          title="Event not found"
          actions={
            <Button asChild>
              <Link to="/events">See all events</Link>
            </Button>
          }
        >
          This event does not exist or is no longer listed. Have a look at our upcoming walks instead.
        </EmptyState>
      </Container>
    );
  }

  return <EventDetail event={event.data} />;
}
