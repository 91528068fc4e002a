import type { Event } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import {
  capacityText,
  eventPageTitle,
  formatEventDate,
  formatEventDay,
  formatEventPrice,
  formatEventTime,
  pastEvents,
  priceText,
  refundPolicyText,
  seatsText,
  upcomingEvents,
  valleyWallClock,
} from './event-format';

describe('event dates', () => {
  it("formats as 'MMMM d, yyyy' on the valley's calendar", () => {
    expect(formatEventDate('2030-05-04T16:00:00.000Z')).toBe('May 4, 2030');
    // 02:00 UTC on the 5th is still the evening of the 4th in Napa.
    expect(formatEventDate('2030-05-05T02:00:00.000Z')).toBe('May 4, 2030');
    expect(formatEventDay('2030-05-04T16:00:00.000Z')).toBe('Saturday, May 4, 2030');
  });

  it('shows the start time with its zone, summer and winter', () => {
    expect(formatEventTime('2030-05-04T16:00:00.000Z')).toBe('9:00 AM PDT');
    expect(formatEventTime('2030-01-12T16:30:00.000Z')).toBe('8:30 AM PST');
  });

  it('reads the wall clock in Napa', () => {
    const clock = valleyWallClock('2030-05-04T13:30:00.000Z');
    expect([clock.getHours(), clock.getMinutes()]).toEqual([6, 30]);
  });
});

describe('event prices and seats', () => {
  it('says Free or the price with two decimals', () => {
    expect(formatEventPrice(0)).toBe('Free');
    expect(formatEventPrice(25)).toBe('$25.00');
  });

  it('says how many seats are left, or that the walk is full', () => {
    const base = { isPast: false, isCancelled: false };
    expect(seatsText({ ...base, seatsLeft: 12 })).toBe('12 seats left');
    expect(seatsText({ ...base, seatsLeft: 1 })).toBe('1 seat left');
    expect(seatsText({ ...base, seatsLeft: 0 })).toBe('Full, join the waitlist');
    expect(seatsText({ ...base, seatsLeft: 0, isCancelled: true })).toBe('Cancelled');
    expect(seatsText({ ...base, seatsLeft: 3, isPast: true })).toBe('This walk has taken place');
  });

  it("says '1 walker' for a walk of one, walkers for more", () => {
    expect(capacityText(1)).toBe('1 walker');
    expect(capacityText(20)).toBe('20 walkers');
  });

  it('says a paid walk with seats is paid when registering, as the panel below offers', () => {
    const open = { price: 25, seatsLeft: 4, isPast: false, isCancelled: false };
    expect(priceText(open)).toBe('$25.00 per person, paid when you register');
    expect(priceText(open)).not.toContain('on the day');
    expect(priceText({ ...open, price: 0 })).toBe('Free');
  });

  it('titles a walk of a series with its date: the walks of a series share one name', () => {
    const walk = { title: 'Sunrise Walk', date: '2030-12-07T16:00:00.000Z', seriesId: null };
    expect(eventPageTitle(walk)).toBe('Sunrise Walk');
    expect(eventPageTitle({ ...walk, seriesId: 3 })).toBe('Sunrise Walk, December 7, 2030');
  });

  it("says a paid walk's cancellation policy, in the valley's time", () => {
    const paid = { price: 25, isPast: false, isCancelled: false, refundDeadline: null };
    expect(refundPolicyText(paid)).toBe('Full refund if you cancel before the walk starts.');
    expect(refundPolicyText({ ...paid, refundDeadline: '2030-06-13T16:00:00.000Z' })).toBe(
      'Full refund if you cancel by Thursday, June 13, 2030, 9:00 AM PDT; no refund after that.',
    );
    expect(refundPolicyText({ ...paid, price: 0 })).toBeNull();
    expect(refundPolicyText({ ...paid, isPast: true })).toBeNull();
    expect(refundPolicyText({ ...paid, isCancelled: true })).toBeNull();
  });

  it("says a full paid walk's waitlisted seat is paid on the day, and a closed one only its price", () => {
    const full = { price: 25, seatsLeft: 0, isPast: false, isCancelled: false };
    expect(priceText(full)).toBe(
      '$25.00 per person; if a seat opens up for you, paid on the day at check-in',
    );
    expect(priceText({ ...full, isPast: true })).toBe('$25.00 per person');
    expect(priceText({ ...full, seatsLeft: 3, isCancelled: true })).toBe('$25.00 per person');
  });
});

describe('event lists', () => {
  const event = (id: number, date: string, isPast: boolean): Event =>
    anEvent({ id, title: `Walk ${id}`, date, location: 'Napa', description: '', capacity: 10, isPast });
  const events = [
    event(1, '2030-06-01T16:00:00Z', false),
    event(2, '2020-06-01T16:00:00Z', true),
    event(3, '2030-05-01T16:00:00Z', false),
    event(4, '2021-06-01T16:00:00Z', true),
  ];

  it('splits upcoming (soonest first) from past (latest first)', () => {
    expect(upcomingEvents(events).map((e) => e.id)).toEqual([3, 1]);
    expect(pastEvents(events).map((e) => e.id)).toEqual([4, 2]);
  });
});
