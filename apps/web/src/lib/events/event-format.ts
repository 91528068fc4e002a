import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/constants';
import type { Event } from '@jesus-walks/contracts/events';
import { valleyWallClockOf } from '@jesus-walks/contracts/valley-clock';
import { format } from 'date-fns';
import { formatCount } from '@/lib/format';

/**
 * A Date whose local fields are the event's wall-clock time in the valley, for date-fns `format`:
 * a visitor abroad still sees the day and hour the walk starts at the meeting point.
 */
export function valleyWallClock(iso: string): Date {
  const clock = valleyWallClockOf(new Date(iso));
  return new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
}

const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: VALLEY_TIME_ZONE, timeZoneName: 'short' });

/** "May 4, 2030" (the spec's 'MMMM d, yyyy'). */
export function formatEventDate(iso: string): string {
  return format(valleyWallClock(iso), 'MMMM d, yyyy');
}

/** "Saturday, May 4, 2030". */
export function formatEventDay(iso: string): string {
  return format(valleyWallClock(iso), 'EEEE, MMMM d, yyyy');
}

/** "9:00 AM PDT". */
export function formatEventTime(iso: string): string {
  const zone = zoneName.formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')?.value;
  return `${format(valleyWallClock(iso), 'h:mm a')}${zone ? ` ${zone}` : ''}`;
}

/** "Free" or "$25.00" (prices are whole dollars). */
export function formatEventPrice(price: number): string {
  return price > 0 ? `$${price.toFixed(2)}` : 'Free';
}

/**
 * The price, and when it is paid: an open paid walk is paid by card at registration (the panel's
 * 'Pay $X and register'); a seat that opens up for the waitlist is paid on the day at check-in, as
 * the server's e-mail to the promoted walker says.
 */
export function priceText(event: Pick<Event, 'price' | 'seatsLeft' | 'isPast' | 'isCancelled'>): string {
  if (event.price <= 0) return 'Free';
  const perPerson = `${formatEventPrice(event.price)} per person`;
  if (event.isPast || event.isCancelled) return perPerson;
  return event.seatsLeft > 0
    ? `${perPerson}, paid when you register`
    : `${perPerson}; if a seat opens up for you, paid on the day at check-in`;
}

/**
 * A walk's page title: its name, and for a walk of a series (which all share one name) its date,
 * so that each page has its own title ("Saturday Sunrise Walk, December 5, 2030").
 */
export function eventPageTitle(event: Pick<Event, 'title' | 'date' | 'seriesId'>): string {
  return event.seriesId === null ? event.title : `${event.title}, ${formatEventDate(event.date)}`;
}

/**
 * A paid walk's cancellation policy in words (null for a free, past or cancelled walk): a full
 * refund until its refund deadline, none after; or until it starts when it sets none.
 */
export function refundPolicyText(
  event: Pick<Event, 'price' | 'isPast' | 'isCancelled' | 'refundDeadline'>,
): string | null {
  if (event.price <= 0 || event.isPast || event.isCancelled) return null;
  if (event.refundDeadline === null) return 'Full refund if you cancel before the walk starts.';
  return `Full refund if you cancel by ${formatEventDay(event.refundDeadline)}, ${formatEventTime(event.refundDeadline)}; no refund after that.`;
}

/** "1 walker", "20 walkers": how many the walk takes. */
export function capacityText(capacity: number): string {
  return formatCount(capacity, { one: 'walker', other: 'walkers' });
}

/** What the seats look like to someone deciding whether to come. */
export function seatsText(event: Pick<Event, 'seatsLeft' | 'isPast' | 'isCancelled'>): string {
  if (event.isCancelled) return 'Cancelled';
  if (event.isPast) return 'This walk has taken place';
  if (event.seatsLeft <= 0) return 'Full, join the waitlist';
  return `${formatCount(event.seatsLeft, { one: 'seat', other: 'seats' })} left`;
}

/** Upcoming events (cancelled ones included, marked as such) soonest first. */
export function upcomingEvents<E extends Event>(events: readonly E[]): E[] {
  return events.filter((event) => !event.isPast).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

/** Past events, latest first. */
export function pastEvents<E extends Event>(events: readonly E[]): E[] {
  return events.filter((event) => event.isPast).sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}
