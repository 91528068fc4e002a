import type { MyRegistration, Registration } from '@jesus-walks/contracts/events';
import { formatPrice } from '@/lib/format';

/** "Confirmed", "Seat reserved: pay on the day", "Waitlisted (number 2)". */
export function statusLabel(
  registration: Pick<Registration, 'status' | 'waitlistPosition'> & { partySize?: number },
): string {
  switch (registration.status) {
    case 'confirmed':
      return 'Confirmed';
    case 'pending_payment':
      return (registration.partySize ?? 1) > 1
        ? 'Seats reserved: pay on the day'
        : 'Seat reserved: pay on the day';
    case 'waitlisted':
      return registration.waitlistPosition
        ? `Waitlisted (number ${registration.waitlistPosition})`
        : 'Waitlisted';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** What cancelling a member's registration does (for their whole party), said before they confirm. */
export function cancelConsequence(
  registration: Pick<MyRegistration, 'status' | 'payment'> & { partySize?: number },
): string {
  const party = (registration.partySize ?? 1) > 1 ? registration.partySize : null;
  if (registration.status === 'waitlisted') {
    return party ? 'Your party will lose its place in line.' : 'You will lose your place in line.';
  }
  const seat = party
    ? `Your party's ${party} seats will go to the waitlist.`
    : 'Your seat will go to the next person on the waitlist.';
  if (registration.payment?.refundable) {
    return `${seat} The ${formatPrice(registration.payment.amount)} you paid will be refunded in full, the way you paid.`;
  }
  if (registration.payment && !registration.payment.refunded) {
    // The walk's refund deadline has passed (its cancellation policy): cancelling keeps the money.
    return `${seat} The walk's refund deadline has passed, so the ${formatPrice(registration.payment.amount)} you paid will not be refunded.`;
  }
  return seat;
}
