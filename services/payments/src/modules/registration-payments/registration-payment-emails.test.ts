import { describe, expect, it } from 'vitest';
import {
  type RegistrationWording,
  registrationAuditLabel,
  registrationCancelledMessage,
  registrationRefundAlreadyMessage,
  registrationRefundAuditSummary,
  registrationRefundEmail,
  registrationRefundRequestedMessage,
} from './registration-payment-emails';

const own: RegistrationWording = {
  asker: 'registrant',
  title: 'Sunrise Walk',
  registrant: 'ada',
  promoted: 1,
};
const admin: RegistrationWording = { ...own, asker: 'admin' };
const stripe = { amount: '25.00', provider: 'stripe', manual: false, testMode: false };
const coinbase = { amount: '25.00', provider: 'coinbase', manual: true, testMode: false };

describe("a registration's Cancel and refund wording", () => {
  it('tells the registrant how their money comes back', () => {
    expect(registrationRefundRequestedMessage(own, stripe)).toBe(
      'Your registration for Sunrise Walk is cancelled. Your payment of $25.00 will be refunded through Stripe to the card or account you paid with, usually within 5 to 10 business days.',
    );
    expect(registrationRefundRequestedMessage(own, coinbase)).toMatch(
      /^Your registration for Sunrise Walk is cancelled\. Crypto payments cannot be refunded automatically/,
    );
    expect(registrationRefundAlreadyMessage(own, stripe, 'requested')).toBe(
      'Your registration for Sunrise Walk is cancelled; the refund of your payment of $25.00 is already on its way.',
    );
    expect(registrationRefundAlreadyMessage(own, stripe, 'failed')).toMatch(/but Stripe refused to refund/);
    expect(registrationCancelledMessage(own)).toBe('Your registration for Sunrise Walk is cancelled.');
  });

  it("tells an admin in the order's words, naming the registrant and the seat given", () => {
    expect(registrationRefundRequestedMessage(admin, stripe)).toBe(
      "Cancelled ada's registration for Sunrise Walk. The refund of $25.00 is on its way through Stripe. Their seat went to the next person on the waitlist.",
    );
    expect(registrationRefundAlreadyMessage({ ...admin, promoted: 0 }, stripe, 'manual')).toBe(
      "ada's registration for Sunrise Walk is cancelled; its payment of $25.00 is recorded for a manual refund.",
    );
    expect(registrationCancelledMessage({ ...admin, promoted: 0 })).toBe(
      "Cancelled ada's registration for Sunrise Walk.",
    );
  });

  it('records who asked and how the money comes back', () => {
    expect(registrationAuditLabel(34, 'Sunrise Walk', true)).toBe(
      'Registration #34 for "Sunrise Walk" (test mode)',
    );
    expect(registrationRefundAuditSummary(admin, stripe)).toBe(
      'Cancelled ada\'s registration for "Sunrise Walk" and refunded $25.00 by Stripe',
    );
    expect(registrationRefundAuditSummary({ ...own, asker: 'guest' }, coinbase)).toBe(
      'Cancelled ada\'s registration for "Sunrise Walk" at their request (their e-mail\'s link); its $25.00 crypto payment is to be refunded by hand',
    );
  });

  it("e-mails the payer, with an admin's reason", () => {
    const mail = registrationRefundEmail({
      to: 'ada@example.com',
      name: 'Ada',
      wording: admin,
      refund: stripe,
      reason: 'The trail is closed',
    });
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Registration cancelled and refunded: Sunrise Walk',
    });
    expect(mail.text).toContain(
      'Your registration for Sunrise Walk has been cancelled. Reason: The trail is closed',
    );
    expect(mail.text).toContain('Your payment of $25.00 has been refunded through Stripe');
    const manual = registrationRefundEmail({
      to: 'a@example.com',
      name: null,
      wording: own,
      refund: coinbase,
      reason: null,
    });
    expect(manual.subject).toBe('Registration cancelled: your refund for Sunrise Walk');
    expect(manual.text).toMatch(/^Hello,\n\nYour registration for Sunrise Walk has been cancelled\.\n/);
  });
});
