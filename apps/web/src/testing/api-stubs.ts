import type { Event, Registration } from '@jesus-walks/contracts/events';
import { vi } from 'vitest';

/**
 * For unit tests of API calls: a stubbed global fetch answering `response` (a Response, or a
 * function making a fresh one per call), and contract-shaped fixtures. Tests restore the real
 * fetch with vi.unstubAllGlobals().
 */
export function stubFetch(response: Response | (() => Response)) {
  const fetchMock = vi.fn<typeof fetch>(async () => (typeof response === 'function' ? response() : response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An upcoming, free event with seats left. */
export function anEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: 5,
    title: 'Vineyard Loop',
    imageUrl: null,
    date: '2030-05-01T09:00:00.000Z',
    location: 'Napa',
    description: 'A walk',
    capacity: 20,
    price: 0,
    seatsTaken: 3,
    seatsLeft: 17,
    waitlistCount: 0,
    isPast: false,
    isCancelled: false,
    ...overrides,
  };
}

/** A confirmed registration for anEvent(). */
export function aRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: 9,
    eventId: 5,
    status: 'confirmed',
    waitlistPosition: null,
    createdAt: '2030-04-01T09:00:00.000Z',
    ...overrides,
  };
}
