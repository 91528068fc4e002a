import { CalendarDaysIcon, CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Button } from '@/components/ui/button';
import { pastEvents, upcomingEvents } from '@/lib/events/event-format';
import { useEvents } from '@/lib/events/get-events';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';
import { useSiteOrigin } from '@/lib/site-origin';
import { CalendarSubscription } from '../components/calendar-subscription';
import { EventCard, EventCardSkeleton } from '../components/event-card';
import { SeriesCard } from '../components/series-card';
import { eventStructuredData } from '../utils/event-structured-data';
import { groupBySeries, type WalkListEntry } from '../utils/walk-groups';

function EventSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-6">
      <h2 id={id} className="font-serif text-2xl font-semibold tracking-tight md:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

function entryKey(entry: WalkListEntry): string {
  return entry.kind === 'walk' ? `walk-${entry.event.id}` : `series-${entry.series.id}`;
}

/** A single walk's card, or one card for the walks of a series (decision 039). */
function WalkEntry({ entry, priority = false }: { entry: WalkListEntry; priority?: boolean }) {
  return entry.kind === 'walk' ? (
    <EventCard event={entry.event} priority={priority} />
  ) : (
    <SeriesCard series={entry.series} walks={entry.walks} priority={priority} />
  );
}

function EventsContent() {
  const events = useEvents();

  if (events.isPending) {
    return (
      <div role="status" aria-busy="true" className={gridClass}>
        <span className="sr-only">Loading events…</span>
        <EventCardSkeleton />
        <EventCardSkeleton />
        <EventCardSkeleton />
      </div>
    );
  }

  if (events.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="We couldn't load the events"
        actions={
          <Button onClick={() => events.refetch()} disabled={events.isFetching}>
            Try Again
          </Button>
        }
      >
        Please check your connection and try again.
      </EmptyState>
    );
  }

  const upcoming = upcomingEvents(events.data);
  const past = pastEvents(events.data);

  return (
    <div className="grid gap-14">
      <EventSection id="upcoming-walks" title="Upcoming walks">
        {upcoming.length > 0 ? (
          <ul className={gridClass}>
            {groupBySeries(upcoming).map((entry, index) => (
              <li key={entryKey(entry)}>
                <WalkEntry entry={entry} priority={index < 3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={CalendarDaysIcon}
            title="The walking calendar is being prepared"
            actions={<Button onClick={openNewsletterDialog}>Get notified</Button>}
          >
            Subscribe to Jesus News and hear about new walks first.
          </EmptyState>
        )}
      </EventSection>
      {past.length > 0 ? (
        <EventSection id="past-walks" title="Past walks">
          <ul className={gridClass}>
            {groupBySeries(past).map((entry) => (
              <li key={entryKey(entry)}>
                <WalkEntry entry={entry} />
              </li>
            ))}
          </ul>
        </EventSection>
      ) : null}
    </div>
  );
}

function EventsHead() {
  const events = useEvents();
  const origin = useSiteOrigin();
  const upcoming = events.data ? upcomingEvents(events.data).filter((event) => !event.isCancelled) : [];
  return (
    <PageHead
      title="Our Events"
      description="Guided hikes, sunrise prayer walks and fellowship picnics across the Napa Valley. Register online, members and guests alike."
      path="/events"
      structuredData={upcoming.map((event) => eventStructuredData(event, origin))}
    />
  );
}

export function EventsRoute() {
  return (
    <>
      <EventsHead />
      <PageHeader
        title="Our Events"
        eyebrow="Walk with us"
        description="Guided hikes, sunrise prayer walks and fellowship picnics across the Napa Valley. Everyone is welcome: register as a member or as a guest."
      />
      <Container className="grid gap-8 py-10 md:py-14">
        <CalendarSubscription />
        <EventsContent />
      </Container>
    </>
  );
}
