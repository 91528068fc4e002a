import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import type { PublicReadCache } from '@jesus-walks/service-kit/public-read-cache';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { calendarFeed, walkCalendarFile } from './calendar.service';
import { CALENDAR_CONTENT_TYPE } from './walk-calendar';

/**
 * A CDN in front may keep a calendar this long without asking: subscribed calendars refresh hourly
 * at best, so a cancellation reaching them five minutes later changes nothing for anyone.
 */
const CALENDAR_SHARED_MAX_AGE_SECONDS = 300;

/**
 * The walks as calendars: the feed to subscribe to and each walk's file. Kept like the events list
 * (service-kit's public-read-cache) until an event or a registration changes.
 */
export function registerCalendarRoutes(
  app: ServiceApp,
  deps: Pick<ContentDeps, 'db' | 'publicOrigin'>,
  publicReads: PublicReadCache,
): void {
  registerRoute(app, eventRoutes.calendarFeed, async (request, reply) =>
    publicReads.serve(request, reply, {
      key: 'calendar-feed',
      schema: eventRoutes.calendarFeed.responses[200],
      contentType: CALENDAR_CONTENT_TYPE,
      sharedMaxAgeSeconds: CALENDAR_SHARED_MAX_AGE_SECONDS,
      build: async () => {
        const { text, validUntil } = await calendarFeed(deps);
        return { body: text, validUntil };
      },
    }),
  );
  // One entry per walk that exists (an unknown one is a 404, never kept).
  registerRoute(app, eventRoutes.walkCalendar, async (request, reply) =>
    publicReads.serve(request, reply, {
      key: `walk-calendar:${request.params.id}`,
      schema: eventRoutes.walkCalendar.responses[200],
      contentType: CALENDAR_CONTENT_TYPE,
      sharedMaxAgeSeconds: CALENDAR_SHARED_MAX_AGE_SECONDS,
      build: async () => {
        const file = await walkCalendarFile(deps, request.params.id);
        return { body: file.text, headers: { 'content-disposition': attachment(file.fileName) } };
      },
    }),
  );
}
