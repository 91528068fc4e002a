import { describe, expect, it } from 'vitest';
import { cancelConsequence, statusLabel } from './registration-status';

describe('statusLabel', () => {
  it('names each status', () => {
    expect(statusLabel({ status: 'confirmed', waitlistPosition: null })).toBe('Confirmed');
    expect(statusLabel({ status: 'waitlisted', waitlistPosition: 2 })).toBe('Waitlisted (number 2)');
    expect(statusLabel({ status: 'pending_payment', waitlistPosition: null })).toBe(
      'Seat reserved: pay on the day',
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
});
