import { ticketPath } from '@jesus-walks/contracts/check-in';
import type { MailAttachment } from '@jesus-walks/service-kit/mailer';
import QRCode from 'qrcode';
import { type ContentDeps, siteUrl } from '../../deps';

/*
 * A walk ticket (decision 040): the registration's id signed under its own purpose ('walk-ticket'),
 * so the QR code carries no personal data and cannot be made up. It says the ticket's address on
 * the site: a leader's scanner takes the token from it, and any phone's camera opens the ticket.
 * No SQL and no other module here: the registrations module's e-mails use it too.
 */

/** The content id of the QR code shown inside a confirmation e-mail (`<img src="cid:...">`). */
export const TICKET_QR_CID = 'walk-ticket-qr@jesuswalks';

/** A registration's ticket token (it does not expire: the ticket holds until the walk). */
export function ticketTokenFor(deps: Pick<ContentDeps, 'links'>, registrationId: number): string {
  return deps.links.sign('walk-ticket', registrationId);
}

/** The registration a ticket's token names, or null when it is forged or malformed. */
export function verifyTicketToken(deps: Pick<ContentDeps, 'links'>, token: string): number | null {
  return deps.links.verify('walk-ticket', token);
}

/** The ticket's page on the site: what the QR code says. */
export function ticketUrlFor(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  registrationId: number,
): string {
  return siteUrl(deps, ticketPath(ticketTokenFor(deps, registrationId)));
}

/**
 * Error correction M (15%) and a four-module quiet zone: reads from a phone screen in sunlight,
 * slightly crumpled on paper, or through a cracked screen protector.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The QR code as an SVG document, drawn on the server (the page needs no QR library). */
export async function ticketQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

/**
 * The QR code as a PNG shown inside the confirmation e-mail: clients block data: URLs and SVG, and
 * often remote images, but show an inline (cid) image. About 1-2 KB in the mail job's data.
 */
export async function ticketQrAttachment(url: string): Promise<MailAttachment> {
  const png = await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 240 });
  return {
    filename: 'ticket-qr.png',
    contentType: 'image/png',
    content: png.toString('base64'),
    encoding: 'base64',
    cid: TICKET_QR_CID,
  };
}

/** What a confirmation e-mail carries for the ticket: its link and its QR code inline. */
export interface TicketForMail {
  url: string;
  qr: MailAttachment;
}

export async function ticketForMail(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  registrationId: number,
): Promise<TicketForMail> {
  const url = ticketUrlFor(deps, registrationId);
  return { url, qr: await ticketQrAttachment(url) };
}
