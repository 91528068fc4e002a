import type { Event } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import { nextOpenEvents } from './next-open-events';

function event(id: number, date: string, flags: Partial<Pick<Event, 'isPast' | 'isCancelled'>> = {}): Event {
  return anEvent({
    id,
    title: `Walk ${id}`,
    date,
    location: 'Napa',
    description: '',
    capacity: 10,
    seatsTaken: 0,
    seatsLeft: 10,
    ...flags,
  });
}

describe('nextOpenEvents', () => {
  it('keeps upcoming, not cancelled walks, soonest first, at most `count`', () => {
    const events = [
      event(1, '2030-03-01T09:00:00Z'),
      event(2, '2020-01-01T09:00:00Z', { isPast: true }),
      event(3, '2030-01-01T09:00:00Z'),
      event(4, '2030-02-01T09:00:00Z', { isCancelled: true }),
      event(5, '2030-02-15T09:00:00Z'),
      event(6, '2030-04-01T09:00:00Z'),
    ];
    expect(nextOpenEvents(events, 3).map((e) => e.id)).toEqual([3, 5, 1]);
    expect(nextOpenEvents([], 3)).toEqual([]);
  });

  it('does not reorder the list it is given (the shared cache entry)', () => {
    const events = [event(1, '2030-03-01T09:00:00Z'), event(2, '2030-01-01T09:00:00Z')];
    nextOpenEvents(events, 3);
    expect(events.map((e) => e.id)).toEqual([1, 2]);
  });
});
