import type { AdminRegistration } from '@jesus-walks/contracts/events';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cancelQuestion, PartyNote, RegistrationStatusCell } from './event-registrations-dialog';

const seat: AdminRegistration = {
  id: 7,
  status: 'confirmed',
  waitlistPosition: null,
  name: 'Ruth Miller',
  email: 'ruth@example.com',
  userId: null,
  isGuest: true,
  createdAt: '2030-04-01T19:00:00.000Z',
  cancelledAt: null,
  amountPaid: null,
  testMode: false,
  attendance: null,
  checkedInAt: null,
  checkedInBy: null,
  checkedInPeople: 0,
  walkIn: false,
  waiver: null,
  emergency: null,
  partySize: 1,
  party: [],
};

describe('a registration in the admin list', () => {
  it('says what a seat paid at checkout cost and marks one the sandbox paid', () => {
    const paid = renderToStaticMarkup(
      <RegistrationStatusCell registration={{ ...seat, amountPaid: '25.00' }} />,
    );
    expect(paid).toContain('Confirmed');
    expect(paid).toContain('Paid $25.00');
    expect(paid).not.toContain('Test mode');

    const sandbox = renderToStaticMarkup(
      <RegistrationStatusCell registration={{ ...seat, amountPaid: '25.00', testMode: true }} />,
    );
    expect(sandbox).toContain('Paid $25.00');
    expect(sandbox).toContain('Test mode');

    const free = renderToStaticMarkup(<RegistrationStatusCell registration={seat} />);
    expect(free).not.toContain('Paid');
    expect(free).not.toContain('Test mode');
  });
});

describe('a party in the admin list (decision 041)', () => {
  it('shows who comes with the registrant under their name, and nothing for one who comes alone', () => {
    const party = renderToStaticMarkup(
      <PartyNote registration={{ ...seat, partySize: 3, party: ['Ben Miller', 'Cara Miller'] }} />,
    );
    expect(party).toContain('data-party-size="3"');
    expect(party).toContain('Party of 3: </span>+2: Ben Miller, Cara Miller');
    expect(renderToStaticMarkup(<PartyNote registration={seat} />)).toBe('');
  });

  it("asks before cancelling a party's seats, and words one person's as before", () => {
    expect(cancelQuestion(seat)).toBe(
      "Cancel Ruth Miller's registration? They are told by e-mail, and their seat goes to the next person on the waitlist.",
    );
    expect(cancelQuestion({ ...seat, partySize: 3, amountPaid: '75.00' })).toBe(
      "Cancel Ruth Miller's registration? They are told by e-mail, and their party of 3's seats go to the waitlist. The $75.00 they paid online is refunded in full.",
    );
  });
});
