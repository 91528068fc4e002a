import { DEFAULT_WALK_DURATION_MINUTES } from '@jesus-walks/contracts/constants';
import type { Event } from '@jesus-walks/contracts/events';

/** The walk's text a link carries: long descriptions cut, so the address stays one a browser opens. */
const DETAILS_MAX_CHARACTERS = 1000;

/** A UTC time as Google's template reads it: 20300504T133000Z. */
function googleTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Google Calendar's "add event" page with the walk filled in (its template link: no sign-in, no
 * API). Its length as the feed gives it, the description with the walk's page.
 */
export function googleCalendarUrl(
  event: Pick<Event, 'title' | 'date' | 'durationMinutes' | 'description' | 'location'>,
  pageUrl: string,
): string {
  const start = new Date(event.date);
  const end = new Date(start.getTime() + (event.durationMinutes ?? DEFAULT_WALK_DURATION_MINUTES) * 60_000);
  const description =
    event.description.length > DETAILS_MAX_CHARACTERS
      ? `${event.description.slice(0, DETAILS_MAX_CHARACTERS - 1).trimEnd()}…`
      : event.description;
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleTime(start)}/${googleTime(end)}`,
    details: `${description}\n\n${pageUrl}`,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}
