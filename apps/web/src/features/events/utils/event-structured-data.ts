import { walkMapUrl } from '@jesus-walks/contracts/constants';
import type { Event } from '@jesus-walks/contracts/events';
import { isoDuration, walkFactsSentence } from '@/lib/events/walk-facts';

/**
 * schema.org Event for search engines (rich results for events), with what schema.org's Event
 * takes of the walk's details: the meeting point's coordinates (`geo`, and `hasMap`) on its Place,
 * the expected `duration` (and so its `endDate`), the `typicalAgeRange` from the minimum age. Event
 * has no property for distance, climbing, difficulty or dogs: they are said at the end of its
 * description instead.
 */
export function eventStructuredData(event: Event, origin: string): Record<string, unknown> {
  const url = `${origin}/events/${event.id}`;
  const facts = walkFactsSentence(event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: facts ? `${event.description}\n\n${facts}` : event.description,
    startDate: event.date,
    ...(event.durationMinutes !== null
      ? {
          endDate: new Date(Date.parse(event.date) + event.durationMinutes * 60_000).toISOString(),
          duration: isoDuration(event.durationMinutes),
        }
      : {}),
    eventStatus: event.isCancelled
      ? 'https://schema.org/EventCancelled'
      : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location,
      address: event.location,
      ...(event.meetingPoint
        ? {
            geo: {
              '@type': 'GeoCoordinates',
              latitude: event.meetingPoint.latitude,
              longitude: event.meetingPoint.longitude,
            },
            hasMap: walkMapUrl(event.meetingPoint),
          }
        : {}),
    },
    ...(event.minimumAge !== null ? { typicalAgeRange: `${event.minimumAge}-` } : {}),
    isAccessibleForFree: event.price === 0,
    ...(event.imageUrl ? { image: [new URL(event.imageUrl, origin).toString()] } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: event.price.toFixed(2),
      priceCurrency: 'USD',
      availability: event.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    organizer: { '@type': 'Organization', name: 'Jesus Walks', url: `${origin}/` },
  };
}

/** The event in one line for search results and link previews (at most 160 characters). */
export function eventSummary(event: Event): string {
  const text = event.description.replace(/\s+/g, ' ').trim();
  return text.length <= 160 ? text : `${text.slice(0, 157).trimEnd()}...`;
}
