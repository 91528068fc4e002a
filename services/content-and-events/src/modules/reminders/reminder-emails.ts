import { VALLEY_TIME_ZONE, walkMapUrl } from '@jesus-walks/contracts/constants';
import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import type { WalkReminderKind } from '../../db/database';
import { formatEventDateTime } from '../../lib/event-time';
import { meetingPointOf } from '../events/event-seats.service';
import { message, partyLine, type Recipient } from '../registrations/registration-emails';
import type { DueReminder } from './reminders.repository';

const dayOfWalk = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const timeOfWalk = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** What the walker needs on the way: when, where (with the map), what it costs, what to bring, whom to call. */
function walkFacts(reminder: DueReminder): string[] {
  const meetingPoint = meetingPointOf(reminder) ?? reminder.location;
  const money =
    reminder.amountPaid !== null
      ? [`Paid: $${reminder.amountPaid} at checkout`]
      : reminder.price > 0 && reminder.status === 'pending_payment'
        ? [
            `Price: $${reminder.price * (1 + reminder.partyNames.length)}.00, paid on the day at check-in (cash or card)`,
          ]
        : [];
  const who = partyLine(reminder.partyNames);
  return [
    [
      `When: ${formatEventDateTime(reminder.date)}`,
      `Where: ${reminder.location}`,
      `Map: ${walkMapUrl(meetingPoint)}`,
      ...(who ? [`Who: ${who}`] : []),
      ...money,
    ].join('\n'),
    ...(reminder.whatToBring ? [`What to bring: ${reminder.whatToBring}`] : []),
    ...(reminder.leaderContactName || reminder.leaderContactPhone
      ? [
          `On the day, your leader is ${[reminder.leaderContactName, reminder.leaderContactPhone].filter(Boolean).join(', ')}: call or text if you are running late or cannot find us.`,
        ]
      : []),
  ];
}

/**
 * A walk reminder: two days before (or as the walk sets it), and on the morning of the walk. With
 * everything needed on the day and the way to give the seat back: a guest's signed cancellation
 * link (which refunds a seat paid online), a member's walks on their account page.
 */
export function reminderEmail(options: {
  to: Recipient;
  kind: WalkReminderKind;
  reminder: DueReminder;
  eventUrl: string;
  /** A guest's signed link; null for a member (cancelUrlOfMember). */
  cancelUrl: string | null;
  accountWalksUrl: string;
}): MailMessage {
  const { reminder } = options;
  const cancel = `If you can no longer come, please cancel so someone else can have your place: ${options.cancelUrl ?? options.accountWalksUrl}`;
  const subject =
    options.kind === 'day'
      ? `Today: ${reminder.title} at ${timeOfWalk.format(reminder.date)}`
      : `Reminder: ${reminder.title} on ${dayOfWalk.format(reminder.date)}`;
  const opening =
    options.kind === 'day'
      ? `Today is the day: ${reminder.title} starts at ${timeOfWalk.format(reminder.date)}. We look forward to walking with you.`
      : `A reminder that ${reminder.title} is coming up on ${dayOfWalk.format(reminder.date)}. We look forward to walking with you.`;
  return message(options.to, subject, [opening, ...walkFacts(reminder), cancel], {
    label: 'View the walk',
    url: options.eventUrl,
  });
}
