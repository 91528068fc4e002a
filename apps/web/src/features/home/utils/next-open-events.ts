import type { Event } from '@jesus-walks/contracts/events';

/** The next `count` walks that are still open: upcoming and not cancelled, soonest first. */
export function nextOpenEvents(events: readonly Event[], count: number): Event[] {
  return events
    .filter((event) => !event.isPast && !event.isCancelled)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .slice(0, count);
}
