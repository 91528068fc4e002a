import { walkMapUrl } from '@jesus-walks/contracts/constants';
import type { MeetingPoint } from '@jesus-walks/contracts/events';
import { listInWords } from '@jesus-walks/contracts/words';
import type { MailAttachment, MailMessage } from '@jesus-walks/service-kit/mailer';
import type { RegistrationStatusColumn } from '../../db/database';
import { formatEventDateTime } from '../../lib/event-time';
import { simpleHtml } from '../mail/notifier';
import type { TicketForMail } from '../tickets/walk-ticket';

export interface EventForMail {
  title: string;
  date: Date;
  location: string;
  /** Whole dollars, 0 = free. */
  price: number;
  /** The meeting point on the map, when the walk has one. */
  meetingPoint?: MeetingPoint | null;
}

export interface Recipient {
  name: string;
  email: string;
}

type SeatStatus = 'confirmed' | 'pending_payment' | 'waitlisted';

/** 'you, Ben and Cara (3 people)': who a registration brings (decision 041). */
export function partyLine(party: readonly string[]): string | null {
  if (party.length === 0) return null;
  return `${listInWords(['you', ...party])} (${party.length + 1} people)`;
}

function details(
  event: EventForMail,
  options: { amountPaid?: string; party?: readonly string[] } = {},
): string[] {
  const party = options.party ?? [];
  const seats = 1 + party.length;
  const price = options.amountPaid
    ? [`Paid: $${options.amountPaid} at checkout (keep this e-mail as your receipt)`]
    : event.price > 0
      ? [
          seats === 1
            ? `Price: $${event.price}.00, paid on the day at check-in (cash or card)`
            : `Price: $${event.price * seats}.00 ($${event.price}.00 each), paid on the day at check-in (cash or card)`,
        ]
      : [];
  const who = partyLine(party);
  return [
    `When: ${formatEventDateTime(event.date)}`,
    `Where: ${event.location}`,
    ...(who ? [`Who: ${who}`] : []),
    ...price,
  ];
}

/** A registrant's e-mail in the site's words: the greeting, the paragraphs, one action at most. */
export function message(
  to: Recipient,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  ticket?: TicketForMail,
): MailMessage {
  const all = [`Hi ${to.name},`, ...paragraphs];
  const text = [
    ...all,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(ticket ? [`Your ticket (show its QR code at check-in): ${ticket.url}`] : []),
    'Jesus Walks',
  ].join('\n\n');
  return {
    to: to.email,
    subject,
    text,
    html: simpleHtml({
      paragraphs: all,
      ...(action ? { action } : {}),
      ...(ticket ? { ticket: { url: ticket.url, cid: ticket.qr.cid ?? '' } } : {}),
      footer: 'Jesus Walks · Napa, CA',
    }),
  };
}

/**
 * A seat's e-mail with its ticket (decision 040): the link in the text, the QR code inline in the
 * HTML (its PNG attached with a content id), beside any other attachment (the walk's .ics).
 */
export function withTicket(mail: MailMessage, ticket: TicketForMail | undefined): MailMessage {
  if (!ticket) return mail;
  return { ...mail, attachments: [...(mail.attachments ?? []), ticket.qr] };
}

/**
 * Sent right after registering: a seat, a seat to pay for on the day, or a place on the waitlist.
 * A seat's confirmation carries the walk's .ics (`calendar`, from calendar.service.ts); a place on
 * the waitlist is not a seat yet.
 */
export function registrationEmail(
  options: Parameters<typeof registrationMessage>[0] & { calendar?: MailAttachment },
): MailMessage {
  const mail = registrationMessage(options);
  const seat = options.status !== 'waitlisted';
  return withTicket(
    options.calendar && seat ? { ...mail, attachments: [options.calendar] } : mail,
    seat ? options.ticket : undefined,
  );
}

