import { type Ticket, ticketPath } from '@jesus-walks/contracts/check-in';
import { notFound } from '@jesus-walks/service-kit/errors';
import { type ContentDeps, siteUrl } from '../../deps';
import { findEventWithSeats } from '../events/event-seats.service';
import { findRegistrationById } from '../registrations/registrations.service';
import { ticketQrSvg, verifyTicketToken } from './walk-ticket';

/** A guest's first name as they gave it ("Mary Ann Smith" -> "Mary"). */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * GET /api/tickets/:token: the ticket page's content. The signed token is the only key, like a
 * paper ticket: it shows the walk, a first name and the QR code, nothing a finder could misuse (no
 * e-mail, no surname). A forged token and an unknown registration are the same 404.
 */
export async function getTicket(deps: ContentDeps, token: string, requestId: string): Promise<Ticket> {
  const registrationId = verifyTicketToken(deps, token);
  const row = registrationId === null ? undefined : await findRegistrationById(deps, registrationId);
  if (!row || row.status === 'held') throw notFound('This ticket is not valid.');
  const event = await findEventWithSeats(deps, row.eventId);
  if (!event) throw notFound('This ticket is not valid.');
  const member = row.userId === null ? null : await deps.members.find(row.userId, requestId);
  const firstName = row.userId === null ? firstNameOf(row.guestName ?? '') : (member?.username ?? 'Walker');
  const now = new Date();
  return {
    walk: {
      id: event.id,
      title: event.title,
      date: event.date.toISOString(),
      location: event.location,
      isCancelled: event.cancelledAt !== null,
      isPast: event.date <= now,
    },
    firstName: firstName || 'Walker',
    partySize: row.partySize,
    status: row.status,
    amountDue: row.status === 'pending_payment' && row.paymentId === null ? event.price * row.partySize : 0,
    checkedIn: row.checkedInAt !== null,
    // The QR code says the address this ticket was opened at (the same token, the same code).
    qrSvg: await ticketQrSvg(siteUrl(deps, ticketPath(token))),
  };
}
