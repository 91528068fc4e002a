import { CALENDAR_FEED_HISTORY_DAYS, eventRoutes } from '@jesus-walks/contracts/events';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { MailAttachment } from '@jesus-walks/service-kit/mailer';
import { type ContentDeps, siteUrl } from '../../deps';
import { meetingPointOf } from '../events/event-seats.service';
import { findWalk, listWalksSince, type WalkRow } from './calendar.repository';
import {
  CALENDAR_MAIL_CONTENT_TYPE,
  type CalendarPublisher,
  type CalendarWalk,
  walkCalendar,
} from './walk-calendar';

/** The feed's name in a subscriber's list of calendars (X-WR-CALNAME). */
export const CALENDAR_FEED_NAME = 'Jesus Walks — walks';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the walk last changed: created, edited (its capacity included) or cancelled. */
function lastChangeOf(row: WalkRow): Date {
  const times = [row.createdAt, row.updatedAt, row.cancelledAt].flatMap((time) =>
    time ? [time.getTime()] : [],
  );
  return new Date(Math.max(...times));
}

/**
 * The one mapping from a stored event to the calendar's walk: its length and meeting point when its
 * leader gave them (migration 0018), else the default length and no GEO.
 */
export function calendarWalkOf(deps: Pick<ContentDeps, 'publicOrigin'>, row: WalkRow): CalendarWalk {
  const lastModified = lastChangeOf(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    start: row.date,
    durationMinutes: row.durationMinutes,
    geo: meetingPointOf(row),
    cancelled: row.cancelledAt !== null,
    // Counted by the events table: one more at every change (migration 0019).
    sequence: row.calendarSequence,
    lastModified,
    url: siteUrl(deps, `/events/${row.id}`),
  };
}

function publisherOf(deps: Pick<ContentDeps, 'publicOrigin'>): CalendarPublisher {
  return { host: new URL(deps.publicOrigin).hostname };
}

/** A file name from the walk's title ('sunrise-prayer-walk.ics'). */
export function walkCalendarFileName(walk: Pick<WalkRow, 'id' | 'title'>): string {
  const slug = walk.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || `walk-${walk.id}`}.ics`;
}

/**
 * The feed: walks to come and those of the last CALENDAR_FEED_HISTORY_DAYS days, cancelled ones
 * included, so that a subscriber keeps their history and sees a cancellation (a deleted walk simply
 * leaves it). It holds until its oldest walk leaves that window.
 */
export async function calendarFeed(
  deps: Pick<ContentDeps, 'db' | 'publicOrigin'>,
  now = new Date(),
): Promise<{ text: string; validUntil: Date | undefined }> {
  const history = CALENDAR_FEED_HISTORY_DAYS * DAY_MS;
  const rows = await listWalksSince(deps.db, new Date(now.getTime() - history));
  const text = walkCalendar(
    rows.map((row) => calendarWalkOf(deps, row)),
    {
      ...publisherOf(deps),
      feed: { name: CALENDAR_FEED_NAME, url: siteUrl(deps, eventRoutes.calendarFeed.path) },
    },
  );
  const oldest = rows[0];
  return { text, validUntil: oldest ? new Date(oldest.date.getTime() + history) : undefined };
}

/** One walk as a file to import, past or cancelled ones included (it says so); 404 when unknown. */
export async function walkCalendarFile(
  deps: Pick<ContentDeps, 'db' | 'publicOrigin'>,
  walkId: number,
): Promise<{ fileName: string; text: string }> {
  const row = await findWalk(deps.db, walkId);
  if (!row) throw notFound('Event not found');
  return {
    fileName: walkCalendarFileName(row),
    text: walkCalendar([calendarWalkOf(deps, row)], publisherOf(deps)),
  };
}

/** The walk's .ics for a confirmation e-mail, the same event as the feed's (its UID and SEQUENCE). */
export function walkCalendarAttachment(
  deps: Pick<ContentDeps, 'publicOrigin'>,
  row: WalkRow,
): MailAttachment {
  return {
    filename: walkCalendarFileName(row),
    contentType: CALENDAR_MAIL_CONTENT_TYPE,
    content: walkCalendar([calendarWalkOf(deps, row)], publisherOf(deps)),
  };
}
