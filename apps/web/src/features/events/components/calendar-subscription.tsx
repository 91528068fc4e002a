import { CALENDAR_FEED_PATH } from '@jesus-walks/contracts/constants';
import { CalendarSyncIcon } from 'lucide-react';
import { useSiteOrigin } from '@/lib/site-origin';

/**
 * On the events list: the walks as a calendar to subscribe to (webcal:// opens the visitor's
 * calendar app), and its https address for a calendar that asks for one (Google's "From URL").
 */
export function CalendarSubscription() {
  const feed = new URL(CALENDAR_FEED_PATH, useSiteOrigin());
  const webcal = `webcal://${feed.host}${feed.pathname}`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <CalendarSyncIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <a href={webcal} className="font-medium text-primary underline-offset-4 hover:underline">
        Subscribe to the walks calendar
      </a>
      <span>
        or copy its address:{' '}
        <a href={feed.toString()} className="text-primary wrap-anywhere underline-offset-4 hover:underline">
          {feed.toString()}
        </a>
      </span>
    </p>
  );
}