function registrationMessage(options: {
  to: Recipient;
  event: EventForMail;
  status: SeatStatus;
  waitlistPosition: number | null;
  eventUrl: string;
  /** A guest's signed cancellation link; members cancel from the event page. */
  cancelUrl: string | null;
  /** Paid through checkout (2 decimals): the confirmation is also the receipt. */
  amountPaid?: string;
  /** A seat's ticket (decision 040); never a place on the waitlist's. */
  ticket?: TicketForMail;
  /** The others the registrant brings (decision 041). */
  party?: readonly string[];
}): MailMessage {
  const { event, status } = options;
  const party = options.party ?? [];
  const ticket = status === 'waitlisted' ? undefined : options.ticket;
  if (status === 'confirmed' && options.amountPaid) {
    return message(
      options.to,
      `You're registered: ${event.title} (paid $${options.amountPaid})`,
      [
        `Thank you: we received your payment of $${options.amountPaid} and your seat on ${event.title} is confirmed. This e-mail is your receipt.`,
        details(event, { amountPaid: options.amountPaid, party }).join('\n'),
        'Bring water, sturdy shoes and a layer for the morning chill. We start with a short prayer at the meeting point.',
        options.cancelUrl
          ? `Can't come after all? Cancel before the walk starts and your $${options.amountPaid} is refunded in full: ${options.cancelUrl}`
          : `Can't come after all? Cancel from the event page or from My walks in your account before the walk starts, and your $${options.amountPaid} is refunded in full.`,
      ],
      { label: 'View the event', url: options.eventUrl },
      ticket,
    );
  }
  const cancelLine = options.cancelUrl
    ? `Can't come after all? Cancel here, so that someone else can take your place: ${options.cancelUrl}`
    : "Can't come after all? Cancel from the event page, so that someone else can take your place.";
  if (status === 'waitlisted') {
    return message(
      options.to,
      `You're on the waitlist: ${event.title}`,
      [
        party.length > 0
          ? `${event.title} has not enough seats left for your party of ${party.length + 1}, so we have put you on the waitlist together${options.waitlistPosition ? ` (number ${options.waitlistPosition} in line)` : ''}. When seats open up for all of you, they are yours and we will e-mail you straight away.`
          : `${event.title} is full, so we have put you on the waitlist${options.waitlistPosition ? ` (number ${options.waitlistPosition} in line)` : ''}. If a seat opens up, it goes to the next in line and we will e-mail you straight away.`,
        details(event, { party }).join('\n'),
        cancelLine,
      ],
      { label: 'View the event', url: options.eventUrl },
    );
  }
  const seats = party.length + 1;
  const due = event.price * seats;
  const intro =
    status === 'pending_payment'
      ? `${seats === 1 ? 'Your seat' : `Your ${seats} seats`} on ${event.title} ${seats === 1 ? 'is' : 'are'} reserved. The price is $${due}.00, paid on the day at check-in.`
      : seats === 1
        ? `You have a seat on ${event.title}. We look forward to walking with you!`
        : `You have ${seats} seats on ${event.title}. We look forward to walking with you all!`;
  return message(
    options.to,
    status === 'pending_payment'
      ? `${seats === 1 ? 'Seat' : `${seats} seats`} reserved: ${event.title} ($${due}.00 due on the day)`
      : `You're registered: ${event.title}`,
    [
      intro,
      details(event, { party }).join('\n'),
      'Bring water, sturdy shoes and a layer for the morning chill. We start with a short prayer at the meeting point.',
      cancelLine,
    ],
    { label: 'View the event', url: options.eventUrl },
    ticket,
  );
}

/** Sent when a seat frees up and the next on the waitlist takes it. */
export function promotionEmail(options: {
  to: Recipient;
  event: EventForMail;
  status: 'confirmed' | 'pending_payment';
  eventUrl: string;
  cancelUrl: string | null;
  ticket?: TicketForMail;
  /** The others the registrant brings (decision 041): seated together. */
  party?: readonly string[];
}): MailMessage {
  const { event } = options;
  const party = options.party ?? [];
  const seats = party.length + 1;
  const mail = message(
    options.to,
    seats === 1 ? `A seat opened up: ${event.title}` : `Seats opened up: ${event.title}`,
    [
      `${seats === 1 ? `Good news: a seat opened up on ${event.title} and it is yours.` : `Good news: seats opened up on ${event.title} for all ${seats} of you, and they are yours.`}${options.status === 'pending_payment' ? ` The price is $${event.price * seats}.00, paid on the day at check-in.` : ''}`,
      details(event, { party }).join('\n'),
      options.cancelUrl
        ? `If you can no longer come, please cancel so the next person can have it: ${options.cancelUrl}`
        : 'If you can no longer come, please cancel from the event page so the next person can have it.',
    ],
    { label: 'View the event', url: options.eventUrl },
    options.ticket,
  );
  return withTicket(mail, options.ticket);
}

