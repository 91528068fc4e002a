import type { Event } from '@jesus-walks/contracts/events';

/** schema.org Event for search engines (rich results for events). */
export function eventStructuredData(event: Event, origin: string): Record<string, unknown> {
  const url = `${origin}/events/${event.id}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.date,
    eventStatus: event.isCancelled
      ? 'https://schema.org/EventCancelled'
      : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location, address: event.location },
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
