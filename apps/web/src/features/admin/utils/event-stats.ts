import type { Event } from '@jesus-walks/contracts/events';
import type { SubscriberList } from '@jesus-walks/contracts/newsletter';

export type EventState = 'upcoming' | 'past' | 'cancelled';

/** What the admin's table says of an event: cancelled wins over past. */
export function eventState(event: Pick<Event, 'isPast' | 'isCancelled'>): EventState {
  if (event.isCancelled) return 'cancelled';
  return event.isPast ? 'past' : 'upcoming';
}

export interface SeatBar {
  id: number;
  title: string;
  date: string;
  seatsTaken: number;
  capacity: number;
  waitlistCount: number;
  /** Seats taken as a share of the capacity, 0 to 100, whole. */
  percent: number;
}

/** The chart's bars: every upcoming event still on, soonest first, with its seats taken. */
export function seatBars(events: readonly Event[]): SeatBar[] {
  return events
    .filter((event) => eventState(event) === 'upcoming')
    .toSorted((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((event) => ({
      id: event.id,
      title: event.title,
      date: event.date,
      seatsTaken: event.seatsTaken,
      capacity: event.capacity,
      waitlistCount: event.waitlistCount,
      percent: event.capacity > 0 ? Math.min(100, Math.round((event.seatsTaken / event.capacity) * 100)) : 0,
    }));
}

/** '12 of 20 seats taken, 3 on the waitlist': what a bar says, in words. */
export function seatBarText(bar: Pick<SeatBar, 'seatsTaken' | 'capacity' | 'waitlistCount'>): string {
  const seats = `${bar.seatsTaken} of ${bar.capacity} ${bar.capacity === 1 ? 'seat' : 'seats'} taken`;
  return bar.waitlistCount > 0 ? `${seats}, ${bar.waitlistCount} on the waitlist` : seats;
}

/** The counts above the events table. */
export function eventCounts(events: readonly Event[]): { upcoming: number; past: number; cancelled: number } {
  const counts = { upcoming: 0, past: 0, cancelled: 0 };
  for (const event of events) counts[eventState(event)] += 1;
  return counts;
}

/**
 * What giving a waitlisted person a seat will do, said before it is done: take a free seat, or, at
 * a full event, add one ('The event is full: this adds a seat (capacity 20 → 21).'). A party is
 * seated whole (decision 041): the capacity grows by the seats the free ones lack.
 */
export function giveSeatQuestion(
  name: string,
  event: Pick<Event, 'capacity' | 'seatsLeft'>,
  partySize = 1,
): string {
  const told = `${name} is told by e-mail.`;
  const free = Math.max(0, event.seatsLeft);
  if (partySize > 1) {
    const seats = `${name}'s party of ${partySize}`;
    if (free >= partySize) {
      return `Seat ${seats} in the free seats, ahead of anyone before them on the waitlist? ${told}`;
    }
    const added = partySize - free;
    const lacking =
      free === 0 ? 'The event is full' : `Only ${free} ${free === 1 ? 'seat is' : 'seats are'} free`;
    return `${lacking}: seating ${seats} adds ${added === 1 ? 'a seat' : `${added} seats`} (capacity ${event.capacity} → ${event.capacity + added}). ${told}`;
  }
  if (free > 0) {
    return `Give ${name} ${free === 1 ? 'the free seat' : 'one of the free seats'}, ahead of anyone before them on the waitlist? ${told}`;
  }
  return `The event is full: this adds a seat (capacity ${event.capacity} → ${event.capacity + 1}). ${told}`;
}

/** The toast once a seat is given (seats, to a party): the capacity is mentioned when it went up. */
export function seatGivenMessage(
  name: string,
  capacity: { from: number; to: number },
  partySize = 1,
): string {
  const raised = capacity.to > capacity.from ? ` Capacity is now ${capacity.to}.` : '';
  const seated = partySize > 1 ? `${name}'s party of ${partySize} has its seats` : `${name} has a seat`;
  return `${seated} and is told by e-mail.${raised}`;
}

/** The subscriber count cards, in order. */
export function subscriberCountCards(
  counts: SubscriberList['counts'] | undefined,
): Array<{ label: string; value: string }> {
  const show = (value: number | undefined) => (value === undefined ? '...' : String(value));
  return [
    { label: 'Confirmed', value: show(counts?.confirmed) },
    { label: 'Pending', value: show(counts?.pending) },
    { label: 'Unsubscribed', value: show(counts?.unsubscribed) },
  ];
}

/** "Dollars": prices are whole dollars, 0 is free. */
export function formatWholeDollars(price: number): string {
  return price > 0 ? `$${price}` : 'Free';
}

/** What cancelling a walk does, as the confirmation says it. */
export function cancelWalkMessage(walk: Event): string {
  return walk.seatsTaken + walk.waitlistCount > 0
    ? `"${walk.title}" has registrations: it will be marked cancelled, everyone registered or waitlisted told by e-mail${walk.price > 0 ? ', and every seat paid online refunded in full' : ''}.`
    : `"${walk.title}" has no registrations: it will be deleted.`;
}

/**
 * Cancelling a walk of a series (decision 039) with other walks still to come: they may all be
 * cancelled with it, each the same way.
 */
export function seriesCancelDetails(seriesWalks: readonly Event[]): string {
  const people = seriesWalks.reduce((sum, walk) => sum + walk.seatsTaken + walk.waitlistCount, 0);
  const who = people === 1 ? '1 person is' : `${people} people are`;
  return `It is one of ${seriesWalks.length} walks of its series still to come. Cancelling them all cancels each the same way${people > 0 ? `: ${who} registered or waitlisted on them` : ''}.`;
}
