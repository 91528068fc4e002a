import type { Event } from '@jesus-walks/contracts/events';
import type { EventRowWithCounts } from './events.repository';

/** A stored event as clients see it. */
export function toEvent(row: EventRowWithCounts, now = new Date()): Event {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    date: row.date.toISOString(),
    location: row.location,
    description: row.description,
    capacity: row.capacity,
    price: row.price,
    seatsTaken: row.seatsTaken,
    seatsLeft: Math.max(0, row.capacity - row.seatsTaken),
    waitlistCount: row.waitlistCount,
    isPast: row.date <= now,
    isCancelled: row.cancelledAt !== null,
  };
}

/** Upcoming events first, soonest first; then past ones, latest first. */
export function byUpcomingThenPast(a: Event, b: Event): number {
  if (a.isPast !== b.isPast) return a.isPast ? 1 : -1;
  const difference = Date.parse(a.date) - Date.parse(b.date);
  return (a.isPast ? -difference : difference) || a.id - b.id;
}
