import { WALK_CALENDAR_PATH } from '@jesus-walks/contracts/constants';
import type { Event } from '@jesus-walks/contracts/events';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { CalendarPlusIcon, ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSiteOrigin } from '@/lib/site-origin';
import { googleCalendarUrl } from '../utils/google-calendar-link';

/**
 * "Add to calendar" on a walk's page: its .ics file (Apple Calendar, Outlook and the rest) and
 * Google Calendar's add-event page. Nothing for a walk that is over or cancelled.
 */
export function AddToCalendar({ event }: { event: Event }) {
  const origin = useSiteOrigin();
  if (event.isPast || event.isCancelled) return null;
  const pageUrl = new URL(`/events/${event.id}`, origin).toString();
  return (
    <section aria-labelledby="add-to-calendar" className="grid gap-2">
      <h3
        id="add-to-calendar"
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Add to calendar
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={pathOf(WALK_CALENDAR_PATH, { id: event.id })}>
            <CalendarPlusIcon aria-hidden="true" />
            Calendar file (.ics)
            <span className="sr-only"> for Apple Calendar, Outlook and others</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={googleCalendarUrl(event, pageUrl)} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Google Calendar
            <span className="sr-only"> (in a new tab)</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
