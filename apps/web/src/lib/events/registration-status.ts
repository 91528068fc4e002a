import type { MyRegistration, Registration } from '@jesus-walks/contracts/events';
import { formatPrice } from '@/lib/format';

/** "Confirmed", "Seat reserved: pay on the day", "Waitlisted (number 2)". */
export function statusLabel(registration: Pick<Registration, 'status' | 'waitlistPosition'>): string {
  switch (registration.status) {
    case 'confirmed':
      return 'Confirmed';
    case 'pending_payment':
      return 'Seat reserved: pay on the day';
    case 'waitlisted':
      return registration.waitlistPosition
        ? `Waitlisted (number ${registration.waitlistPosition})`
        : 'Waitlisted';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** What cancelling a member's registration does, said before they confirm. */
export function cancelConsequence(registration: Pick<MyRegistration, 'status' | 'payment'>): string {
  if (registration.status === 'waitlisted') return 'You will lose your place in line.';
  const seat = 'Your seat will go to the next person on the waitlist.';
  if (registration.payment?.refundable) {
    return `${seat} The ${formatPrice(registration.payment.amount)} you paid will be refunded in full, the way you paid.`;
  }
  if (registration.payment && !registration.payment.refunded) {
    // The walk's refund deadline has passed (its cancellation policy): cancelling keeps the money.
    return `${seat} The walk's refund deadline has passed, so the ${formatPrice(registration.payment.amount)} you paid will not be refunded.`;
  }
  return seat;
}
