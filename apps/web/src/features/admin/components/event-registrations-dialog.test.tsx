import type { AdminRegistration } from '@jesus-walks/contracts/events';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RegistrationStatusCell } from './event-registrations-dialog';

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
  walkIn: false,
  waiver: null,
  emergency: null,
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
