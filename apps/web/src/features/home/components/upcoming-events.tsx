import { ArrowRightIcon, CalendarDaysIcon, CircleAlertIcon, MapPinIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type Event, useEvents } from '@/lib/events/get-events';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';
import { formatCardDate } from '../utils/home-metadata';
import { nextOpenEvents } from '../utils/next-open-events';

const FALLBACK_IMAGE = '/images/events/trail-default.svg';
const CARDS = 3;

/** The events page's query and cache entry; only this selection is the home page's own. */
const selectNextWalks = (events: Event[]) => nextOpenEvents(events, CARDS);

function EventCardImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? FALLBACK_IMAGE : src}
      alt=""
      width={800}
      height={450}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-video w-full bg-secondary object-cover"
    />
  );
}

/** A card of the 'Upcoming Events' grid (SPEC.md: image, title, date, location, two lines, Register Now). */
function UpcomingEventCard({ event }: { event: Event }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <EventCardImage src={event.imageUrl} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-serif text-xl leading-tight font-semibold">{event.title}</h3>
        <div className="grid gap-1.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarDaysIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <time dateTime={event.date}>{formatCardDate(event.date)}</time>
          </p>
          <p className="flex items-start gap-2">
            <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {event.location}
          </p>
        </div>
        <p className="line-clamp-2 text-sm leading-relaxed text-foreground/85">{event.description}</p>
        <Button asChild className="mt-auto w-full">
          <Link to={`/events/${event.id}`} aria-label={`Register Now: ${event.title}`}>
            Register Now
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function PlaceholderCard() {
  return (
    <Card data-testid="event-placeholder" className="flex h-full flex-col overflow-hidden">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  );
}

function UpcomingEventsGrid() {
  const events = useEvents(selectNextWalks);

  if (events.isPending) {
    return (
      <div role="status" aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">Loading upcoming events…</span>
        {Array.from({ length: CARDS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <PlaceholderCard key={i} />
        ))}
      </div>
    );
  }

  if (events.isError) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-10 text-center">
        <CircleAlertIcon aria-hidden="true" className="size-8 text-accent" />
        <p className="text-muted-foreground">We couldn't load the upcoming walks right now.</p>
        <Button variant="outline" onClick={() => events.refetch()} disabled={events.isFetching}>
          Try Again
        </Button>
      </Card>
    );
  }

  if (events.data.length === 0) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-10 text-center">
        <CalendarDaysIcon aria-hidden="true" className="size-8 text-primary" />
        <p className="text-muted-foreground">
          No walks are scheduled right now. Subscribe to Jesus News and hear about the next one first.
        </p>
        <Button onClick={openNewsletterDialog}>Subscribe Now</Button>
      </Card>
    );
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.data.map((event) => (
        <li key={event.id}>
          <UpcomingEventCard event={event} />
        </li>
      ))}
    </ul>
  );
}

/** The home page's 'Upcoming Events' section. */
export function UpcomingEvents() {
  return (
    <section
      aria-labelledby="upcoming-events"
      className="border-y border-border bg-secondary/40 py-16 md:py-20"
    >
      <Container>
        <div className="mb-10 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <h2 id="upcoming-events" className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">
              Upcoming Events
            </h2>
            <p className="mt-3 text-muted-foreground">
              Pick a walk, bring a friend, and come as you are. Members and guests alike can register online.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/events">
              All events
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <UpcomingEventsGrid />
      </Container>
    </section>
  );
}
