import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import {
  cancelWalkMessage,
  eventCounts,
  eventState,
  formatWholeDollars,
  giveSeatQuestion,
  seatBars,
  seatBarText,
  seatGivenMessage,
  seriesCancelDetails,
  subscriberCountCards,
} from './event-stats';

describe('event stats', () => {
  const later = anEvent({
    id: 1,
    title: 'Later',
    date: '2030-09-01T16:00:00.000Z',
    seatsTaken: 5,
    capacity: 20,
  });
  const sooner = anEvent({
    id: 2,
    title: 'Sooner',
    date: '2030-06-01T16:00:00.000Z',
    seatsTaken: 10,
    capacity: 10,
    waitlistCount: 3,
  });
  const past = anEvent({ id: 3, isPast: true });
  const cancelled = anEvent({ id: 4, isCancelled: true, isPast: true });

  it('names an event’s state, cancelled before past', () => {
    expect([later, past, cancelled].map(eventState)).toEqual(['upcoming', 'past', 'cancelled']);
    expect(eventCounts([later, sooner, past, cancelled])).toEqual({ upcoming: 2, past: 1, cancelled: 1 });
  });

  it('charts the upcoming events still on, soonest first, as a share of their capacity', () => {
    expect(seatBars([later, past, sooner, cancelled])).toEqual([
      expect.objectContaining({ id: 2, seatsTaken: 10, capacity: 10, waitlistCount: 3, percent: 100 }),
      expect.objectContaining({ id: 1, seatsTaken: 5, capacity: 20, waitlistCount: 0, percent: 25 }),
    ]);
    expect(seatBars([anEvent({ seatsTaken: 1, capacity: 3 })])[0]?.percent).toBe(33);
  });

  it('says what a bar shows in words', () => {
    expect(seatBarText({ seatsTaken: 5, capacity: 20, waitlistCount: 0 })).toBe('5 of 20 seats taken');
    expect(seatBarText({ seatsTaken: 1, capacity: 1, waitlistCount: 2 })).toBe(
      '1 of 1 seat taken, 2 on the waitlist',
    );
  });

  it('counts subscribers by status, dots while loading', () => {
    expect(subscriberCountCards({ total: 6, confirmed: 3, pending: 2, unsubscribed: 1 })).toEqual([
      { label: 'Confirmed', value: '3' },
      { label: 'Pending', value: '2' },
      { label: 'Unsubscribed', value: '1' },
    ]);
    expect(subscriberCountCards(undefined).map((card) => card.value)).toEqual(['...', '...', '...']);
  });

  it('shows whole-dollar prices', () => {
    expect([formatWholeDollars(0), formatWholeDollars(25)]).toEqual(['Free', '$25']);
  });

  it('says before a seat is given whether the event gets one more', () => {
    expect(giveSeatQuestion('Priscilla', { capacity: 20, seatsLeft: 0 })).toBe(
      'The event is full: this adds a seat (capacity 20 → 21). Priscilla is told by e-mail.',
    );
    expect(giveSeatQuestion('Priscilla', { capacity: 20, seatsLeft: 1 })).toBe(
      'Give Priscilla the free seat, ahead of anyone before them on the waitlist? Priscilla is told by e-mail.',
    );
    expect(giveSeatQuestion('Ann', { capacity: 20, seatsLeft: 3 })).toContain('one of the free seats');
  });

  it('seats a party whole, adding the seats the free ones lack', () => {
    expect(giveSeatQuestion('Ann', { capacity: 20, seatsLeft: 3 }, 3)).toBe(
      "Seat Ann's party of 3 in the free seats, ahead of anyone before them on the waitlist? Ann is told by e-mail.",
    );
    expect(giveSeatQuestion('Ann', { capacity: 20, seatsLeft: 1 }, 3)).toBe(
      "Only 1 seat is free: seating Ann's party of 3 adds 2 seats (capacity 20 → 22). Ann is told by e-mail.",
    );
    expect(giveSeatQuestion('Ann', { capacity: 20, seatsLeft: 0 }, 2)).toBe(
      "The event is full: seating Ann's party of 2 adds 2 seats (capacity 20 → 22). Ann is told by e-mail.",
    );
    expect(seatGivenMessage('Ann', { from: 20, to: 22 }, 3)).toBe(
      "Ann's party of 3 has its seats and is told by e-mail. Capacity is now 22.",
    );
  });

  it('words a seat given, with the new capacity when it went up', () => {
    expect(seatGivenMessage('Priscilla', { from: 20, to: 21 })).toBe(
      'Priscilla has a seat and is told by e-mail. Capacity is now 21.',
    );
    expect(seatGivenMessage('Priscilla', { from: 20, to: 20 })).toBe(
      'Priscilla has a seat and is told by e-mail.',
    );
  });
});

describe('cancelling a walk, or its series', () => {
  it('says what Cancel does to a walk with and without registrations', () => {
    expect(cancelWalkMessage(anEvent({ title: 'Oak Grove', seatsTaken: 0, waitlistCount: 0 }))).toBe(
      '"Oak Grove" has no registrations: it will be deleted.',
    );
    expect(cancelWalkMessage(anEvent({ title: 'Oak Grove', seatsTaken: 2, price: 15 }))).toBe(
      '"Oak Grove" has registrations: it will be marked cancelled, everyone registered or waitlisted told by e-mail, and every seat paid online refunded in full.',
    );
  });

  it("counts the people on a series' walks still to come", () => {
    const walks = [
      anEvent({ seatsTaken: 2, waitlistCount: 1 }),
      anEvent({ seatsTaken: 0, waitlistCount: 0 }),
    ];
    expect(seriesCancelDetails(walks)).toBe(
      'It is one of 2 walks of its series still to come. Cancelling them all cancels each the same way: 3 people are registered or waitlisted on them.',
    );
    expect(
      seriesCancelDetails([anEvent({ seatsTaken: 0, waitlistCount: 0 }), anEvent({ seatsTaken: 0 })]),
    ).toBe(
      'It is one of 2 walks of its series still to come. Cancelling them all cancels each the same way.',
    );
  });
});
