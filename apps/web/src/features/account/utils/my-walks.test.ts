import type { MyRegistration } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { anEvent, aRegistration } from '@/testing/api-stubs';
import { canCancel, splitMyWalks } from './my-walks';

function mine(
  id: number,
  date: string,
  overrides: Partial<MyRegistration> = {},
  past = false,
): MyRegistration {
  return {
    ...aRegistration({ id, eventId: id }),
    event: anEvent({ id, date, isPast: past }),
    payment: null,
    ticketPath: null,
    ...overrides,
  };
}

describe('splitMyWalks', () => {
  it('puts the walks to come first, soonest first, and the past ones latest first', () => {
    const walks = splitMyWalks([
      mine(1, '2030-06-01T16:00:00.000Z'),
      mine(2, '2020-01-01T16:00:00.000Z', {}, true),
      mine(3, '2030-05-01T16:00:00.000Z'),
      mine(4, '2021-01-01T16:00:00.000Z', {}, true),
    ]);
    expect(walks.upcoming.map((walk) => walk.id)).toEqual([3, 1]);
    expect(walks.past.map((walk) => walk.id)).toEqual([4, 2]);
  });

  it('counts a cancelled walk with the past ones: nothing more can happen to it', () => {
    const cancelled = mine(5, '2030-05-01T16:00:00.000Z');
    cancelled.event = { ...cancelled.event, isCancelled: true };
    expect(splitMyWalks([cancelled])).toEqual({ upcoming: [], past: [cancelled] });
  });
});

describe('canCancel', () => {
  it('lets a member cancel a seat or a waitlist place at a walk still to come', () => {
    expect(canCancel(mine(1, '2030-06-01T16:00:00.000Z'))).toBe(true);
    expect(
      canCancel(mine(1, '2030-06-01T16:00:00.000Z', { status: 'waitlisted', waitlistPosition: 1 })),
    ).toBe(true);
  });

  it('offers nothing for a cancelled registration, a past walk or a cancelled walk', () => {
    expect(canCancel(mine(1, '2030-06-01T16:00:00.000Z', { status: 'cancelled' }))).toBe(false);
    expect(canCancel(mine(1, '2020-06-01T16:00:00.000Z', {}, true))).toBe(false);
    const walk = mine(1, '2030-06-01T16:00:00.000Z');
    walk.event = { ...walk.event, isCancelled: true };
    expect(canCancel(walk)).toBe(false);
  });

  it('offers nothing at a paid walk the group cancelled: its cancellation refunded the seat', () => {
    const walk = mine(1, '2030-06-01T16:00:00.000Z', {
      payment: { amount: '25.00', testMode: false, refundable: false, refunded: true },
    });
    walk.event = { ...walk.event, isCancelled: true };
    expect(canCancel(walk)).toBe(false);
  });
});
