import type { MyRegistration } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { whoComesText } from '@/lib/events/party';
import { anEvent, aRegistration } from '@/testing/api-stubs';
import { canCancel, canEditParty, partyChangeNotes, partyFormHint, splitMyWalks } from './my-walks';

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

describe('a party on My walks (decision 041)', () => {
  const paid = { amount: '75.00', testMode: false, refundable: true, refunded: false };

  it('says who comes with each registration', () => {
    const party = mine(1, '2030-06-01T16:00:00.000Z', { partySize: 3, party: ['Ben', 'Cara'] });
    expect(whoComesText(party.party)).toBe('You, Ben and Cara · 3 people');
    expect(whoComesText(mine(2, '2030-06-01T16:00:00.000Z').party)).toBe('Just you');
  });

  it('lets the party change until the walk, not after it nor once cancelled', () => {
    expect(canEditParty(mine(1, '2030-06-01T16:00:00.000Z'))).toBe(true);
    expect(canEditParty(mine(1, '2030-06-01T16:00:00.000Z', { status: 'cancelled' }))).toBe(false);
    expect(canEditParty(mine(1, '2020-06-01T16:00:00.000Z', {}, true))).toBe(false);
    const cancelledWalk = mine(1, '2030-06-01T16:00:00.000Z');
    cancelledWalk.event = { ...cancelledWalk.event, isCancelled: true };
    expect(canEditParty(cancelledWalk)).toBe(false);
  });

  it('keeps the number paid online: only names to change, so nothing to edit for one person', () => {
    const party = mine(1, '2030-06-01T16:00:00.000Z', {
      partySize: 3,
      party: ['Ben', 'Cara'],
      payment: paid,
    });
    expect(canEditParty(party)).toBe(true);
    expect(partyFormHint(party)).toBe('Paid online for 3 people: you can change the names, not the number.');
    expect(canEditParty(mine(2, '2030-06-01T16:00:00.000Z', { payment: paid }))).toBe(false);
    expect(partyFormHint(mine(3, '2030-06-01T16:00:00.000Z'))).toBe(
      'Up to 8 people, you included. Each has a seat.',
    );
  });

  it('says before saving that a seated party cannot grow past the seats left; a waitlisted one can', () => {
    const seated = mine(1, '2030-06-01T16:00:00.000Z', { partySize: 2, party: ['Ben'] });
    seated.event = { ...seated.event, seatsLeft: 1 };
    expect(partyChangeNotes(seated, 3)).toEqual([]);
    expect(partyChangeNotes(seated, 4)).toEqual(['Only 1 more can join: the walk has one seat left.']);
    const waiting = { ...seated, status: 'waitlisted' as const, waitlistPosition: 1 };
    expect(partyChangeNotes(waiting, 4)).toEqual([]);
    seated.event = { ...seated.event, seatsLeft: 0, capacity: 4 };
    expect(partyChangeNotes(seated, 3)).toEqual(['The walk is full, so nobody more can join your party.']);
    expect(partyChangeNotes(seated, 5)).toEqual([
      'This walk takes 4 people in all: a party of 5 cannot come.',
    ]);
  });

  it('says what a party paying on the day will pay', () => {
    const paying = mine(1, '2030-06-01T16:00:00.000Z', {
      status: 'pending_payment',
      partySize: 2,
      party: ['Ben'],
    });
    paying.event = { ...paying.event, price: 25 };
    expect(partyChangeNotes(paying, 2)).toEqual(['Paid on the day at check-in: 2 × $25.00 = $50.00.']);
  });
});
