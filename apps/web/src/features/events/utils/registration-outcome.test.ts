import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { registrationFailure, registrationOutcome } from './registration-outcome';

const registration = { id: 1, eventId: 2, createdAt: '2030-01-01T00:00:00Z', partySize: 1, party: [] };
const party = { ...registration, partySize: 3, party: ['Ben', 'Cara'] };

describe('registrationOutcome', () => {
  it('tells a confirmed, a paying and a waitlisted registrant what happened', () => {
    expect(
      registrationOutcome({ ...registration, status: 'confirmed', waitlistPosition: null }, 0),
    ).toMatchObject({
      tone: 'success',
      title: "You're registered!",
    });
    expect(
      registrationOutcome({ ...registration, status: 'pending_payment', waitlistPosition: null }, 25)
        .description,
    ).toContain('$25.00, paid on the day');
    expect(
      registrationOutcome({ ...registration, status: 'waitlisted', waitlistPosition: 3 }, 0).description,
    ).toContain('number 3 in line');
  });

  it('says the words of a party of one as they always were', () => {
    expect(registrationOutcome({ ...registration, status: 'confirmed', waitlistPosition: null }, 0)).toEqual({
      tone: 'success',
      title: "You're registered!",
      description: "Your seat is saved and we've e-mailed you the details. See you on the trail!",
    });
  });

  it('counts the people of a party: its seats, its price on the day, its place in line', () => {
    const seated = registrationOutcome({ ...party, status: 'confirmed', waitlistPosition: null }, 0);
    expect(seated.title).toBe("You're registered, 3 people.");
    expect(seated.description).toContain('Your 3 seats are saved (you, Ben and Cara)');
    const paying = registrationOutcome({ ...party, status: 'pending_payment', waitlistPosition: null }, 25);
    expect(paying.description).toContain('$25.00 per person, $75.00 for the 3 of you, paid on the day');
    const waiting = registrationOutcome({ ...party, status: 'waitlisted', waitlistPosition: 2 }, 0);
    expect(waiting).toMatchObject({ tone: 'info', title: "You're on the waitlist, 3 people." });
    expect(waiting.description).toContain('your party waits in line together, number 2 in line');
  });
});

describe('registrationFailure', () => {
  it('reads already registered, closed and invalid answers', () => {
    const conflict = new ApiError(409, 'Conflict', {
      message: 'This e-mail address is already registered for this event.',
    });
    expect(registrationFailure(conflict)).toEqual({
      tone: 'info',
      title: "You're already registered",
      description: 'This e-mail address is already registered for this event.',
    });
    const closed = new ApiError(422, 'Unprocessable Entity', {
      message: 'This event has already taken place, so registration is closed.',
    });
    expect(registrationFailure(closed)).toMatchObject({ title: 'Registration is closed' });
    expect(registrationFailure(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Registration failed',
    });
  });
  it('asks to read the waiver again when it changed since the form was opened', () => {
    const changed = new ApiError(409, 'Conflict', {
      code: 'waiver_changed',
      message:
        'The waiver was updated (it is now version 3) since you opened this page. Please read the current waiver and accept it again.',
    });
    expect(registrationFailure(changed)).toEqual({
      tone: 'info',
      title: 'The waiver has changed',
      description:
        'The waiver was updated (it is now version 3) since you opened this page. Please read the current waiver and accept it again.',
    });
  });
});
