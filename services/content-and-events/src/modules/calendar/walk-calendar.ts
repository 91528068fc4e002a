import { DEFAULT_WALK_DURATION_MINUTES } from '@jesus-walks/contracts/constants';
import type { MeetingPoint } from '@jesus-walks/contracts/events';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * A walk as a calendar shows it, whatever its stored shape (calendar.service.ts maps the events
 * table's row to it).
 */
export interface CalendarWalk {
  id: number;
  title: string;
  description: string;
  location: string;
  start: Date;
  /** null: not given; the calendar shows DEFAULT_WALK_DURATION_MINUTES. */
  durationMinutes: number | null;
  /** The meeting point, when known. */
  geo: MeetingPoint | null;
  cancelled: boolean;
  /** Grows with every change, so a calendar that has the walk takes the new version over it. */
  sequence: number;
  lastModified: Date;
  /** The walk's page, absolute. */
  url: string;
}

/** Who publishes: the UIDs' domain, and for the feed its name and address. */
export interface CalendarPublisher {
  /** The site's host name (jesuswalks.org): a walk's UID is `walk-<id>@<host>` for ever. */
  host: string;
  /** A feed to subscribe to (named, refreshed); without it, a one-off file to import. */
  feed?: { name: string; url: string };
}

/** How often a subscribed calendar asks for the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SECONDS = 60 * 60;

/** The MIME type of what walkCalendar writes. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** The same with the METHOD it carries, as mail clients read it on an attachment. */
export const CALENDAR_MAIL_CONTENT_TYPE = `${CALENDAR_CONTENT_TYPE}; method=PUBLISH`;

/** A walk's UID: the same in the feed, the download and the e-mail, whatever changes. */
export function walkUid(walkId: number, host: string): string {
  return `walk-${walkId}@${host}`;
}

/**
 * Walks as an iCalendar object (RFC 5545), one VEVENT each, times in UTC. DTSTAMP is the walk's
 * last change rather than the time of writing, so the same walks give the same bytes (and ETag).
 */
export function walkCalendar(walks: readonly CalendarWalk[], publisher: CalendarPublisher): string {
  const calendar = ical({
    prodId: { company: 'Jesus Walks', product: 'walks', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(publisher.feed
      ? { name: publisher.feed.name, url: publisher.feed.url, ttl: CALENDAR_REFRESH_SECONDS }
      : {}),
  });
  for (const walk of walks) {
    const minutes = walk.durationMinutes ?? DEFAULT_WALK_DURATION_MINUTES;
    calendar.createEvent({
      id: walkUid(walk.id, publisher.host),
      sequence: walk.sequence,
      stamp: walk.lastModified,
      lastModified: walk.lastModified,
      start: walk.start,
      end: new Date(walk.start.getTime() + minutes * 60_000),
      // Also said in the title: not every calendar shows STATUS.
      summary: walk.cancelled ? `Cancelled: ${walk.title}` : walk.title,
      description: [
        ...(walk.cancelled ? ['This walk has been cancelled.'] : []),
        walk.description,
        walk.url,
      ].join('\n\n'),
      location: {
        title: walk.location,
        ...(walk.geo ? { geo: { lat: walk.geo.latitude, lon: walk.geo.longitude } } : {}),
      },
      url: walk.url,
      status: walk.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too (the library stops before it).
  return `${calendar.toString()}\r\n`;
}