/** Confirms a cancellation (by the registrant or an admin). */
export function registrationCancelledEmail(options: {
  to: Recipient;
  event: EventForMail;
  eventUrl: string;
  /** What was paid at checkout and is refunded with the cancellation (payments writes how). */
  refunded?: string;
  /** What was paid at checkout and is not refunded: cancelled after the walk's refund deadline. */
  forfeited?: string;
}): MailMessage {
  const money = options.refunded
    ? ` The $${options.refunded} you paid online is being refunded in full.`
    : options.forfeited
      ? ` It was cancelled after the walk's refund deadline, so the $${options.forfeited} you paid is not refunded.`
      : '';
  return message(
    options.to,
    `Registration cancelled: ${options.event.title}`,
    [
      `Your registration for ${options.event.title} (${formatEventDateTime(options.event.date)}) is cancelled.${money} We hope to walk with you another time.`,
    ],
    { label: 'See our other events', url: options.eventUrl.replace(/\/events\/\d+$/, '/events') },
  );
}

/**
 * What a cancelled walk means for one registrant's money: a seat paid online is refunded in full
 * (payments writes again once the refund is on its way, saying how it comes back); a seat to be
 * paid on the day, or a place on a paid walk's waitlist, was never charged.
 */
function cancelledWalkMoneyLine(
  event: EventForMail,
  status: RegistrationStatusColumn,
  refunded: string | null,
): string {
  if (refunded) {
    return `The $${refunded} you paid online is being refunded in full: you will get a second e-mail when the refund is on its way. There is nothing for you to do.`;
  }
  if (event.price > 0 && (status === 'pending_payment' || status === 'waitlisted')) {
    return 'Nothing was charged for this walk, so there is nothing for you to do.';
  }
  return 'There is nothing for you to do.';
}

/** Sent to every registrant and waitlisted person when an admin cancels the event. */
export function eventCancelledEmail(options: {
  to: Recipient;
  event: EventForMail;
  eventsUrl: string;
  status: RegistrationStatusColumn;
  /** What was paid online for the seat, refunded with the cancellation (null: nothing). */
  refunded: string | null;
}): MailMessage {
  return message(
    options.to,
    `Cancelled: ${options.event.title}`,
    [
      `We are sorry: ${options.event.title}, planned for ${formatEventDateTime(options.event.date)} at ${options.event.location}, has been cancelled.`,
      cancelledWalkMoneyLine(options.event, options.status, options.refunded),
      'We would love to see you on another walk soon.',
    ],
    { label: 'See our other events', url: options.eventsUrl },
  );
}

/**
 * Sent to every registrant and waitlisted person when the date, the meeting place or its point on
 * the map changes.
 */
export function eventChangedEmail(options: {
  to: Recipient;
  event: EventForMail;
  previous: { date: Date; location: string; meetingPoint?: MeetingPoint | null };
  eventUrl: string;
  cancelUrl: string | null;
}): MailMessage {
  const { event, previous } = options;
  const point = event.meetingPoint ?? null;
  const pointBefore = previous.meetingPoint ?? null;
  const pointMoved = point?.latitude !== pointBefore?.latitude || point?.longitude !== pointBefore?.longitude;
  const changes = [
    ...(previous.date.getTime() !== event.date.getTime()
      ? [`The date is now ${formatEventDateTime(event.date)} (was ${formatEventDateTime(previous.date)}).`]
      : []),
    ...(previous.location !== event.location
      ? [`We now meet at ${event.location} (was ${previous.location}).`]
      : []),
    ...(pointMoved && point ? [`The meeting point on the map: ${walkMapUrl(point)}`] : []),
  ];
  return message(
    options.to,
    `Updated details: ${event.title}`,
    [
      `The details of ${event.title} have changed.`,
      changes.join('\n'),
      options.cancelUrl
        ? `If you can no longer come, please cancel so someone else can take your place: ${options.cancelUrl}`
        : 'If you can no longer come, please cancel from the event page so someone else can take your place.',
    ],
    { label: 'View the event', url: options.eventUrl },
  );
}
