import { describe, expect, it } from 'vitest';
import { cancelConsequence, statusLabel } from './registration-status';

describe('statusLabel', () => {
  it('names each status', () => {
    expect(statusLabel({ status: 'confirmed', waitlistPosition: null })).toBe('Confirmed');
    expect(statusLabel({ status: 'waitlisted', waitlistPosition: 2 })).toBe('Waitlisted (number 2)');
    expect(statusLabel({ status: 'pending_payment', waitlistPosition: null })).toBe(
      'Seat reserved: pay on the day',
    );
    expect(statusLabel({ status: 'pending_payment', waitlistPosition: null, partySize: 3 })).toBe(
      'Seats reserved: pay on the day',
    );
  });
});

describe('cancelConsequence', () => {
  const paid = { amount: '25.00', testMode: false, refundable: true, refunded: false };

  it('says what a member loses, and what comes back when they paid online', () => {
    expect(cancelConsequence({ status: 'waitlisted', payment: null })).toBe(
      'You will lose your place in line.',
    );
    expect(cancelConsequence({ status: 'confirmed', payment: null })).toBe(
      'Your seat will go to the next person on the waitlist.',
    );
    expect(cancelConsequence({ status: 'confirmed', payment: paid })).toBe(
      'Your seat will go to the next person on the waitlist. The $25.00 you paid will be refunded in full, the way you paid.',
    );
  });

  it("says so when the walk's refund deadline has passed, and promises nothing once refunded", () => {
    expect(cancelConsequence({ status: 'confirmed', payment: { ...paid, refundable: false } })).toBe(
      "Your seat will go to the next person on the waitlist. The walk's refund deadline has passed, so the $25.00 you paid will not be refunded.",
    );
    expect(
      cancelConsequence({ status: 'confirmed', payment: { ...paid, refundable: false, refunded: true } }),
    ).toBe('Your seat will go to the next person on the waitlist.');
  });

  it("speaks of the party's seats and place in line: the party goes together", () => {
    expect(cancelConsequence({ status: 'waitlisted', payment: null, partySize: 3 })).toBe(
      'Your party will lose its place in line.',
    );
    expect(cancelConsequence({ status: 'confirmed', payment: paid, partySize: 3 })).toBe(
      "Your party's 3 seats will go to the waitlist. The $25.00 you paid will be refunded in full, the way you paid.",
    );
  });
});
